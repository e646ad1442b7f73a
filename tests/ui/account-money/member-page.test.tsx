import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TMemberList } from '../../../schemas/api/member';
import { insufficientMessage } from '../../../schemas/api/recharge';
import { MEMBER_LEVELS } from '../../../schemas/api/user';
import { MEMBER_PRICES, levelAdds } from '../../../schemas/money/catalog';
import { ApiError } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';
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

/** What getMemberList answers: the §9 levels with the catalogue's prices, and the caller at `memberLevel` with `balanceFen`. */
function memberList(memberLevel: number, balanceFen: number, expDate: string | null = null): TMemberList {
  return {
    levels: MEMBER_LEVELS.map((l) => {
      const prices = l.memberLevel > 1 ? MEMBER_PRICES[l.memberLevel as 2 | 3 | 4] : null;
      return {
        ...l,
        adds: levelAdds(l.memberLevel),
        monthFen: prices?.month ?? null,
        yearFen: prices?.year ?? null,
        monthPlanId: prices ? `member-${l.memberLevel}-month` : null,
        yearPlanId: prices ? `member-${l.memberLevel}-year` : null,
      };
    }),
    current: { memberLevel, expDate, memberTime: null, memberUpgradeType: null, balanceFen },
  };
}

let members: TMemberList;
beforeEach(() => {
  markSession();
  members = memberList(1, 1_000);
  api.current = createFakeApi({
    'wxApplet/member/getMemberList': () => members,
    'active/pay/getBalancePay': () => {
      throw new ApiError('409', insufficientMessage(1_000, 2_900), { reason: 'insufficientBalance', balanceFen: 1_000, priceFen: 2_900 });
    },
  });
});
afterEach(() => {
  forgetSession();
  vi.restoreAllMocks();
});

const card = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });

describe('/member/index.html 会员中心', () => {
  it('shows the four levels of §9 with what each adds and the monthly or yearly price, the current level and the balance', async () => {
    const user = userEvent.setup();
    await renderApp('/member/index.html');
    expect(await screen.findAllByTestId('member-level')).toHaveLength(4);
    expect(screen.getByTestId('current-level')).toHaveTextContent('免费版');
    expect(screen.getByTestId('member-balance')).toHaveTextContent('¥10.00');
    expect(card('专业版')).toHaveTextContent('¥29.00/月');
    expect(card('专业版')).toHaveTextContent('每天可创建 50 个项目');
    expect(card('企业版')).toHaveTextContent('每个项目最多 800 道题');
    await user.click(screen.getByRole('radio', { name: '包年' }));
    expect(card('专业增强版')).toHaveTextContent('¥399.00/年');
    expect(within(card('免费版')).getByRole('button', { name: '当前版本' })).toBeDisabled();
  });

  it('highlights the level a limit dialog came from (?memberLevel=N)', async () => {
    await renderApp('/member/index.html?memberLevel=2');
    await screen.findAllByTestId('member-level');
    expect(card('专业版')).toHaveAttribute('data-highlighted', 'true');
    expect(card('免费版')).not.toHaveAttribute('data-highlighted');
    expect(screen.getByRole('note')).toHaveTextContent('专业版每天可创建 50 个项目');
  });

  it('a balance short of the price offers 去充值 with the missing amount instead of paying', async () => {
    const user = userEvent.setup();
    await renderApp('/member/index.html');
    await user.click(await screen.findByRole('button', { name: '开通专业版' }));
    const dialog = await screen.findByRole('dialog', { name: '开通专业版' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('余额不足：当前余额 10.00 元，需支付 29.00 元，请先充值');
    expect(within(dialog).queryByRole('button', { name: /确认支付/ })).toBeNull();
    expect(within(dialog).getByRole('link', { name: '去充值' })).toHaveAttribute('href', '/accountRecharge/index.html?amount=19');
    expect(api.current!.callsTo('active/pay/getBalancePay')).toHaveLength(0);
  });

  it("the server's 余额不足 refusal (the balance moved) is shown in the dialog with 去充值", async () => {
    members = memberList(2, 10_000, new Date(Date.now() + 10 * 86_400_000).toISOString());
    const user = userEvent.setup();
    await renderApp('/member/index.html');
    await screen.findAllByTestId('member-level');
    expect(within(card('免费版')).getByRole('button', { name: '免费版' })).toBeDisabled();
    expect(within(card('企业版')).getByRole('button', { name: '升级企业版' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: '续费专业版' }));
    const dialog = await screen.findByRole('dialog', { name: '续费专业版' });
    await user.click(within(dialog).getByRole('button', { name: '确认支付 ¥29.00' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('余额不足：当前余额 10.00 元'));
    expect(api.current!.callsTo('active/pay/getBalancePay')).toEqual([{ packageId: 'member-2-month' }]);
    expect(within(dialog).getByRole('link', { name: '去充值' })).toHaveAttribute('href', '/accountRecharge/index.html?amount=19');
  });
});
