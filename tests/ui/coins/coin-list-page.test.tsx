import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCoinLedgerRow, TUserCoin } from '../../../schemas/api/coins';
import { ApiError } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';
import { createFakeApi, type TFakeApi } from '../projects/fake-api';
import { openOnHost, renderApp, SAMPLE_USER } from '../render-app';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
  useRefreshUser: () => () => {},
}));

const row = (id: number, delta: number, reason: TCoinLedgerRow['reason'], title: string): TCoinLedgerRow => ({
  id,
  delta,
  balanceAfter: 100,
  reason,
  title,
  createTime: '2026-12-05T02:00:00.000Z',
});
let coin = 100;
const ledger = (body: Record<string, unknown>, coinName = '问卷币'): TUserCoin => {
  const all = [row(2, -20, 'draw', '抽奖'), row(1, 120, 'buy', '问卷币 120个')];
  const list = all
    .filter((r) => (body.direction === 'in' ? r.delta > 0 : body.direction === 'out' ? r.delta < 0 : true))
    .filter((r) => !body.reason || r.reason === body.reason);
  return { coin, coinName, todayEarned: 120, totalEarned: 120, totalSpent: 20, list, total: list.length };
};

beforeEach(() => {
  markSession();
  coin = 100;
  api.current = createFakeApi({
    'activity/user/getUserCoin': (body) => ledger(body),
    'activity/user/getLoginInfo': () => ({ userInfo: SAMPLE_USER }),
  });
});
afterEach(() => {
  forgetSession();
  openOnHost('http://localhost:3000/');
  vi.restoreAllMocks();
});

describe('/coinList.html 问卷币明细', () => {
  it('shows the balance card and the ledger; the tabs and the reason filter ask the server again from page 1', async () => {
    const user = userEvent.setup();
    await renderApp('/coinList.html');
    expect(await screen.findByRole('heading', { name: '问卷币明细' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('coin-balance')).toHaveTextContent('100'));
    expect(screen.getByTestId('coin-today')).toHaveTextContent('120');
    expect(screen.getByTestId('coin-spent')).toHaveTextContent('20');
    expect(screen.getAllByTestId('coin-row')).toHaveLength(2);
    expect(screen.getByRole('link', { name: '任务中心' })).toHaveAttribute('href', '/task.html');
    expect(screen.getByRole('link', { name: '礼品兑换' })).toHaveAttribute('href', '/giftList.html');
    expect(screen.getByRole('link', { name: '问卷币规则' })).toHaveAttribute('href', '/coinRule.html');

    await user.click(screen.getByRole('tab', { name: '支出' }));
    await waitFor(() => expect(screen.getAllByTestId('coin-row')).toHaveLength(1));
    expect(api.current!.callsTo('activity/user/getUserCoin').at(-1)).toEqual({ direction: 'out', page: 1, pageSize: 20 });
    await user.selectOptions(screen.getByRole('combobox', { name: '收支类型' }), '余额购买');
    expect(await screen.findByText('没有符合条件的记录')).toBeInTheDocument();
    expect(api.current!.callsTo('activity/user/getUserCoin').at(-1)).toEqual({ direction: 'out', reason: 'buy', page: 1, pageSize: 20 });
    await user.click(screen.getByRole('button', { name: '清除筛选' }));
    await waitFor(() => expect(screen.getAllByTestId('coin-row')).toHaveLength(2));
  });

  it('exchanges coins for AI counts, and shows the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    let refuse = false;
    api.current!.handlers['activity/user/updateAiCoin'] = (body) => {
      if (refuse) throw new ApiError('409', '问卷币不足：需要 40 问卷币，当前 20 问卷币');
      coin -= (body.count as number) * 20;
      return { coin, coinName: '问卷币', spent: (body.count as number) * 20, aiRemaining: body.count };
    };
    await renderApp('/coinList.html');
    await waitFor(() => expect(screen.getByTestId('coin-balance')).toHaveTextContent('100'));
    await user.click(screen.getByRole('button', { name: '兑换AI次数' }));
    const dialog = await screen.findByRole('dialog', { name: '兑换AI次数' });
    const count = within(dialog).getByTestId('ai-count');
    await user.clear(count);
    await user.type(count, '6');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('问卷币不足：需要 120 问卷币，当前 100 问卷币');
    expect(within(dialog).getByRole('button', { name: '确认兑换' })).toBeDisabled();
    await user.clear(count);
    await user.type(count, '2');
    await user.click(within(dialog).getByRole('button', { name: '确认兑换' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '兑换AI次数' })).not.toBeInTheDocument());
    expect(api.current!.callsTo('activity/user/updateAiCoin')).toEqual([{ count: 2 }]);
    await waitFor(() => expect(screen.getByTestId('coin-balance')).toHaveTextContent('60'));

    refuse = true;
    await user.click(screen.getByRole('button', { name: '兑换AI次数' }));
    const again = await screen.findByRole('dialog', { name: '兑换AI次数' });
    await user.clear(within(again).getByTestId('ai-count'));
    await user.type(within(again).getByTestId('ai-count'), '2');
    await user.click(within(again).getByRole('button', { name: '确认兑换' }));
    expect(await within(again).findByRole('alert')).toHaveTextContent('问卷币不足：需要 40 问卷币，当前 20 问卷币');
  });

  it('shows an empty ledger, and a failed load with 重试', async () => {
    api.current!.handlers['activity/user/getUserCoin'] = () => ({ ...ledger({}), coin: 0, list: [], total: 0 });
    const view = await renderApp('/coinList.html');
    expect(await screen.findByText('暂无问卷币记录')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去赚问卷币' })).toHaveAttribute('href', '/task.html');
    view.unmount();

    api.current!.handlers['activity/user/getUserCoin'] = () => {
      throw new ApiError('500', '系统繁忙');
    };
    await renderApp('/coinList.html');
    expect(await screen.findByText('问卷币明细加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });

  it('names the coin 金币 on 投票通, here and on /coinRule.html', async () => {
    openOnHost('http://toupiao.localhost:3000/coinList.html');
    markSession();
    api.current!.handlers['activity/user/getUserCoin'] = (body) => ledger(body, '金币');
    const view = await renderApp('/coinList.html');
    expect(await screen.findByRole('heading', { name: '金币明细' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '购买金币' })).toBeInTheDocument();
    view.unmount();
    await renderApp('/coinRule.html');
    expect(await screen.findByRole('heading', { name: '金币规则' })).toBeInTheDocument();
    expect(screen.getByText(/每天签到得 5 金币/)).toBeInTheDocument();
    expect(screen.getAllByText(/20 金币\/次/, { selector: 'span' })).toHaveLength(2);
  });
});
