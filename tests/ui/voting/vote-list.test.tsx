import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';
import { createFakeApi, type TFakeApi } from '../projects/fake-api';
import { renderApp, SAMPLE_USER } from '../render-app';
import { pageOf, vote } from './vote-fixtures';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

const VOTES = [
  vote({ voteId: 'v_running0001', title: '十佳歌手评选', status: 'running', phase: 'running', isTop: true, playerCount: 14, voteCount: 320, visitCount: 1200 }),
  vote({ voteId: 'v_draft000001', title: '最美教师投票', status: 'draft', phase: 'draft' }),
  vote({ voteId: 'v_paused00001', title: '摄影大赛人气奖', status: 'suspended', phase: 'suspended', voteCount: 40 }),
];

beforeEach(() => {
  markSession();
  api.current = createFakeApi({
    'activity/vote/getVoteList': (body) => pageOf(VOTES.filter((each) => !body.status || each.status === body.status))(body),
    'activity/vote/getVoteSuspendOrStart': (body) => ({ voteId: body.voteId, status: body.action === 'suspend' ? 'suspended' : 'running', phase: 'running' }),
    'activity/vote/updateVoteTop': () => null,
    'activity/vote/getCopeVote': () => ({ voteId: 'v_copy0000001', version: 1, isCreate: 1 }),
    'activity/vote/getClearVotes': () => null,
    'activity/vote/getDelVote': () => null,
  });
});
afterEach(() => forgetSession());

const row = (title: string) => within(screen.getByRole('heading', { name: title }).closest('li')!);

describe('/voting/list.html', () => {
  it('lists the votes with status, figures and the buttons their status allows', async () => {
    await renderApp('/voting/list.html');
    expect(await screen.findByRole('heading', { name: '十佳歌手评选' })).toBeInTheDocument();
    const running = row('十佳歌手评选');
    expect(running.getByText('进行中')).toBeInTheDocument();
    expect(running.getByText('已置顶')).toBeInTheDocument();
    expect(running.getByText('320')).toBeInTheDocument();
    expect(running.getByRole('button', { name: '暂停' })).toBeInTheDocument();
    expect(running.queryByRole('button', { name: '发布' })).toBeNull();
    expect(running.getByRole('link', { name: '结果' })).toHaveAttribute('href', '/voting/result.html?voteId=v_running0001');
    expect(row('最美教师投票').getByRole('button', { name: '发布' })).toBeInTheDocument();
    expect(row('摄影大赛人气奖').getByRole('button', { name: '开启' })).toBeInTheDocument();
  });

  it('filters by status and searches by title', async () => {
    const user = userEvent.setup();
    await renderApp('/voting/list.html');
    await screen.findByRole('heading', { name: '十佳歌手评选' });
    await user.click(screen.getByRole('tab', { name: '已暂停' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: '十佳歌手评选' })).toBeNull());
    expect(api.current!.callsTo('activity/vote/getVoteList').at(-1)).toMatchObject({ status: 'suspended', page: 1 });
    await user.type(screen.getByPlaceholderText('搜索投票标题'), '摄影');
    await waitFor(() => expect(api.current!.callsTo('activity/vote/getVoteList').at(-1)).toMatchObject({ keyword: '摄影' }));
  });

  it('suspends, starts, tops and copies through their calls', async () => {
    const user = userEvent.setup();
    await renderApp('/voting/list.html');
    await screen.findByRole('heading', { name: '十佳歌手评选' });
    await user.click(row('十佳歌手评选').getByRole('button', { name: '暂停' }));
    await waitFor(() => expect(api.current!.callsTo('activity/vote/getVoteSuspendOrStart')).toEqual([{ voteId: 'v_running0001', action: 'suspend' }]));
    await user.click(row('摄影大赛人气奖').getByRole('button', { name: '开启' }));
    await waitFor(() => expect(api.current!.callsTo('activity/vote/getVoteSuspendOrStart').at(-1)).toEqual({ voteId: 'v_paused00001', action: 'start' }));
    await user.click(row('十佳歌手评选').getByRole('button', { name: '取消置顶' }));
    await waitFor(() => expect(api.current!.callsTo('activity/vote/updateVoteTop')).toEqual([{ voteId: 'v_running0001', top: false }]));
    await user.click(row('最美教师投票').getByRole('button', { name: '复制' }));
    await waitFor(() => expect(api.current!.callsTo('activity/vote/getCopeVote')).toEqual([{ voteId: 'v_draft000001' }]));
  });

  it('clears votes and moves to the bin only after one confirmation', async () => {
    const user = userEvent.setup();
    await renderApp('/voting/list.html');
    await screen.findByRole('heading', { name: '十佳歌手评选' });
    await user.click(row('十佳歌手评选').getByRole('button', { name: '清空票数' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('全部 320 票');
    expect(api.current!.callsTo('activity/vote/getClearVotes')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: '清空' }));
    await waitFor(() => expect(api.current!.callsTo('activity/vote/getClearVotes')).toEqual([{ voteId: 'v_running0001' }]));

    await user.click(row('最美教师投票').getByRole('button', { name: '删除' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '移入回收站' }));
    await waitFor(() => expect(api.current!.callsTo('activity/vote/getDelVote')).toEqual([{ voteId: 'v_draft000001', restore: false }]));
  });

  it('shows the empty state with ways to create, and the error state with a retry', async () => {
    api.current!.handlers['activity/vote/getVoteList'] = pageOf([]);
    const first = await renderApp('/voting/list.html');
    expect(await screen.findByText('还没有投票活动')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /创建投票/ }).length).toBeGreaterThan(0);
    first.unmount();

    api.current!.handlers['activity/vote/getVoteList'] = () => {
      throw new ApiError('500', '系统处理出错');
    };
    await renderApp('/voting/list.html');
    expect(await screen.findByText('投票列表加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeInTheDocument();
  });

  it('shows a loading state while the list is on its way', async () => {
    delete api.current!.handlers['activity/vote/getVoteList'];
    await renderApp('/voting/list.html');
    expect(await screen.findByText('正在加载投票…')).toBeInTheDocument();
  });
});
