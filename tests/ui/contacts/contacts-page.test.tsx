import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILTIN_FIELDS, BUILTIN_FIELD_NAMES, type TContact, type TContactField, type TGroupList } from '../../../schemas/api/contacts';
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
    saveContact: vi.fn(),
    importContacts: vi.fn(),
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
const LEVEL: TContactField = { key: 7, name: '级别', builtin: false, kind: 'choice', options: ['A', 'B'], required: true };
const CONTACT: TContact = {
  contactId: 1,
  name: '=1+1',
  phone: '13800138000',
  email: '',
  groupId: 3,
  groupName: '一班',
  fields: { '7': 'A' },
  smsOptOut: false,
  emailOptOut: false,
  createTime: '2026-05-01T02:00:00.000Z',
};

const query = (key: string, data: unknown) => ({ queryKey: ['contacts', key], queryFn: () => Promise.resolve(data), retry: false }) as never;
function serve(groups: TGroupList, list: TContact[]) {
  vi.mocked(api.contactGroupsQuery).mockReturnValue(query('groups', groups));
  vi.mocked(api.contactFieldsQuery).mockReturnValue(query('fields', { list: [...BUILTINS, LEVEL] }));
  vi.mocked(api.shownFieldsQuery).mockReturnValue(query('shown', { list: [BUILTINS[0], BUILTINS[1], LEVEL, BUILTINS[3]] }));
  vi.mocked(api.contactPageQuery).mockImplementation((body) => query(`page-${JSON.stringify(body)}`, { list, total: list.length }));
}
const open = () => renderAuth('/email.html', { '/email.html': ContactsPage });

afterEach(() => vi.resetAllMocks());

describe('通讯录 (/email.html)', () => {
  it('a new book shows its empty state with the ways to fill it', async () => {
    serve({ list: [], ungrouped: 0, total: 0 }, []);
    await open();
    expect(await screen.findByText('通讯录还是空的')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '导入联系人' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /导出/ })).toBeDisabled();
  });

  it('shows the chosen columns, a formula-like name as text, the groups with counts and the send links of a selection', async () => {
    serve({ list: [{ groupId: 3, name: '一班', count: 1 }], ungrouped: 0, total: 1 }, [CONTACT]);
    const user = userEvent.setup();
    await open();
    const table = await screen.findByTestId('contact-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', '姓名', '手机号', '级别', '分组', '操作']);
    expect(within(table).getByRole('cell', { name: '=1+1' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'A' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: '联系人分组' });
    expect(within(nav).getByRole('button', { name: /^一班\s*1$/ })).toBeInTheDocument();
    await user.click(within(table).getByLabelText('选择 =1+1'));
    expect(screen.getByText('已选 1 人')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '发送短信' })).toHaveAttribute('href', '/sms/sendSms.html?contactIds=1');
    expect(screen.getByRole('link', { name: '发送邮件' })).toHaveAttribute('href', '/mail/sendMail.html?contactIds=1');
  });

  it('the add dialog says a bad phone and a missing required field before calling the server', async () => {
    serve({ list: [], ungrouped: 0, total: 0 }, []);
    const user = userEvent.setup();
    await open();
    await user.click((await screen.findAllByRole('button', { name: /新建联系人/ }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: '新建联系人' });
    await user.type(within(dialog).getByLabelText(/姓名/), '张三');
    await user.type(within(dialog).getByLabelText('手机号'), '1234');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('请输入正确的手机号');
    await user.clear(within(dialog).getByLabelText('手机号'));
    await user.type(within(dialog).getByLabelText('手机号'), '13800138000');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('请填写级别');
    expect(api.saveContact).not.toHaveBeenCalled();
    await user.selectOptions(within(dialog).getByLabelText(/级别/), 'A');
    vi.mocked(api.saveContact).mockResolvedValue(CONTACT);
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(api.saveContact).toHaveBeenCalledWith(expect.objectContaining({ name: '张三', phone: '13800138000', fields: { '7': 'A' } }));
  });
});
