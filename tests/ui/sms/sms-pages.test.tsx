import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TSmsSign, TSmsSignStatus } from '../../../schemas/api/sms';
import * as api from '../../../src/api/sms';
import * as contacts from '../../../src/api/contacts';
import * as question from '../../../src/api/question';
import { SendSmsPage } from '../../../src/features/sms/send-sms-page';
import { SmsSignPage } from '../../../src/features/sms/sms-sign-page';
import { renderAuth } from '../auth/render-auth';

vi.mock('../../../src/api/sms', async (original) => {
  const real = await original<typeof import('../../../src/api/sms')>();
  return { ...real, smsSignStatusQuery: vi.fn(), smsSignsQuery: vi.fn(), addSmsDetail: vi.fn(), saveSmsSign: vi.fn() };
});
vi.mock('../../../src/api/contacts', async (original) => {
  const real = await original<typeof import('../../../src/api/contacts')>();
  return { ...real, contactGroupsQuery: vi.fn() };
});
vi.mock('../../../src/api/question', async (original) => {
  const real = await original<typeof import('../../../src/api/question')>();
  return { ...real, questionListQuery: vi.fn() };
});

const SIGN: TSmsSign = {
  signId: 1,
  name: '问卷通',
  purpose: '企业或机构全称/简称',
  state: 'approved',
  reason: null,
  chosen: true,
  createTime: '2026-12-01T02:00:00.000Z',
  reviewTime: null,
};

function serve(status: TSmsSignStatus, signs: TSmsSign[] = []) {
  vi.mocked(api.smsSignStatusQuery).mockReturnValue({ queryKey: ['sms', 'status'], queryFn: () => Promise.resolve(status), retry: false } as never);
  vi.mocked(api.smsSignsQuery).mockReturnValue({ queryKey: ['sms', 'signs'], queryFn: () => Promise.resolve({ list: signs }), retry: false } as never);
  vi.mocked(contacts.contactGroupsQuery).mockReturnValue({
    queryKey: ['contact-groups'],
    queryFn: () => Promise.resolve({ list: [{ groupId: 4, name: '一班', count: 5 }], ungrouped: 3, total: 8 }),
  } as never);
  vi.mocked(question.questionListQuery).mockReturnValue({
    queryKey: ['list'],
    queryFn: () => Promise.resolve({ list: [{ questionId: 'q_12345678', title: '客户回访' }], total: 1, page: 1, pageSize: 100 }),
  } as never);
}

afterEach(() => vi.resetAllMocks());

describe('发送短信 (/sms/sendSms.html)', () => {
  it('counts the text with the signature, inserts variables, and sends to the contacts of the address', async () => {
    serve({ chosen: SIGN, approved: 1, reviewing: 0, smsRemaining: 100 });
    vi.mocked(api.addSmsDetail).mockResolvedValue({ invitationId: 9, queued: 3, refused: 0, skipped: 0 });
    const user = userEvent.setup();
    await renderAuth('/sms/sendSms.html?contactIds=1,2,3&questionId=q_12345678', { '/sms/sendSms.html': SendSmsPage, '/sms/recordDetail.html': () => <div /> });
    expect(await screen.findByTestId('sms-recipients')).toHaveTextContent('已选 3 位联系人');
    expect(screen.getByTestId('sms-remaining')).toHaveTextContent('100');
    const box = screen.getByRole('textbox', { name: '短信内容' });
    await user.clear(box);
    await user.type(box, '您好');
    await user.click(screen.getByRole('button', { name: '发送' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('发送内容须包含{链接}变量');
    await user.click(screen.getByRole('button', { name: '插入链接' }));
    expect(screen.getByTestId('sms-count')).toHaveTextContent('按 1 条计费');
    await user.type(box, '很'.repeat(30));
    expect(screen.getByTestId('sms-count')).toHaveTextContent('按 2 条计费（超过70字按每67字一条）');
    await user.click(screen.getByRole('button', { name: '发送' }));
    expect(api.addSmsDetail).toHaveBeenCalledWith(expect.objectContaining({ questionId: 'q_12345678', channel: 'sms', contactIds: [1, 2, 3] }));
  });

  it('without an approved signature it leads to 短信签名 and cannot send', async () => {
    serve({ chosen: null, approved: 0, reviewing: 1, smsRemaining: 0 });
    await renderAuth('/sms/sendSms.html?groupId=0', { '/sms/sendSms.html': SendSmsPage });
    expect(await screen.findByRole('link', { name: '去申请签名' })).toHaveAttribute('href', '/smsSign/index.html');
    expect(await screen.findByText(/未分组（3 人） 的联系人/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '发送' })).toBeDisabled();
  });
});

describe('短信签名 (/smsSign/index.html)', () => {
  it('checks a new signature before applying and lists the review states with the reason', async () => {
    serve({ chosen: null, approved: 0, reviewing: 0, smsRemaining: 0 }, [
      { ...SIGN, signId: 2, name: '乙公司', state: 'rejected', chosen: false, reason: '签名与企业名称不符' },
    ]);
    vi.mocked(api.saveSmsSign).mockResolvedValue({ ...SIGN, state: 'reviewing', chosen: false });
    const user = userEvent.setup();
    await renderAuth('/smsSign/index.html', { '/smsSign/index.html': SmsSignPage });
    expect(await screen.findByText('原因：签名与企业名称不符')).toBeInTheDocument();
    await user.type(screen.getByLabelText('签名（2-12个字，不含【】）'), '【问】');
    await user.click(screen.getByRole('button', { name: '提交审核' }));
    expect(screen.getByRole('alert')).toHaveTextContent('签名不能包含【】');
    await user.clear(screen.getByLabelText('签名（2-12个字，不含【】）'));
    await user.type(screen.getByLabelText('签名（2-12个字，不含【】）'), '问卷通');
    await user.selectOptions(screen.getByLabelText('签名用途'), '企业或机构全称/简称');
    await user.click(screen.getByRole('button', { name: '提交审核' }));
    expect(api.saveSmsSign).toHaveBeenCalledWith({ name: '问卷通', purpose: '企业或机构全称/简称' });
  });
});
