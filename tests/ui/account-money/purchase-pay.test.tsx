import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TRechargeStatus } from '../../../schemas/api/recharge';
import { QUOTA_PACKAGES } from '../../../schemas/money/catalog';
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

const R = 'recharge/';
const ORDER = 'R20261202103000654321';
let order: Partial<TRechargeStatus>;
beforeEach(() => {
  markSession();
  order = { state: 'created', delivery: null, deliveryNote: null };
  api.current = createFakeApi({
    [`${R}saveRechargeOrder`]: () => ({
      orderNo: ORDER,
      provider: 'wechat',
      amountFen: 2_900,
      launch: { kind: 'qr', codeUrl: 'weixin://wxpay/bizpayurl?pr=abc' },
    }),
    [`${R}getOrderPayAmount`]: () => ({
      orderNo: ORDER,
      amountFen: 2_900,
      provider: 'wechat',
      createdAt: new Date().toISOString(),
      paidAt: null,
      packageId: 'member-2-month',
      title: '专业版（包月）',
      balanceFen: 0,
      ...order,
    }),
    'activity/user/getLoginInfo': () => ({ userInfo: SAMPLE_USER }),
  });
});
afterEach(() => {
  forgetSession();
  vi.restoreAllMocks();
});

describe('/alipay 支付订单 and /alipaySuccess 支付结果 (a plan paid through a provider)', () => {
  it('starts the purchase order with the package and method, shows WeChat’s code and waits for the payment', async () => {
    const user = userEvent.setup();
    await renderApp('/alipay?packageId=member-2-month&method=wechat');
    expect(await screen.findByTestId('purchase-title')).toHaveTextContent('专业版（包月）');
    expect(screen.getByRole('radio', { name: '微信支付' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('button', { name: '立即支付 ¥29.00' }));
    expect(await screen.findByText('请用微信扫码支付 ¥29.00')).toBeInTheDocument();
    expect(await screen.findByTestId('purchase-outcome')).toHaveTextContent('待支付：正在确认支付结果（专业版（包月） ¥29.00）');
    expect(api.current!.callsTo(`${R}saveRechargeOrder`)).toEqual([{ packageId: 'member-2-month', method: 'wechat' }]);
  });

  it('shows the server’s refusal in place', async () => {
    api.current!.handlers[`${R}saveRechargeOrder`] = () => {
      throw new ApiError('409', '当前已是企业版，不能购买较低的专业版；到期后可购买');
    };
    const user = userEvent.setup();
    await renderApp('/alipay?packageId=member-2-month&method=alipay');
    await user.click(await screen.findByRole('button', { name: '立即支付 ¥29.00' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('不能购买较低的专业版'));
    expect(api.current!.callsTo(`${R}saveRechargeOrder`)).toEqual([{ packageId: 'member-2-month', method: 'alipay' }]);
  });

  it('an unknown package is said to be so, with the way back, and starts nothing', async () => {
    await renderApp('/alipay?packageId=member-9-month&method=alipay');
    expect(await screen.findByText('套餐不存在')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回会员中心' })).toHaveAttribute('href', '/member/index.html');
    expect(api.current!.callsTo(`${R}saveRechargeOrder`)).toHaveLength(0);
  });

  it('back from the cashier: paid and bought, or paid but kept as balance with the reason', async () => {
    order = { state: 'paid', delivery: 'done' };
    const first = await renderApp(`/alipaySuccess?orderNo=${ORDER}`);
    expect(await screen.findByTestId('purchase-outcome')).toHaveTextContent('支付成功：专业版（包月）已开通，实付 ¥29.00');
    expect(api.current!.callsTo(`${R}getOrderPayAmount`)).toContainEqual({ orderNo: ORDER });
    first.unmount();

    order = { state: 'paid', delivery: 'kept', deliveryNote: '当前已是企业版，不能购买较低的专业版；到期后可购买', balanceFen: 2_900 };
    await renderApp(`/alipaySuccess?orderNo=${ORDER}`);
    expect(await screen.findByTestId('purchase-outcome')).toHaveTextContent('已收到付款 ¥29.00，但专业版（包月）未能开通：当前已是企业版');
    expect(screen.getByTestId('purchase-outcome')).toHaveTextContent('款项已存入账户余额（当前 ¥29.00）');
  });

  it('/wechatPay.html is the same result page for a purchase paid with WeChat', async () => {
    order = { state: 'paid', delivery: 'done' };
    await renderApp(`/wechatPay.html?orderNo=${ORDER}`);
    expect(await screen.findByRole('heading', { name: '支付结果' })).toBeInTheDocument();
    expect(await screen.findByTestId('purchase-outcome')).toHaveTextContent('支付成功：专业版（包月）已开通，实付 ¥29.00');
    expect(api.current!.callsTo(`${R}getOrderPayAmount`)).toContainEqual({ orderNo: ORDER });
  });

  it('a package is paid through a provider too: the buy dialog leads to /alipay, whose way back is the package page', async () => {
    const sms = QUOTA_PACKAGES.filter((p) => p.kind === 'sms');
    api.current!.handlers[`${R}getBalancePayPack`] = () => ({
      balanceFen: 0,
      quotas: { ai: 0, sms: 0, advert: 0, risk: 0 },
      packages: sms,
      memberPlans: [],
      coinPackages: [],
      coin: 0,
    });
    api.current!.handlers['activity/coupon/getUserCouponList'] = () => ({ list: [], total: 0 });
    const user = userEvent.setup();
    await renderApp('/buySmsAccound.html');
    await user.click((await screen.findAllByRole('button', { name: /购买/ }))[0]!);
    // From the balance (0 元) it offers 去充值; 微信支付 offers the cashier instead.
    expect(await screen.findByRole('link', { name: '去充值' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '微信支付' }));
    const pay = screen.getByRole('link', { name: `去支付 ¥${(sms[0]!.priceFen / 100).toFixed(2)}` });
    expect(pay).toHaveAttribute('href', `/alipay?packageId=${sms[0]!.id}&method=wechat`);
    await user.click(pay);
    expect(await screen.findByTestId('purchase-title')).toHaveTextContent(sms[0]!.title);
    expect(screen.getByRole('link', { name: '购买短信条数' })).toHaveAttribute('href', '/buySmsAccound.html');
  });
});
