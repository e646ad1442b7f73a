import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PayStep } from '../../../src/respond/pay-step';

// The pay step after a sheet that bought something: the amount in yuan, the method chosen, and 去支付 that
// starts the payment with the page's device key and follows the provider's cashier link.
const calls: { path: string; body: Record<string, unknown> }[] = [];
let reply: { resultCode: string; resultMsg: string; data: unknown };
const assign = vi.fn();

beforeEach(() => {
  calls.length = 0;
  localStorage.setItem('wj.respond.device', 'device-abc-123');
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ path: url.replace(/^\/api\//, ''), body: JSON.parse(String(init.body)) });
    return { json: async () => reply } as Response;
  });
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  vi.unstubAllGlobals();
  assign.mockReset();
});

const order = { orderNo: '20261127164336028513', amountFen: 43590, closesAt: '2026-11-27T08:58:00.000Z' };

describe('PayStep', () => {
  it('shows the amount and the deadline, and pays with the method chosen', async () => {
    reply = {
      resultCode: '200',
      resultMsg: '成功',
      data: { orderNo: order.orderNo, provider: 'sandbox', amountFen: 43590, launch: { kind: 'redirect', url: '/pay/sandbox/x' } },
    };
    render(<PayStep order={order} />);
    expect(screen.getByTestId('pay-amount')).toHaveTextContent('¥435.90');
    expect(screen.getByText(/请在 16:58 前完成支付/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('radio', { name: /支付宝/ }));
    expect(screen.getByRole('radio', { name: /支付宝/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('link', { name: '查看订单' })).toHaveAttribute('href', `/pay/result.html?orderNo=${order.orderNo}`);
    await userEvent.setup().click(screen.getByRole('button', { name: '去支付 ¥435.90' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pay/sandbox/x'));
    expect(calls).toEqual([{ path: 'active/pay/aliTradePay', body: { orderNo: order.orderNo, deviceId: 'device-abc-123' } }]);
  });

  it('says why a payment could not start and lets the buyer try again', async () => {
    reply = { resultCode: '409', resultMsg: '订单已超时关闭，请重新下单', data: null };
    render(<PayStep order={order} />);
    await userEvent.setup().click(screen.getByRole('button', { name: /去支付/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('订单已超时关闭，请重新下单');
    expect(screen.getByRole('button', { name: /去支付/ })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });
});
