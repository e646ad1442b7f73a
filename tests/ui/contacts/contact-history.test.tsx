import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILTIN_FIELDS, BUILTIN_FIELD_NAMES, type TContact, type TContactField, type TContactHistory } from '../../../schemas/api/contacts';
import * as api from '../../../src/api/contacts';
import { ContactsPage } from '../../../src/features/contacts/contacts-page';
import { renderAuth } from '../auth/render-auth';

vi.mock('../../../src/api/contacts', async (original) => {
  const real = await original<typeof import('../../../src/api/contacts')>();
  return {
    ...real,
    contactGroupsQuery: vi.fn(),
    contactFieldsQuery: vi.fn(),
    shownFieldsQuery: vi.fn(),
    contactPageQuery: vi.fn(),
    contactHistoryQuery: vi.fn(),
  };
});

const BUILTINS: TContactField[] = BUILTIN_FIELDS.map((key) => ({
  key,
  name: BUILTIN_FIELD_NAMES[key],
  builtin: true,
  kind: 'text',
  options: [],
  required: key === 'name',
}));
const contact = (over: Partial<TContact>): TContact => ({
  contactId: 1,
  name: '张三',
  phone: '13800138000',
  email: 'zhang@example.com',
  groupId: null,
  groupName: '',
  fields: {},
  smsOptOut: false,
  emailOptOut: false,
  createTime: '2026-05-01T02:00:00.000Z',
  ...over,
});
const ZHANG = contact({});
const LI = contact({ contactId: 2, name: '<script>alert(1)</script>', phone: '13900139000', email: 'li@example.com', emailOptOut: true, smsOptOut: true });

const HISTORY: TContactHistory = {
  contact: LI,
  total: 2,
  list: [
    {
      messageId: 12,
      questionId: 'q2',
      projectTitle: '=1+1',
      channel: 'sms',
      address: '13900139000',
      state: 'failed',
      reason: '号码无效',
      createdAt: '2026-06-02T02:00:00.000Z',
      sentAt: null,
      openedAt: null,
      answeredAt: null,
    },
    {
      messageId: 7,
      questionId: 'q1',
      projectTitle: '员工满意度调查',
      channel: 'email',
      address: 'li@example.com',
      state: 'delivered',
      reason: null,
      createdAt: '2026-06-01T02:00:00.000Z',
      sentAt: '2026-06-01T02:00:01.000Z',
      openedAt: '2026-06-01T03:00:00.000Z',
      answeredAt: '2026-06-01T03:05:00.000Z',
    },
  ],
};

const query = (key: unknown, data: unknown) => ({ queryKey: ['contacts', key], queryFn: () => Promise.resolve(data), retry: false }) as never;
function serve(history: TContactHistory) {
  vi.mocked(api.contactGroupsQuery).mockReturnValue(query('groups', { list: [], ungrouped: 2, total: 2 }));
  vi.mocked(api.contactFieldsQuery).mockReturnValue(query('fields', { list: BUILTINS }));
  vi.mocked(api.shownFieldsQuery).mockReturnValue(query('shown', { list: [BUILTINS[0], BUILTINS[1], BUILTINS[2]] }));
  vi.mocked(api.contactPageQuery).mockImplementation((body) => {
    const list = body.optedOut ? [LI] : [LI, ZHANG];
    return query(['page', body], { list, total: list.length });
  });
  vi.mocked(api.contactHistoryQuery).mockImplementation((id) => query(['history', id], id === LI.contactId ? history : { contact: ZHANG, list: [], total: 0 }));
}
const open = () => renderAuth('/email.html', { '/email.html': ContactsPage });

afterEach(() => vi.resetAllMocks());

describe('通讯录: opted-out contacts and a contact’s invitation history', () => {
  it('tags an opted-out contact, and the 已退订 filter asks for them only', async () => {
    serve(HISTORY);
    const user = userEvent.setup();
    await open();
    const table = await screen.findByTestId('contact-table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('<script>alert(1)</script>');
    expect(within(rows[1]!).getByText('邮件已退订')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('短信已退订')).toBeInTheDocument();
    expect(within(rows[2]!).queryByText(/已退订/)).toBeNull();
    // No way to re-subscribe someone from the book.
    expect(screen.queryByRole('button', { name: /重新订阅|恢复订阅/ })).toBeNull();
    await user.click(screen.getByRole('tab', { name: '已退订' }));
    expect(api.contactPageQuery).toHaveBeenLastCalledWith(expect.objectContaining({ optedOut: true, page: 1 }));
    expect(await within(screen.getByTestId('contact-table')).findAllByRole('row')).toHaveLength(2);
  });

  it('记录 opens a drawer with every invitation across projects: title, channel, time, state, opened, answered', async () => {
    serve(HISTORY);
    const user = userEvent.setup();
    await open();
    await user.click(await screen.findByRole('button', { name: '<script>alert(1)</script> 的邀请记录' }));
    const drawer = await screen.findByRole('dialog', { name: '邀请记录' });
    expect(api.contactHistoryQuery).toHaveBeenCalledWith(LI.contactId);
    const items = await within(drawer).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: '=1+1' })).toHaveAttribute('href', '/SMSReceipt.html?questionId=q2');
    expect(items[0]).toHaveTextContent('短信');
    expect(items[0]).toHaveTextContent('发送失败');
    expect(items[0]).toHaveTextContent('号码无效');
    expect(items[0]).toHaveTextContent('未打开');
    expect(items[0]).toHaveTextContent('未作答');
    expect(items[1]).toHaveTextContent('员工满意度调查');
    expect(items[1]).toHaveTextContent('邮件');
    expect(items[1]).toHaveTextContent('已送达');
    expect(items[1]).toHaveTextContent('已打开');
    expect(items[1]).toHaveTextContent('已作答');
    expect(drawer).toHaveTextContent('只有联系人本人重新同意后才能恢复');
    await user.click(within(drawer).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog', { name: '邀请记录' })).toBeNull();

    // Clicking a name opens it too; a contact never invited says so.
    await user.click(screen.getByRole('button', { name: '张三' }));
    expect(await within(await screen.findByRole('dialog', { name: '邀请记录' })).findByText('还没有邀请过这位联系人')).toBeInTheDocument();
  });
});
