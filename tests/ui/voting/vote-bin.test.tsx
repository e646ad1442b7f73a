import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

const BIN = [
  vote({ voteId: 'v_binned00001', title: '旧的评选活动', inBin: true, voteCount: 8, deleteTime: '2026-11-25T08:00:00.000Z' }),
  vote({ voteId: 'v_binned00002', title: '测试投票', inBin: true }),
];

beforeEach(() => {
  markSession();
  api.current = createFakeApi({
    'activity/vote/getThoroughDelVoteList': pageOf(BIN),
    'activity/vote/getDelVote': () => null,
    'activity/vote/getThoroughDelVote': (body) => ({ deleted: 'all' in body ? BIN.length : 1 }),
  });
});
afterEach(() => forgetSession());

const row = (title: string) => within(screen.getByRole('heading', { name: title }).closest('li')!);

describe('/voting/delete.html', () => {
  it('restores a vote at once and deletes one for good after a confirmation', async () => {
    const user = userEvent.setup();
    await renderApp('/voting/delete.html');
    await screen.findByRole('heading', { name: '旧的评选活动' });
    await user.click(row('旧的评选活动').getByRole('button', { name: '恢复' }));
    await waitFor(() => expect(api.current!.callsTo('activity/vote/getDelVote')).toEqual([{ voteId: 'v_binned00001', restore: true }]));

    await user.click(row('测试投票').getByRole('button', { name: '彻底删除' }));
    const dialog = await screen.findByRole('dialog');
    expect(api.current!.callsTo('activity/vote/getThoroughDelVote')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: '彻底删除' }));
    await waitFor(() => expect(api.current!.callsTo('activity/vote/getThoroughDelVote')).toEqual([{ voteId: 'v_binned00002' }]));
  });

  it('empties the whole bin after a confirmation that counts what goes', async () => {
    const user = userEvent.setup();
    await renderApp('/voting/delete.html');
    await screen.findByRole('heading', { name: '旧的评选活动' });
    await user.click(screen.getByRole('button', { name: '清空回收站' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('全部 2 个投票');
    await user.click(within(dialog).getByRole('button', { name: '清空回收站' }));
    await waitFor(() => expect(api.current!.callsTo('activity/vote/getThoroughDelVote')).toEqual([{ all: true }]));
  });

  it('says so when the bin is empty', async () => {
    api.current!.handlers['activity/vote/getThoroughDelVoteList'] = pageOf([]);
    await renderApp('/voting/delete.html');
    expect(await screen.findByText('回收站是空的')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '清空回收站' })).toBeDisabled();
  });
});
