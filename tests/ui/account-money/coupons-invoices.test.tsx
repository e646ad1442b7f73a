import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCouponOffer, TUserCoupon } from '../../../schemas/api/coupon';
import type { TInvoice } from '../../../schemas/api/invoice';
import type { TMemberList } from '../../../schemas/api/member';
import type { TRechargeRecord } from '../../../schemas/api/recharge';
import { MEMBER_LEVELS } from '../../../schemas/api/user';
import { MEMBER_PRICES, levelAdds } from '../../../schemas/money/catalog';
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

const at = new Date().toISOString();
const later = new Date(Date.now() + 20 * 86_400_000).toISOString();
const members: TMemberList = {
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
  current: { memberLevel: 1, expDate: null, memberTime: null, memberUpgradeType: null, balanceFen: 10_000 },
};
const coupon = (over: Partial<TUserCoupon>): TUserCoupon => ({
  code: 'UAAAAAAAAAAAAAAAA',
  couponId: 'welcome-10',
  title: '新用户专享券',
  discountFen: 1_000,
  minSpendFen: 0,
  scope: 'all',
  status: 'usable',
  receivedAt: at,
  expiresAt: later,
  usedAt: null,
  orderNo: null,
  applicable: null,
  refusal: null,
  priceAfterFen: null,
  ...over,
});
const offers: TCouponOffer[] = [
  {
    couponId: 'welcome-10',
    title: '新用户专享券',
    discountFen: 1_000,
    minSpendFen: 0,
    scope: 'all',
    validDays: 30,
    newUserOnly: true,
    received: true,
    receivable: false,
  },
  {
    couponId: 'member-30',
    title: '会员开通券',
    discountFen: 3_000,
    minSpendFen: 9_900,
    scope: 'member',
    validDays: 15,
    newUserOnly: false,
    received: false,
    receivable: true,
  },
];
const invoice: TInvoice = {
  invoiceNo: 'I20261202103000123456',
  orderNo: 'R20261202103000123456',
  amountFen: 10_000,
  titleType: 'company',
  title: '杭州问卷科技有限公司',
  taxNo: '91330100MA2AXXXX1K',
  email: 'finance@example.com',
  state: 'requested',
  createdAt: at,
  issuedAt: null,
};
let records: TRechargeRecord[];

beforeEach(() => {
  markSession();
  records = [
    { orderNo: 'R20261202103000123456', amountFen: 10_000, state: 'paid', provider: 'sandbox', createdAt: at, paidAt: at, invoice: null },
    { orderNo: 'R20261202103000654321', amountFen: 5_000, state: 'closed', provider: 'sandbox', createdAt: at, paidAt: null, invoice: null },
  ];
  api.current = createFakeApi({
    'wxApplet/member/getMemberList': () => members,
    'activity/coupon/getUserCouponList': (body) => {
      if (body.packageId)
        return {
          list: [
            coupon({ applicable: true, priceAfterFen: 1_900 }),
            coupon({
              code: 'UBBBBBBBBBBBBBBBB',
              couponId: 'package-5',
              title: '增值套餐券',
              discountFen: 500,
              applicable: false,
              refusal: '该优惠券仅限购买套餐使用',
            }),
          ],
          total: 2,
          counts: { usable: 2, used: 0, expired: 0 },
        };
      const all = [coupon({}), coupon({ code: 'UCCCCCCCCCCCCCCCC', status: 'expired', title: '增值套餐券' })];
      const list = all.filter((c) => c.status === body.status);
      return { list, total: list.length, counts: { usable: 1, used: 0, expired: 1 } };
    },
    'active/pay/getBalancePay': (body) => ({ orderNo: 'B1', packageId: body.packageId, title: '专业版（包月）', amountFen: 1_900, discountFen: 1_000 }),
    'activity/coupon/getCouponList': () => ({ list: offers }),
    'activity/coupon/getCouponReceive': () => coupon({ couponId: 'member-30' }),
    'activity/coupon/saveOrUpdateUserCoupon': () => null,
    'recharge/getTransactionAmount': () => ({ balanceFen: 10_000, rechargedFen: 10_000, spentFen: 0, transactions: 1 }),
    'recharge/getUserTransactionList': () => ({ list: [], total: 0 }),
    'active/message/list': () => ({ list: [], total: 0 }),
    'active/message/listCount': () => ({ totalCount: 0, isReadCount: 0 }),
    'recharge/getUserRechargeList': () => ({ list: records, total: records.length }),
    'recharge/getInvoiceInfo': () => ({
      invoice: records[0]!.invoice ? invoice : null,
      account: { titleType: 'personal', title: '张三', taxNo: null, email: 'zhang@example.com' },
    }),
    'recharge/getInvoiceSaveOrUpdate': () => invoice,
    'recharge/saveOrderAccount': (body) => body,
    'recharge/getRevokeInvoice': () => ({ ...invoice, state: 'revoked' }),
  });
});
afterEach(() => {
  forgetSession();
  vi.restoreAllMocks();
});

