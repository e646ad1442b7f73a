import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TMessage } from '../../../schemas/api/message';
import { ApiError } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';
import { MESSAGES_POPOVER_WIDTH } from '../../../src/app/layout/header-user';
import { createFakeApi, type TFakeApi } from '../projects/fake-api';
import { renderApp, SAMPLE_USER } from '../render-app';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

const M = 'active/message/';
let inbox: TMessage[] = [];
const at = new Date().toISOString();
beforeEach(() => {
  markSession();
  inbox = [
    { id: 3, title: '收到付款 25.00 元：报名表', read: false, newsType: 20, createTime: at },
    { id: 2, title: '会员已开通：专业版（包月）', read: false, newsType: 12, createTime: at },
    { id: 1, title: '充值成功：100.00 元已到账', read: false, newsType: 10, createTime: at },
  ];
  const count = () => ({ totalCount: inbox.length, isReadCount: inbox.filter((m) => !m.read).length });
  api.current = createFakeApi({
    [`${M}listCount`]: count,
    [`${M}list`]: () => ({ list: inbox.map((m) => ({ ...m })), total: inbox.length }),
    [`${M}readSingleMessage`]: (body) => {
      const found = inbox.find((m) => m.id === body.messageId);
      if (!found) throw new ApiError('404', '消息不存在或已删除');
      found.read = true;
      return { ...found };
    },
    [`${M}readMessage`]: () => {
      for (const m of inbox) m.read = true;
      return count();
    },
  });
});
afterEach(() => {
  forgetSession();
  vi.restoreAllMocks();
});

// The site header is the first banner: a page opened from a message (/info.html) has its own <header>, which
// testing-library also counts as a banner once it has loaded.
const bell = () => within(screen.getAllByRole('banner')[0]!).getByRole('button', { name: '消息通知' });

describe('the header bell (spec §4, issue 46 item 4)', () => {
  it('shows the unread count from the server, and a 380-px popover of the latest messages', async () => {
    const user = userEvent.setup();
    await renderApp('/activeManagement.html');
    await waitFor(() => expect(bell()).toHaveTextContent('3'));
    await user.click(bell());
    const panel = await screen.findByRole('dialog', { name: '消息通知' });
    expect(panel).toHaveStyle({ width: `${MESSAGES_POPOVER_WIDTH}px` });
    expect(within(panel).getByText(/3 条未读/)).toBeInTheDocument();
    expect(
      within(panel)
        .getAllByRole('button', { name: /元|会员/ })
        .map((b) => b.textContent?.split(/\d{4}-/)[0]),
    ).toEqual(['收到付款 25.00 元：报名表', '会员已开通：专业版（包月）', '充值成功：100.00 元已到账']);
    expect(within(panel).getByRole('link', { name: '查看全部消息' })).toHaveAttribute('href', '/info.html');
  });

  it('clicking a recharge message (newsType 10) marks it read and opens /info.html', async () => {
    const user = userEvent.setup();
    const app = await renderApp('/activeManagement.html');
    await user.click(bell());
    await user.click(await screen.findByRole('button', { name: /充值成功/ }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/info.html'));
    expect(api.current!.callsTo(`${M}readSingleMessage`)).toEqual([{ messageId: 1 }]);
    await waitFor(() => expect(bell()).toHaveTextContent('2'));
  });

  it('a membership message (12) opens /member/index.html; another type stays on the page', async () => {
    const user = userEvent.setup();
    const app = await renderApp('/activeManagement.html');
    await user.click(bell());
    await user.click(await screen.findByRole('button', { name: /收到付款/ }));
    await waitFor(() => expect(api.current!.callsTo(`${M}readSingleMessage`)).toEqual([{ messageId: 3 }]));
    expect(app.router.state.location.pathname).toBe('/activeManagement.html');
    await user.click(await screen.findByRole('button', { name: /会员已开通/ }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/member/index.html'));
  });

  it('全部已读 reads them all and the badge goes', async () => {
    const user = userEvent.setup();
    await renderApp('/activeManagement.html');
    await waitFor(() => expect(bell()).toHaveTextContent('3'));
    await user.click(bell());
    await user.click(await screen.findByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(bell()).not.toHaveTextContent(/\d/));
    expect(api.current!.callsTo(`${M}readMessage`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: '全部已读' })).toBeDisabled();
  });

  it('says so when the messages cannot be loaded (no pretend-empty inbox)', async () => {
    api.current!.handlers[`${M}list`] = () => {
      throw new ApiError('500', '系统处理出错');
    };
    const user = userEvent.setup();
    await renderApp('/activeManagement.html');
    await user.click(bell());
    expect(await screen.findByText('消息加载失败，请稍后再试')).toBeInTheDocument();
    expect(screen.queryByText('暂无消息')).not.toBeInTheDocument();
  });
});
