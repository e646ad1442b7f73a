import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';
import { createFakeApi, type TFakeApi } from '../projects/fake-api';
import { renderApp, SAMPLE_USER } from '../render-app';
import { detail, detailOf, pageOf, STATISTICS, vote } from './vote-fixtures';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

const INFO = detailOf(vote({ voteId: 'v_result00001', title: '十佳歌手评选', status: 'running', phase: 'running', voteCount: 17 }));
const DETAILS = [
  detail({ detailId: '101', voter: '138****0001', ipArea: '北京' }),
  detail({ detailId: '102', voter: '设备 a1b2', suspect: true, suspectReason: 'burstIp', playerId: 'p_000000002', playerNo: 2, playerName: '李四' }),
  detail({ detailId: '103', valid: false, playerName: '张三' }),
];

const TREND = {
  unit: 'day',
  buckets: ['2026-11-20', '2026-11-21', '2026-11-22'],
  series: [
    { playerId: 'p_000000001', no: 1, name: '张三', votes: 12, counts: [5, 0, 7] },
    { playerId: 'p_000000002', no: 2, name: '李四', votes: 4, counts: [1, 3, 0] },
  ],
  total: 16,
};

beforeEach(() => {
  markSession();
  api.current = createFakeApi({
    'activity/vote/getVote': () => INFO,
    'activity/player/getStatisticsPlayerList': () => STATISTICS,
    'activity/vote/getVotingDetailList': (body) =>
      pageOf(
        DETAILS.filter((each) => (body.valid === undefined || each.valid === body.valid) && (body.suspect === undefined || each.suspect === body.suspect)),
      )(body),
    'activity/vote/getVotingTrendList': () => TREND,
    'activity/vote/getVotingDetailValid': (body) => ({ detailId: body.detailId, valid: body.valid, playerId: 'p_000000001', votes: 11 }),
    'activity/vote/download/getVotingDetailDownload': () => ({}),
  });
});
// The charts load ECharts on demand; loading it here, while jsdom's document exists, keeps a chart that mounts at a
// test's end from evaluating ECharts after the environment is gone (an unhandled "document is not defined" under load).
beforeAll(() => import('../../../src/features/voting/vote-echarts'), 30_000);
afterEach(() => forgetSession());

describe('/voting/result.html', () => {
  it('shows the totals, the ranking and the statistics per player type', async () => {
    await renderApp('/voting/result.html?voteId=v_result00001');
    const overview = await screen.findByRole('region', { name: '投票概况' });
    expect(within(overview).getByText('17')).toBeInTheDocument();
    expect(within(overview).getByText('230')).toBeInTheDocument();
    const ranking = screen.getByRole('region', { name: '选手排行' });
    const rows = within(ranking).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('张三');
    expect(rows[2]).toHaveTextContent('李四');
    // 占比 shows its numbers: each player's share of the 17 valid votes (issue 43 item 6).
    expect(
      within(ranking)
        .getAllByTestId('vote-share')
        .map((cell) => cell.textContent),
    ).toEqual(['70.6%', '29.4%']);
    // The results keep the workbench's header (its work navigation), not the marketing one.
    expect(screen.getByRole('navigation', { name: '工作台' })).toBeInTheDocument();
    const types = screen.getByRole('region', { name: '分组统计' });
    expect(within(types).getByText('少儿组')).toBeInTheDocument();
  });

  it('lists the vote details with their flags and voids one through getVotingDetailValid', async () => {
    const user = userEvent.setup();
    await renderApp('/voting/result.html?voteId=v_result00001');
    const details = await screen.findByRole('region', { name: '投票明细' });
    expect(await within(details).findByText('138****0001')).toBeInTheDocument();
    expect(within(details).getByText(/可疑（同一IP短时间大量投票）/)).toBeInTheDocument();
    expect(within(within(details).getByRole('table')).getByText('已作废')).toBeInTheDocument();
    await user.click(within(details).getAllByRole('button', { name: /^作废/ })[0]!);
    await waitFor(() =>
      expect(api.current!.callsTo('activity/vote/getVotingDetailValid')).toEqual([{ voteId: 'v_result00001', detailId: '101', valid: false }]),
    );
    expect(await screen.findByText('已作废，该选手现有 11 票')).toBeInTheDocument();

    await user.click(within(details).getByRole('tab', { name: '可疑' }));
    await waitFor(() => expect(api.current!.callsTo('activity/vote/getVotingDetailList').at(-1)).toMatchObject({ suspect: true, page: 1 }));
  });

  it('draws the trend from the server’s buckets over the whole activity', async () => {
    await renderApp('/voting/result.html?voteId=v_result00001');
    const trend = await screen.findByRole('region', { name: '票数趋势（前五名）' });
    expect(await within(trend).findByText('共 16 条有效投票，按天统计（北京时间）')).toBeInTheDocument();
    expect(within(trend).queryByText('还没有有效投票')).not.toBeInTheDocument();
    expect(api.current!.callsTo('activity/vote/getVotingTrendList')).toEqual([{ voteId: 'v_result00001', top: 5 }]);
    expect(api.current!.callsTo('activity/vote/getVotingDetailList').every((body) => (body as { pageSize?: number }).pageSize !== 100)).toBe(true);
  });

  it('says there are no valid votes yet when the trend is empty', async () => {
    api.current!.handlers['activity/vote/getVotingTrendList'] = () => ({ unit: 'hour', buckets: [], series: [], total: 0 });
    await renderApp('/voting/result.html?voteId=v_result00001');
    const trend = await screen.findByRole('region', { name: '票数趋势（前五名）' });
    expect(await within(trend).findByText('还没有有效投票')).toBeInTheDocument();
  });

  it('queues a download into 我的下载', async () => {
    const user = userEvent.setup();
    await renderApp('/voting/result.html?voteId=v_result00001');
    await user.click(await screen.findByRole('button', { name: '下载数据' }));
    await user.click(await screen.findByRole('menuitem', { name: '投票明细（Excel）' }));
    await waitFor(() => expect(api.current!.callsTo('activity/vote/download/getVotingDetailDownload')).toEqual([{ voteId: 'v_result00001', appletSource: 1 }]));
    expect(await screen.findByText('已加入导出队列')).toBeInTheDocument();
  });

  it('shows the error state when the results cannot be read', async () => {
    api.current!.handlers['activity/player/getStatisticsPlayerList'] = () => {
      throw new ApiError('403', '无权查看');
    };
    await renderApp('/voting/result.html?voteId=v_result00001');
    expect(await screen.findByText('投票结果加载失败')).toBeInTheDocument();
  });
});
