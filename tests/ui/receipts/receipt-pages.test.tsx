import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TContactReceipt, TContactSmsDetail, TReceiptStatus } from '../../../schemas/api/receipts';
import * as question from '../../../src/api/question';
import * as api from '../../../src/api/receipts';
import { ReceiptPage } from '../../../src/features/receipts/receipt-page';
import { ReceiptRecordPage } from '../../../src/features/receipts/receipt-record-page';
import { renderAuth } from '../auth/render-auth';

vi.mock('../../../src/api/receipts', async (original) => {
  const real = await original<typeof import('../../../src/api/receipts')>();
  return { ...real, receiptStatusQuery: vi.fn(), receiptPageQuery: vi.fn(), contactDetailQuery: vi.fn() };
});
vi.mock('../../../src/api/question', async (original) => {
  const real = await original<typeof import('../../../src/api/question')>();
  return { ...real, questionInfoQuery: vi.fn() };
});

const STATUS: TReceiptStatus = { invited: 3, sent: 2, delivered: 1, failed: 1, optedOut: 0, opened: 1, answered: 1, unanswered: 2 };
const row = (over: Partial<TContactReceipt>): TContactReceipt => ({
  contactId: 1,
  name: '张三',
  address: 'zhang@example.com',
  channel: 'email',
  state: 'sent',
  reason: null,
  lastTime: '2026-06-01T02:00:00.000Z',
  sentAt: '2026-06-01T02:00:01.000Z',
  openedAt: null,
  answeredAt: null,
  messageCount: 1,
  ...over,
});
const ROWS = [
  row({ contactId: 1, openedAt: '2026-06-01T03:00:00.000Z', answeredAt: '2026-06-01T03:05:00.000Z' }),
  row({ contactId: 2, name: '=HYPERLINK("x")<b>李四</b>', address: '13800138000', channel: 'sms', state: 'failed', reason: '号码无效' }),
  row({ contactId: 3, name: '王五', address: 'wang@example.com', state: 'optedOut', messageCount: 2 }),
];

function serve(status: TReceiptStatus, rows: TContactReceipt[]) {
  vi.mocked(question.questionInfoQuery).mockReturnValue({
    queryKey: ['info'],
    queryFn: () => Promise.resolve({ title: '员工满意度调查', powerType: 3 }),
  } as never);
  vi.mocked(api.receiptStatusQuery).mockReturnValue({ queryKey: ['receipts', 'q1', 'status'], queryFn: () => Promise.resolve(status), retry: false } as never);
  vi.mocked(api.receiptPageQuery).mockImplementation(
    (body) =>
      ({
        queryKey: ['receipts', 'q1', 'page', body],
        queryFn: () => Promise.resolve({ list: body.state === 'answered' ? rows.filter((r) => r.answeredAt) : rows, total: rows.length }),
        retry: false,
      }) as never,
  );
}

afterEach(() => vi.resetAllMocks());

describe('邀请回执 (/SMSReceipt.html)', () => {
  it('shows the counts as cards and each contact with their state tag, link and answer; a state tab filters', async () => {
    serve(STATUS, ROWS);
    const user = userEvent.setup();
    await renderAuth('/SMSReceipt.html?questionId=q1', { '/SMSReceipt.html': ReceiptPage });
    expect(await screen.findByText('邀请回执 · 员工满意度调查')).toBeInTheDocument();
    expect(screen.getByTestId('receipt-count-invited')).toHaveTextContent('3已邀请');
    expect(screen.getByTestId('receipt-count-answered')).toHaveTextContent('1已作答');
    expect(screen.getByTestId('receipt-count-unanswered')).toHaveTextContent('2未作答');
    const table = await screen.findByTestId('receipt-table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('张三');
    expect(rows[1]).toHaveTextContent('已发送');
    expect(rows[1]).toHaveTextContent('已打开');
    expect(rows[1]).toHaveTextContent('已作答');
    // A formula- or script-like name stays text.
    expect(rows[2]).toHaveTextContent('=HYPERLINK("x")<b>李四</b>');
    expect(within(rows[2]!).queryByText('李四', { selector: 'b' })).toBeNull();
    expect(rows[2]).toHaveTextContent('发送失败');
    expect(rows[2]).toHaveTextContent('号码无效');
    expect(rows[3]).toHaveTextContent('已退订');
    expect(within(rows[3]!).getByRole('link', { name: '发送记录（2）' })).toHaveAttribute('href', '/SMSReceiptRecord.html?questionId=q1&contactId=3');
    expect(screen.getByRole('link', { name: '重发未作答' })).toHaveAttribute('href', '/sms/sendSmsRecord.html?questionId=q1');
    await user.click(screen.getByRole('tab', { name: '已作答' }));
    expect(api.receiptPageQuery).toHaveBeenLastCalledWith(expect.objectContaining({ questionId: 'q1', state: 'answered', page: 1 }));
    expect(await within(screen.getByTestId('receipt-table')).findAllByRole('row')).toHaveLength(2);
  });

  it('before any send: an empty state that says how invitations start', async () => {
    serve({ invited: 0, sent: 0, delivered: 0, failed: 0, optedOut: 0, opened: 0, answered: 0, unanswered: 0 }, []);
    await renderAuth('/SMSReceipt.html?questionId=q1', { '/SMSReceipt.html': ReceiptPage });
    expect(await screen.findByText('还没有发出邀请')).toBeInTheDocument();
  });
});

describe('发送记录 (/SMSReceiptRecord.html)', () => {
  it("lists one contact's messages, newest first, with their states and the contact's opt-outs", async () => {
    const detail: TContactSmsDetail = {
      contact: { contactId: 3, name: '王五', phone: '13800138000', email: 'wang@example.com', emailOptedOut: true, smsOptedOut: false },
      openedAt: null,
      answeredAt: null,
      messages: [
        {
          id: 9,
          invitationId: 2,
          channel: 'email',
          address: 'wang@example.com',
          subject: '调查邀请',
          content: '王五您好',
          state: 'delivered',
          reason: null,
          attempts: 1,
          createdAt: '2026-06-02T02:00:00.000Z',
          sentAt: '2026-06-02T02:00:01.000Z',
          deliveredAt: '2026-06-02T02:00:05.000Z',
        },
        {
          id: 4,
          invitationId: 1,
          channel: 'sms',
          address: '13800138000',
          subject: null,
          content: '王五您好 http://x',
          state: 'failed',
          reason: '号码停机',
          attempts: 3,
          createdAt: '2026-06-01T02:00:00.000Z',
          sentAt: null,
          deliveredAt: null,
        },
      ],
    };
    vi.mocked(api.contactDetailQuery).mockReturnValue({ queryKey: ['detail'], queryFn: () => Promise.resolve(detail), retry: false } as never);
    await renderAuth('/SMSReceiptRecord.html?questionId=q1&contactId=3', { '/SMSReceiptRecord.html': ReceiptRecordPage });
    expect(await screen.findByText('邮件已退订')).toBeInTheDocument();
    const rows = within(screen.getByTestId('record-table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('【调查邀请】王五您好');
    expect(rows[1]).toHaveTextContent('已送达');
    expect(rows[2]).toHaveTextContent('发送失败');
    expect(rows[2]).toHaveTextContent('号码停机');
    expect(api.contactDetailQuery).toHaveBeenCalledWith('q1', 3);
  });
});