describe('coupons in the member buy dialog', () => {
  it('chooses the coupon that fits, shows the price after it and pays with it; 不使用优惠券 pays the full price', async () => {
    const user = userEvent.setup();
    await renderApp('/member/index.html');
    await user.click(await screen.findByRole('button', { name: '开通专业版' }));
    const dialog = await screen.findByRole('dialog', { name: '开通专业版' });
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: /新用户专享券/ })).toHaveAttribute('aria-checked', 'true'));
    expect(within(dialog).getByRole('radio', { name: /增值套餐券/ })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: /增值套餐券/ })).toHaveTextContent('该优惠券仅限购买套餐使用');
    expect(within(dialog).getByTestId('dialog-price')).toHaveTextContent('¥19.00 ¥29.00');

    await user.click(within(dialog).getByRole('radio', { name: '不使用优惠券' }));
    expect(within(dialog).getByRole('button', { name: '确认支付 ¥29.00' })).toBeEnabled();
    await user.click(within(dialog).getByRole('radio', { name: /新用户专享券/ }));
    await user.click(within(dialog).getByRole('button', { name: '确认支付 ¥19.00' }));
    await waitFor(() => expect(api.current!.callsTo('active/pay/getBalancePay')).toEqual([{ packageId: 'member-2-month', couponCode: 'UAAAAAAAAAAAAAAAA' }]));
  });
});

describe('我的优惠券 on /transactionsRecord/index.html', () => {
  it('receives a coupon from the catalogue, lists the received ones by status and removes an expired one', async () => {
    const user = userEvent.setup();
    await renderApp('/transactionsRecord/index.html');
    const panel = await screen.findByRole('region', { name: '我的优惠券' });
    await waitFor(() => expect(within(panel).getAllByTestId('coupon-offer')).toHaveLength(2));
    expect(within(panel).getByRole('button', { name: '已领取：新用户专享券' })).toBeDisabled();
    await user.click(within(panel).getByRole('button', { name: '立即领取：会员开通券' }));
    await waitFor(() => expect(api.current!.callsTo('activity/coupon/getCouponReceive')).toEqual([{ couponId: 'member-30' }]));

    await waitFor(() => expect(within(panel).getAllByTestId('my-coupon')).toHaveLength(1));
    expect(within(panel).getByRole('radio', { name: '可用（1）' })).toHaveAttribute('aria-checked', 'true');
    expect(within(panel).queryByRole('button', { name: /^删除/ })).toBeNull();
    await user.click(within(panel).getByRole('radio', { name: /已过期/ }));
    await waitFor(() => expect(within(panel).getByTestId('my-coupon')).toHaveTextContent('已过期'));
    await user.click(within(panel).getByRole('button', { name: '删除：增值套餐券' }));
    await waitFor(() => expect(api.current!.callsTo('activity/coupon/saveOrUpdateUserCoupon')).toEqual([{ code: 'UCCCCCCCCCCCCCCCC', hidden: true }]));
  });
});

describe('invoices on /info.html', () => {
  it('asks an invoice for a paid recharge only, filled from the saved details, checked in the server’s words', async () => {
    const user = userEvent.setup();
    await renderApp('/info.html');
    await waitFor(() => expect(screen.getAllByTestId('info-recharge')).toHaveLength(2));
    expect(screen.getAllByTestId('invoice-request')).toHaveLength(1);
    await user.click(screen.getByTestId('invoice-request'));
    const dialog = await screen.findByRole('dialog', { name: '申请发票' });
    expect(await within(dialog).findByDisplayValue('张三')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('开票金额 ¥100.00');

    await user.click(within(dialog).getByRole('radio', { name: '企业' }));
    await user.clear(within(dialog).getByRole('textbox', { name: '发票抬头' }));
    await user.type(within(dialog).getByRole('textbox', { name: '发票抬头' }), '杭州问卷科技有限公司');
    await user.click(within(dialog).getByRole('button', { name: '提交申请' }));
    expect(await within(dialog).findByText('企业抬头请填写税号')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: '税号' }), '1234');
    expect(within(dialog).getByText(/税号格式不正确/)).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: '税号' }));
    await user.type(within(dialog).getByRole('textbox', { name: '税号' }), '91330100MA2AXXXX1K');
    expect(api.current!.callsTo('recharge/getInvoiceSaveOrUpdate')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '提交申请' }));
    const sent = { titleType: 'company', title: '杭州问卷科技有限公司', taxNo: '91330100MA2AXXXX1K', email: 'zhang@example.com' };
    await waitFor(() => expect(api.current!.callsTo('recharge/getInvoiceSaveOrUpdate')).toEqual([{ orderNo: 'R20261202103000123456', ...sent }]));
    await waitFor(() => expect(api.current!.callsTo('recharge/saveOrderAccount')).toEqual([sent]));
  });

  it('shows a request as 申请中 (never 已开票 before it is issued) and revokes it', async () => {
    records[0]!.invoice = { invoiceNo: invoice.invoiceNo, state: 'requested' };
    const user = userEvent.setup();
    await renderApp('/info.html');
    await user.click(await screen.findByRole('button', { name: '发票申请中 · 查看' }));
    const dialog = await screen.findByRole('dialog', { name: '发票申请' });
    expect(await within(dialog).findByTestId('invoice-details')).toHaveTextContent('状态申请中');
    expect(dialog).not.toHaveTextContent('已开票');
    await user.click(within(dialog).getByRole('button', { name: '撤销申请' }));
    await waitFor(() => expect(api.current!.callsTo('recharge/getRevokeInvoice')).toEqual([{ invoiceNo: invoice.invoiceNo }]));
  });
});
