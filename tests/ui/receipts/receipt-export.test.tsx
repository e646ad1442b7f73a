import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TContactReceipt, TReceiptStatus } from '../../../schemas/api/receipts';
import * as question from '../../../src/api/question';
import * as api from '../../../src/api/receipts';
import { ReceiptPage } from '../../../src/features/receipts/receipt-page';
import { renderAuth } from '../auth/render-auth';

vi.mock('../../../src/api/receipts', async (original) => {
  const real = await original<typeof import('../../../src/api/receipts')>();
  return { ...real, receiptStatusQuery: vi.fn(), receiptPageQuery: vi.fn(), exportReceipts: vi.fn() };
});
vi.mock('../../../src/api/question', async (original) => {
  const real = await original<typeof import('../../../src/api/question')>();
  return { ...real, questionInfoQuery: vi.fn() };
});

const STATUS: TReceiptStatus = { invited: 1, sent: 1, delivered: 0, failed: 0, optedOut: 0, opened: 0, answered: 0, unanswered: 1 };
const ROW: TContactReceipt = {
  contactId: 1,
  name: '张三',
  address: 'zhang@example.com',
  channel: 'email',
  state: 'sent',
  reason: null,
  lastTime: '2026-06-01T02:00:00.000Z',
  sentAt: null,
  openedAt: null,
  answeredAt: null,
  messageCount: 1,
};

function serve(powerType: number) {
  vi.mocked(question.questionInfoQuery).mockReturnValue({
    queryKey: ['info', powerType],
    queryFn: () => Promise.resolve({ title: '调查', powerType }),
  } as never);
  vi.mocked(api.receiptStatusQuery).mockReturnValue({ queryKey: ['receipts', 'q1', 'status'], queryFn: () => Promise.resolve(STATUS), retry: false } as never);
  vi.mocked(api.receiptPageQuery).mockImplementation(
    (body) => ({ queryKey: ['receipts', 'q1', 'page', body], queryFn: () => Promise.resolve({ list: [ROW], total: 1 }), retry: false }) as never,
  );
}
const open = () => renderAuth('/SMSReceipt.html?questionId=q1', { '/SMSReceipt.html': ReceiptPage });

afterEach(() => vi.resetAllMocks());

describe('邀请回执的导出', () => {
  it('view power exports what the state tab shows and saves the file', async () => {
    serve(3);
    vi.mocked(api.exportReceipts).mockResolvedValue({ fileName: '邀请回执-调查.xlsx', xlsx: btoa('xlsx'), count: 1 });
    const created = vi.fn(() => 'blob:receipts');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await open();
    await screen.findByTestId('receipt-table');
    await user.click(screen.getByRole('tab', { name: '未作答' }));
    await screen.findByTestId('receipt-table');
    await user.click(screen.getByRole('button', { name: '导出' }));
    expect(api.exportReceipts).toHaveBeenCalledWith({ questionId: 'q1', state: 'unanswered', keyword: undefined });
    expect(await screen.findByText('已导出 1 条回执')).toBeInTheDocument();
    expect(created).toHaveBeenCalled();
    expect(clicked).toHaveBeenCalled();
    clicked.mockRestore();
  });

  it('edit power (2) is not offered 导出', async () => {
    serve(2);
    await open();
    await screen.findByTestId('receipt-table');
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
  });
});
