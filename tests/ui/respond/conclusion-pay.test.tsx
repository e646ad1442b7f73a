import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSubmitResult } from '../../../schemas/api/write';
import { Conclusion } from '../../../src/respond/conclusion';

// Issue 43 item 5: a 收款 sheet says 提交成功 only with what became of its payment — 待支付 at first, 支付未完成 when
// the cashier could not be opened, 已支付 once the server says so (asked again when the page comes back into view).
let replies: Record<string, { resultCode: string; resultMsg: string; data: unknown }> = {};
beforeEach(() => {
  localStorage.setItem('wj.respond.device', 'device-abc-123');
  vi.stubGlobal('fetch', async (url: string) => ({ json: async () => replies[url.replace(/^\/api\//, '')] }) as Response);
});
afterEach(() => vi.unstubAllGlobals());

const order = { orderNo: '20261127164336028513', amountFen: 1500, closesAt: '2026-11-27T08:58:00.000Z' };
const result: TSubmitResult = {
  sheetId: 's1',
  score: null,
  conclusion: { title: '提交成功', content: '感谢您的参与！', redirectUrl: null },
  showScore: false,
  showCorrectAnswers: false,
  showAnalysis: false,
  correct: null,
  order,
};
const view = (state: string) => ({ resultCode: '200', resultMsg: '成功', data: { orderNo: order.orderNo, state } });

describe('the conclusion of a sheet that bought something', () => {
  it('says 提交成功 with 待支付, and 已支付 once the server has the payment', async () => {
    replies = { 'active/pay/getOrderStatus': view('created') };
    render(<Conclusion result={result} store={null} preview={false} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('提交成功待支付');
    expect(screen.getByRole('button', { name: '去支付 ¥15.00' })).toBeEnabled();

    replies = { 'active/pay/getOrderStatus': view('paid') };
    await act(async () => window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(screen.getByTestId('pay-outcome')).toHaveTextContent('已支付'));
    expect(screen.getByRole('heading', { name: '支付成功' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /去支付/ })).not.toBeInTheDocument();
  });

  it('says 支付未完成 when the payment could not start', async () => {
    replies = { 'active/pay/wxTradePay': { resultCode: '409', resultMsg: '支付渠道暂时不可用，请稍后再试', data: null } };
    render(<Conclusion result={result} store={null} preview={false} />);
    await userEvent.setup().click(screen.getByRole('button', { name: /去支付/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('支付渠道暂时不可用');
    expect(screen.getByTestId('pay-outcome')).toHaveTextContent('支付未完成');
  });

  it('a sheet without an order says 提交成功 alone', () => {
    render(<Conclusion result={{ ...result, order: undefined }} store={null} preview={false} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^提交成功$/);
  });
});
