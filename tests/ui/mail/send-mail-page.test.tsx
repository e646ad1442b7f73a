import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../../src/api/mail';
import * as smsApi from '../../../src/api/sms';
import * as contactsApi from '../../../src/api/contacts';
import { SendMailPage } from '../../../src/features/mail/send-mail-page';
import { draftProblem, insertAt, recipientsOf } from '../../../src/features/mail/send-mail-form';
import { renderAuth } from '../auth/render-auth';

// The send is helper sms's activity/message/contact/addSmsDetail (src/api/sms.ts) with channel 'email'.
vi.mock('../../../src/api/mail', async (original) => {
  const real = await original<typeof import('../../../src/api/mail')>();
  return { ...real, sendableProjectsQuery: vi.fn() };
});
vi.mock('../../../src/api/contacts', async (original) => {
  const real = await original<typeof import('../../../src/api/contacts')>();
  return { ...real, contactGroupsQuery: vi.fn() };
});
vi.mock('../../../src/api/sms', async (original) => {
  const real = await original<typeof import('../../../src/api/sms')>();
  return { ...real, addSmsDetail: vi.fn() };
});
// The page always holds the groups query (enabled only with a groupId in the address): a send without groups gets none.
beforeEach(() => {
  vi.mocked(contactsApi.contactGroupsQuery).mockReturnValue({
    queryKey: ['contacts', 'groups'],
    queryFn: () => Promise.resolve({ list: [], ungrouped: 0, total: 0 }),
  } as never);
});
afterEach(() => vi.resetAllMocks());

function serveProjects() {
  vi.mocked(api.sendableProjectsQuery).mockReturnValue({
    queryKey: ['mail', 'projects'],
    queryFn: () =>
      Promise.resolve({
        list: [
          { questionId: 'q1', title: '员工满意度调查' },
          { questionId: 'q2', title: '年会报名' },
        ],
        total: 2,
        page: 1,
        pageSize: 100,
      }),
  } as never);
}
const open = (href: string) => renderAuth(href, { '/mail/sendMail.html': SendMailPage });

describe('发送邮件 (/mail/sendMail.html)', () => {
  it('sends the selection for the project in the address with the subject and body (插入姓名 at the cursor) as an e-mail', async () => {
    serveProjects();
    vi.mocked(smsApi.addSmsDetail).mockResolvedValue({ invitationId: 7, queued: 2, refused: 0, skipped: 1 });
    const user = userEvent.setup();
    await open('/mail/sendMail.html?questionId=q2&contactIds=4,5,x');
    expect(screen.getByTestId('mail-recipients')).toHaveTextContent('已选 2 位联系人');
    expect(await screen.findByRole('option', { name: '年会报名' })).toBeInTheDocument();
    expect(screen.getByLabelText('邀请填写的项目')).toHaveValue('q2');
    await user.type(screen.getByLabelText('邮件主题'), '年会报名邀请');
    const body = screen.getByLabelText('邮件内容');
    await user.clear(body);
    await user.type(body, '您好，请报名：');
    await user.click(screen.getByRole('button', { name: '插入链接' }));
    await user.click(screen.getByRole('button', { name: '发送' }));
    expect(smsApi.addSmsDetail).toHaveBeenCalledWith({
      questionId: 'q2',
      channel: 'email',
      contactIds: [4, 5],
      groupIds: [],
      subject: '年会报名邀请',
      content: '您好，请报名：{链接}',
      sendAt: undefined,
      oneSheet: true,
    });
    expect(await screen.findByText('已提交发送：2 封邮件排队发送')).toBeInTheDocument();
    expect(screen.getByText('跳过 1 人（已退订或没有邮箱）')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看邀请回执' })).toHaveAttribute('href', '/SMSReceipt.html?questionId=q2');
  });

  it('names the group from the address book', async () => {
    serveProjects();
    vi.mocked(contactsApi.contactGroupsQuery).mockReturnValue({
      queryKey: ['contacts', 'groups'],
      queryFn: () => Promise.resolve({ list: [{ groupId: 3, name: '一班', count: 5 }], ungrouped: 2, total: 7 }),
    } as never);
    await open('/mail/sendMail.html?questionId=q1&groupId=3');
    expect(await screen.findByText('“一班”（5 人） 的全部联系人')).toBeInTheDocument();
  });

  it('checks before sending: recipients, subject, the link variable', async () => {
    serveProjects();
    const user = userEvent.setup();
    await open('/mail/sendMail.html?questionId=q1');
    expect(screen.getByTestId('mail-recipients')).toHaveTextContent('还没有选择收件人');
    await user.click(screen.getByRole('button', { name: '发送' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请先在通讯录中选择联系人或分组');
    expect(smsApi.addSmsDetail).not.toHaveBeenCalled();
  });

  it('the form rules', () => {
    const draft = { questionId: 'q1', subject: '邀请', content: '{姓名}您好 {链接}', sendAt: '', scheduled: false, oneSheet: true };
    const some = { contactIds: [1], groupIds: [] };
    expect(draftProblem(draft, some)).toBeNull();
    expect(draftProblem({ ...draft, content: '{姓名}您好' }, some)).toMatch(/须包含\{链接\}/);
    expect(draftProblem({ ...draft, subject: ' ' }, some)).toBe('请填写邮件主题');
    expect(draftProblem({ ...draft, scheduled: true, sendAt: '2020-01-01T08:00' }, some)).toBe('定时发送的时间须晚于现在');
    expect(recipientsOf({ groupId: '0', contactIds: '' })).toEqual({ contactIds: [], groupIds: [0] });
    expect(insertAt('ab', '{姓名}', 1, 1)).toEqual({ value: 'a{姓名}b', cursor: 5 });
  });
});
