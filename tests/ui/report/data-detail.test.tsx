import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSheetDetail } from '../../../schemas/api/report';
import { forgetSession, markSession } from '../../../src/api/token';
import { createFakeApi, project, type TFakeApi } from '../projects/fake-api';
import { renderApp, SAMPLE_USER } from '../render-app';
import { detailOf, sheets, STATEMENT } from './report-fixtures';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
// echarts draws in the browser (e2e); here a chart is its labelled box.
vi.mock('../../../src/ui/echarts-setup', () => ({ init: () => ({ setOption: () => {}, resize: () => {}, dispose: () => {} }) }));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

const R = 'question/statement/';
const questionId = STATEMENT.questionId;
const ALL = sheets(250);

// jsdom has no layout: give scroll boxes a 1200 × 600 viewport so the virtualiser has something to fill.
const box = { width: 1200, height: 600 };
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => box.height });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => box.width });
});
afterAll(() => {
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
});

const sheetDetail = (sheetId: string): TSheetDetail => ({
  sheetId,
  createTime: '2025-05-01T08:00:00.000Z',
  durationSeconds: 75,
  source: 'link',
  suspect: false,
  suspectReason: null,
  status: 1,
  score: 5,
  maxScore: 5,
  ip: '127.0.0.1',
  answers: [{ uuid: 's-exam', index: 7, title: '1+1=?', subjectType: 1, text: '2', score: 5, maxScore: 5 }],
  prevSheetId: 'sheet-000011',
  nextSheetId: 'sheet-000013',
});

beforeEach(() => {
  markSession();
  api.current = createFakeApi({
    'activity/question/getWxQuestion': () => project({ questionId, title: STATEMENT.title, questionType: 2, status: 1, dataCount: ALL.length }),
    [`${R}getStatement`]: () => STATEMENT,
    [`${R}getDataDetail`]: detailOf(ALL),
    [`${R}getAnswerSheetDetail`]: (body) => sheetDetail(String(body.sheetId)),
  });
});
afterEach(() => forgetSession());

const detailCalls = () => api.current!.callsTo(`${R}getDataDetail`);

describe('data detail (virtualised, keyset pages)', () => {
  it('renders only the rows in view, loads the next page near the end, and sorts on the server', async () => {
    const user = userEvent.setup();
    await renderApp(`/questionnaire/report.html?questionId=${questionId}`);
    await user.click(await screen.findByRole('tab', { name: '数据详情' }));
    const table = await screen.findByTestId('data-detail');
    expect(detailCalls()[0]).toEqual({ questionId, pageSize: 100, sort: 'createTime', order: 'desc', filter: undefined });
    expect(table).toHaveAttribute('aria-rowcount', '251');
    const rows = () => within(table).getAllByRole('row');
    // Header + the rows in a 600 px viewport and the overscan: far fewer than the 100 loaded.
    expect(rows().length).toBeGreaterThan(10);
    expect(rows().length).toBeLessThan(40);
    expect(rows()[1]).toHaveTextContent('1');
    expect(rows()[1]).toHaveTextContent('41分40秒');
    // 08:04:10 UTC shows as the project's zone (Beijing), as the exported file writes it, whatever the computer's zone.
    expect(rows()[1]).toHaveTextContent('2025-05-01 16:04:10');
    expect(rows()[2]).toHaveTextContent('可疑');
    expect(screen.getByText('已加载 100 / 共 250 份')).toBeInTheDocument();

    // Scroll to the end of the loaded rows: the next page is asked for with the cursor of the first.
    const scroller = table.parentElement!;
    scroller.scrollTop = 100 * 41 - 600;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(detailCalls().map((c) => c.cursor)).toEqual([undefined, '100']));
    await screen.findByText('已加载 200 / 共 250 份');
    // Row 100 (sheet 151, 1,510 s) is in view and carries its place in the whole list.
    expect(table.querySelector('[aria-rowindex="101"]')).toHaveTextContent(/^100.*25分10秒/);

    // Sorting by duration starts a new first page, longest first, then flips.
    await user.click(within(table).getByRole('button', { name: /用时/ }));
    await waitFor(() =>
      expect(detailCalls().find((c) => c.sort === 'duration')).toEqual({ questionId, pageSize: 100, sort: 'duration', order: 'desc', filter: undefined }),
    );
    expect(within(table).getByRole('columnheader', { name: /用时/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(table).getByRole('button', { name: /用时/ }));
    await waitFor(() =>
      expect(detailCalls().find((c) => c.order === 'asc')).toEqual({ questionId, pageSize: 100, sort: 'duration', order: 'asc', filter: undefined }),
    );
    expect(within(table).getByRole('columnheader', { name: /用时/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it("a row opens its sheet with the table's order in the URL; previous / next keep it", async () => {
    const user = userEvent.setup();
    const { router } = await renderApp(`/questionnaire/report.html?questionId=${questionId}`);
    await user.click(await screen.findByRole('tab', { name: '数据详情' }));
    const table = await screen.findByTestId('data-detail');
    await user.click(within(table).getByRole('button', { name: /用时/ }));
    await waitFor(() => expect(detailCalls().at(-1)).toMatchObject({ sort: 'duration', order: 'desc' }));
    await user.click(within(table).getAllByRole('row')[3]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/questionnaire/answerSheetDetail.html'));
    // The sheet page is its own lazily loaded chunk.
    await screen.findByRole('heading', { name: /答卷详情/ }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/questionnaire/answerSheetDetail.html');
    expect(router.state.location.search).toMatchObject({ questionId, sheetId: 'sheet-000248', sort: 'duration', order: 'desc' });
    expect(api.current!.callsTo(`${R}getAnswerSheetDetail`).at(-1)).toEqual({ questionId, sheetId: 'sheet-000248', view: { sort: 'duration', order: 'desc' } });
    const prev = screen.getByRole('link', { name: /上一份/ });
    expect(prev.getAttribute('href')).toContain('sheetId=sheet-000011');
    expect(prev.getAttribute('href')).toContain('sort=duration&order=desc');
  });

  it('the sheet page reads a filter from its URL and sends it with the view', async () => {
    const filter = { sources: ['qr'], suspect: 'exclude' };
    await renderApp(
      `/questionnaire/answerSheetDetail.html?questionId=${questionId}&sheetId=sheet-000012&sort=score&order=asc&filter=${encodeURIComponent(JSON.stringify(filter))}`,
    );
    await screen.findByRole('heading', { name: /答卷详情/ });
    const sent = api.current!.callsTo(`${R}getAnswerSheetDetail`).at(-1)!;
    expect(sent.view).toMatchObject({ sort: 'score', order: 'asc', filter: { sources: ['qr'], suspect: 'exclude' } });
    const next = screen.getByRole('link', { name: /下一份/ }).getAttribute('href')!;
    expect(new URL(next, 'http://x').searchParams.get('filter')).toContain('"sources":["qr"]');
  });
});
