import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCrossTab } from '../../../schemas/api/report';
import { forgetSession, markSession } from '../../../src/api/token';
import { crossTabOption } from '../../../src/features/report/cross-tab-chart';
import { createFakeApi, project, type TFakeApi } from '../projects/fake-api';
import { renderApp, SAMPLE_USER } from '../render-app';
import { STATEMENT } from './report-fixtures';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
/** Every option a chart was given, by the chart box's label (echarts itself draws only in the browser). */
const drawn = vi.hoisted(() => new Map<string, unknown>());
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/ui/echarts-setup', () => ({
  init: (box: HTMLElement) => ({
    setOption: (option: unknown) => drawn.set(box.getAttribute('aria-label') ?? '', option),
    resize: () => {},
    dispose: () => {},
  }),
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

const R = 'question/statement/';
const questionId = STATEMENT.questionId;
const CROSS: TCrossTab = {
  rows: [
    { uuid: 'l1', title: '服务热情' },
    { uuid: 'l2', title: '响应及时' },
  ],
  columns: [
    { uuid: 'a', title: '2' },
    { uuid: 'b', title: '3' },
  ],
  cells: [
    [
      { count: 3, rowPercent: 75, colPercent: 60 },
      { count: 1, rowPercent: 25, colPercent: 50 },
    ],
    [
      { count: 2, rowPercent: 66.67, colPercent: 40 },
      { count: 1, rowPercent: 33.33, colPercent: 50 },
    ],
  ],
  rowTotals: [4, 3],
  colTotals: [5, 2],
  total: 7,
};

beforeEach(() => {
  markSession();
  drawn.clear();
  api.current = createFakeApi({
    'activity/question/getWxQuestion': () => project({ questionId, title: STATEMENT.title, questionType: 2, status: 1, dataCount: 4 }),
    [`${R}getStatement`]: () => STATEMENT,
    [`${R}getCrossTab`]: () => CROSS,
  });
});
afterEach(() => forgetSession());

type Series = { name: string; stack?: string; data: number[] };

describe('cross-tab chart (交叉分析)', () => {
  it('the option: row shares stacked to 100 %, or counts side by side, as the table reads', () => {
    const share = crossTabOption(CROSS, 'share') as { series: Series[]; yAxis: { data: string[] }; xAxis: { max?: number } };
    expect(share.yAxis.data).toEqual(['服务热情', '响应及时']);
    expect(share.series.map((s) => [s.name, s.stack, s.data])).toEqual([
      ['2', 'share', [75, 66.67]],
      ['3', 'share', [25, 33.33]],
    ]);
    expect(share.xAxis.max).toBe(100);
    const count = crossTabOption(CROSS, 'count') as { series: Series[]; xAxis: { max?: number } };
    expect(count.series.map((s) => [s.stack, s.data])).toEqual([
      [undefined, [3, 2]],
      [undefined, [1, 1]],
    ]);
    expect(count.xAxis.max).toBeUndefined();
  });

  it('the report draws the chart above the table and switches it to counts', async () => {
    const user = userEvent.setup();
    await renderApp(`/questionnaire/report.html?questionId=${questionId}`);
    const section = within(await screen.findByTestId('cross-tab'));
    const chart = await section.findByRole('img', { name: '服务评价 × 1+1=? 交叉分析图' });
    const label = chart.getAttribute('aria-label')!;
    await waitFor(() => expect((drawn.get(label) as { series: Series[] }).series[0]!.data).toEqual([75, 66.67]));
    expect(section.getByRole('button', { name: '行百分比' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(section.getByRole('button', { name: '计数' }));
    await waitFor(() => expect((drawn.get(label) as { series: Series[] }).series[0]!.data).toEqual([3, 2]));
    expect(section.getByRole('table')).toBeInTheDocument();
  });
});
