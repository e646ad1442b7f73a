import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TGift } from '../../../schemas/api/coins';
import { signStatusOf } from '../../../schemas/coins/sign-status';
import { ApiError } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';
import { createFakeApi, type TFakeApi } from '../projects/fake-api';
import { renderApp, SAMPLE_USER } from '../render-app';

// The real session (no mock): the header's avatar menu shows the coins of the user the session loaded from getLoginInfo.
const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));

let coin = 0;
const GIFT: TGift = { giftId: 'gift-cup', name: '定制马克杯', description: '', image: '', coinPrice: 30, stock: 5 };

beforeEach(() => {
  markSession();
  coin = 40;
  let sign = signStatusOf(0, 0);
  api.current = createFakeApi({
    'activity/user/getLoginInfo': () => ({ loggedIn: true, userInfo: { ...SAMPLE_USER, coin } }),
    'activity/task/getWxAppletTaskList': () => ({ coin, coinName: '问卷币', sign, tasks: [] }),
    'activity/task/receiveSignTask': () => {
      sign = signStatusOf(1, 0);
      coin += 5;
      return { sign, reward: 5, coin, coinName: '问卷币' };
    },
    'activity/coinDraw/getUserDrawCount': () => ({ remaining: 3, dailyLimit: 3, cost: 10, coin, coinName: '问卷币' }),
    'activity/gift/getWxAppletGiftPage': () => ({ list: [GIFT], total: 1, coin, coinName: '问卷币' }),
    'question/region/getAreaList': () => {
      throw new ApiError('500', '地区列表暂不可用');
    },
    'activity/gift/getGiftExchange': (body) => {
      coin -= GIFT.coinPrice;
      const address = body.address as Record<string, string>;
      return {
        exchange: { ...address, exchangeId: 'ex-1', giftId: GIFT.giftId, giftName: GIFT.name, image: '', coins: GIFT.coinPrice, state: 'pending' },
        coin,
        coinName: '问卷币',
      };
    },
  });
});
afterEach(() => {
  forgetSession();
  vi.restoreAllMocks();
});

/** The coins the avatar menu shows (opened, read, closed). */
async function headerCoins(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: '打开用户菜单' }));
  const row = within(await screen.findByRole('menu')).getByRole('menuitem', { name: /我的问卷币/ });
  const figure = row.textContent!.replace('我的问卷币', '');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  return figure;
}

describe('the header’s coin figure follows coin changes without a page load', () => {
  it('after the task centre’s sign-in', async () => {
    const user = userEvent.setup();
    await renderApp('/task.html');
    expect(await screen.findByTestId('coin-balance')).toHaveTextContent('40');
    expect(await headerCoins(user)).toBe('40');
    await user.click(screen.getByRole('button', { name: '签到' }));
    await waitFor(() => expect(screen.getByTestId('coin-balance')).toHaveTextContent('45'));
    await waitFor(async () => expect(await headerCoins(user)).toBe('45'));
  });

  it('after a gift exchange', async () => {
    const user = userEvent.setup();
    await renderApp('/giftList.html');
    expect(await screen.findByTestId('coin-balance')).toHaveTextContent('40');
    expect(await headerCoins(user)).toBe('40');
    await user.click(await screen.findByRole('button', { name: '兑换定制马克杯' }));
    const dialog = await screen.findByRole('dialog', { name: '兑换 定制马克杯' });
    await user.type(within(dialog).getByLabelText('收货人'), '李雷');
    await user.type(within(dialog).getByLabelText('手机号'), '13800138000');
    await user.type(await within(dialog).findByLabelText('所在地区'), '浙江省 杭州市 西湖区');
    await user.type(within(dialog).getByLabelText('详细地址'), '文三路 1 号');
    await user.click(within(dialog).getByRole('button', { name: '下一步' }));
    await user.click(within(await screen.findByRole('dialog', { name: '确认兑换' })).getByRole('button', { name: '确认兑换' }));
    await waitFor(() => expect(screen.getByTestId('coin-balance')).toHaveTextContent('10'));
    await waitFor(async () => expect(await headerCoins(user)).toBe('10'));
  });
});
