import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TUnmatchedReceipt } from '../../../schemas/api/pay';
import { OrderReceipts, UnmatchedReceiptsNotice } from '../../../src/orders/unmatched-receipts';

const receipt = (over: Partial<TUnmatchedReceipt>): TUnmatchedReceipt => ({
  orderNo: '20261127164300123456',
  amountFen: 2500,
  reason: 'late',
  state: 'recorded',
  provider: 'wechat',
  transactionId: '4200000001',
  createdAt: '2026-11-27T08:43:00.000Z',
  settledAt: null,
  lastError: null,
  retryAt: null,
  ...over,
});

// Issue 42: late and double payments are shown to the creator until refunded, with what happens next.
describe('unmatched receipts on the creator’s screens', () => {
  it('lists the ones not refunded yet with their total, reason, provider and next step', () => {
    render(
      <UnmatchedReceiptsNotice
        receipts={[
          receipt({}),
          receipt({ orderNo: '20261127164300654321', reason: 'double', amountFen: 5990, provider: 'alipay', transactionId: 'x2', state: 'refunding' }),
          receipt({
            orderNo: '20261127164300999999',
            transactionId: 'x3',
            lastError: '系统繁忙，请稍后重试（SYSTEM_ERROR）',
            retryAt: '2026-11-27T08:45:00.000Z',
          }),
        ]}
      />,
    );
    const notice = screen.getByRole('region', { name: '3 笔异常收款共 ¥109.90，正在原路退回' });
    const items = within(notice).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('订单 20261127164300123456订单关闭后到账 · ¥25.00 · 微信支付正在自动退款');
    expect(items[1]).toHaveTextContent('重复支付 · ¥59.90 · 支付宝已向支付渠道申请退款，等待渠道确认');
    expect(items[2]).toHaveTextContent('自动退款未成功：系统繁忙，请稍后重试（SYSTEM_ERROR），将于 2026-11-27 16:45 重试');
  });

  it('shows nothing when every receipt is settled; an order row keeps its settled ones as a quiet line', () => {
    const { container } = render(<UnmatchedReceiptsNotice receipts={[]} />);
    expect(container).toBeEmptyDOMElement();
    render(<OrderReceipts receipts={[receipt({ reason: 'double', state: 'refunded', settledAt: '2026-11-27T08:50:00.000Z' })]} />);
    expect(screen.getByText('重复支付 ¥25.00 · 已原路退回')).toBeInTheDocument();
  });
});
