import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BALANCE_MESSAGES } from '../../../schemas/api/recharge';
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
const ORDER = 'R20261202103000123456';
let state: 'created' | 'paid' = 'paid';
beforeEach(() => {
  markSession();
  state = 'paid';
  api.current = createFakeApi({
    [`${R}getTransactionAmount`]: () => ({ balanceFen: 12_345, rechargedFen: 12_345, spentFen: 0, transactions: 1 }),
    [`${R}saveRechargeOrder`]: () => {
      throw new ApiError('409', BALANCE_MESSAGES.noProvider);
    },
    [`${R}getOrderPayAmount`]: () => ({
      orderNo: ORDER,
      amountFen: 10_000,
      state,
      provider: 'sandbox',
      createdAt: new Date().toISOString(),
      paidAt: state === 'paid' ? new Date().toISOString() : null,
      balanceFen: 12_345,
    }),
  });
});
afterEach(() => {
  forgetSession();
  vi.restoreAllMocks();
});

describe('/accountRecharge/index.html 账户充值', () => {
  it('refuses a bad amount with the server’s words before asking it', async () => {
    const user = userEvent.setup();
    await renderApp('/accountRecharge/index.html');
    expect(await screen.findByTestId('balance')).toHaveTextContent('¥123.45');
    const input = screen.getByRole('textbox', { name: /其他金额/ });
    const submit = async (text: string) => {
      await user.clear(input);
      await user.type(input, text);
      await user.click(screen.getByRole('button', { name: /^立即充值/ }));
      return screen.getByRole('alert');
    };
    expect(await submit('0.001')).toHaveTextContent(BALANCE_MESSAGES.amountFraction);
    expect(await submit('-5')).toHaveTextContent(BALANCE_MESSAGES.amountNotPositive);
    expect(await submit('0.5')).toHaveTextContent(BALANCE_MESSAGES.amountTooSmall);
    expect(await submit('60000')).toHaveTextContent(BALANCE_MESSAGES.amountTooLarge);
    expect(await submit('abc')).toHaveTextContent('请输入数字金额');
    expect(api.current!.callsTo(`${R}saveRechargeOrder`)).toHaveLength(0);
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends a valid amount in fen and shows the server’s refusal (no pay provider in production)', async () => {
    const user = userEvent.setup();
    await renderApp('/accountRecharge/index.html');
    await user.type(await screen.findByRole('textbox', { name: /其他金额/ }), '88.8');
    await user.click(screen.getByRole('radio', { name: '支付宝' }));
    await user.click(screen.getByRole('button', { name: '立即充值 ¥88.80' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(BALANCE_MESSAGES.noProvider));
    expect(api.current!.callsTo(`${R}saveRechargeOrder`)).toEqual([{ amountFen: 8_880, method: 'alipay' }]);
  });

  it('back from the cashier asks the order and shows the new balance; ?amount= preselects what a purchase lacked', async () => {
    await renderApp(`/accountRecharge/index.html?orderNo=${ORDER}&amount=19`);
    expect(await screen.findByTestId('recharge-outcome')).toHaveTextContent('充值成功：¥100.00 已到账，当前余额 ¥123.45');
    expect(api.current!.callsTo(`${R}getOrderPayAmount`)).toEqual([{ orderNo: ORDER }]);
    expect(screen.getByRole('textbox', { name: /其他金额/ })).toHaveValue('19');
    expect(screen.getByRole('button', { name: '立即充值 ¥19.00' })).toBeInTheDocument();
  });
});
