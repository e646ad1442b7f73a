import { waitFor } from '@testing-library/react';
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
// The report page's code never arrives (a slow network): its data must not wait for it.
vi.mock('../../../src/features/report/report-page', () => new Promise(() => {}));
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
afterEach(() => forgetSession());

describe('report speed (issue 17 item 9)', () => {
  it('the route asks for the statement and the project while the page code is still loading', async () => {
    // router.load() waits for the page's code, which never comes: the calls must already have left.
    void renderApp(`/questionnaire/report.html?questionId=${questionId}`);
    await waitFor(() => expect(api.current!.callsTo('question/statement/getStatement')).toEqual([{ questionId, filter: undefined }]));
    expect(api.current!.callsTo('activity/question/getWxQuestion')).toEqual([{ questionId }]);
  });
});
