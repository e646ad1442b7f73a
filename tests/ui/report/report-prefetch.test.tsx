import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSession, markSession } from '../../../src/api/token';
import { createFakeApi, project, type TFakeApi } from '../projects/fake-api';
import { renderApp, SAMPLE_USER } from '../render-app';
import { STATEMENT } from './report-fixtures';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
// The report page's code is held back (a slow network): its data must not wait for it. The code (a stand-in page)
// arrives once the test has asserted, or when the test ends, so no import is left pending: the jsdom projects run
// without isolation, and a module that never settles hung the next file that imported it in the same worker.
const pageCode = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrived, arrive: () => arrive() };
});
vi.mock('../../../src/features/report/report-page', async () => {
  await pageCode.arrived;
  return { ReportPage: () => <p>报表页（替身）</p> };
});
vi.mock('../../../src/ui/echarts-setup', () => ({ init: () => ({ setOption: () => {}, resize: () => {}, dispose: () => {} }) }));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

const questionId = STATEMENT.questionId;
beforeEach(() => {
  markSession();
  api.current = createFakeApi({
    'activity/question/getWxQuestion': () => project({ questionId, title: STATEMENT.title, status: 1, dataCount: 4 }),
    'question/statement/getStatement': () => STATEMENT,
  });
});
afterEach(() => {
  pageCode.arrive();
  forgetSession();
});

describe('report speed (issue 17 item 9)', () => {
  it('the route asks for the statement and the project while the page code is still loading', async () => {
    // router.load() waits for the page's code, which has not come: the calls must already have left.
    const rendered = renderApp(`/questionnaire/report.html?questionId=${questionId}`);
    await waitFor(() => expect(api.current!.callsTo('question/statement/getStatement')).toEqual([{ questionId, filter: undefined }]));
    expect(api.current!.callsTo('activity/question/getWxQuestion')).toEqual([{ questionId }]);
    pageCode.arrive();
    await rendered;
    expect(await screen.findByText('报表页（替身）')).toBeInTheDocument();
    expect(api.current!.callsTo('question/statement/getStatement')).toHaveLength(1);
  });
});
