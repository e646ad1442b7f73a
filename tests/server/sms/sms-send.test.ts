import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAddInvitationResult } from '../../../schemas/api/invitations';
import type { TInvitationMessage, TInvitationSummary } from '../../../schemas/api/sms';
import type { TSubject } from '../../../schemas/subjects/registry';
import { grantUnits, loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject } from '../../helpers/publish';
import { addContacts, approvedSign, someContacts, userIdOf } from '../../helpers/sms-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { smsUnits } from '../../../server/services/sms/invitation-plan';

/**
 * Sends by SMS (issue 50 items 2–3): the caller's own contacts, skipped and refused ones, the text's checks, the
 * runner sending through the outbox provider, scheduling, cancelling (counts back), records and resends.
 */
let t: TestApp;
let clock = new Date();
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual', now: () => clock, invitationRunner: { ratePerSecond: 1000 } });
}, 60_000);
afterAll(() => t.close());

const M = 'activity/message/contact/';
const q1 = makeSubject(1, 1) as TSubject;
const text = '{姓名}您好，请填写问卷：{链接}';

async function sender(units = 100) {
  const user = await loginNewUser(t);
  await grantUnits(t, user.phone, 'sms', units);
  await approvedSign(t, user.headers, '测试公司');
  const questionId = await publishProject(t, user.headers, { subjects: [q1] });
  return { ...user, userId: await userIdOf(t, user.phone), questionId };
}

const remaining = async (userId: number) =>
  (await t.database.query<{ remaining: number }>(`SELECT remaining FROM user_quotas WHERE user_id = $1 AND kind = 'sms'`, [userId]))[0]!.remaining;
/** The counts a send's queued and sent messages took. */
const unitsOf = async (invitationId: number) =>
  (
    await t.database.query<{ content: string }>(`SELECT content FROM invitation_messages WHERE invitation_id = $1 AND state IN ('queued', 'sent')`, [
      invitationId,
    ])
  ).reduce((sum, m) => sum + smsUnits(m.content), 0);
const outbox = (phone: string) => t.database.query<{ text: string }>('SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id', [phone]);
const detail = async (headers: { token: string }, invitationId: number) =>
  (await t.call<{ invitation: TInvitationSummary; list: TInvitationMessage[] }>('activity/message/contact/getSmsDetailMessages', { invitationId }, headers))
    .data;

describe(`SMS sends on ${engineName()}`, () => {
  it('sends to the chosen contacts: each gets a signed text with their own link and the opt-out words; skipped ones say why', async () => {
    const s = await sender();
    const [a, b, optedOut, noPhone] = await addContacts(t, s.userId, [
      { name: '张三' },
      { name: '李四' },
      { smsOptOut: true },
      { phone: null, email: 'x@example.com' },
    ]);
    const sent = await t.call<TAddInvitationResult>(
      `${M}addSmsDetail`,
      { questionId: s.questionId, channel: 'sms', contactIds: [a, b, optedOut, noPhone], content: text },
      s.headers,
    );
    expect(sent.resultCode).toBe('200');
    expect(sent.data).toMatchObject({ queued: 2, refused: 0, skipped: 2 });
    expect(await unitsOf(sent.data.invitationId)).toBeGreaterThanOrEqual(2);
    expect(await remaining(s.userId)).toBe(100 - (await unitsOf(sent.data.invitationId)));
    expect(await t.app.invitationRunner.runOnce()).toBeGreaterThanOrEqual(2);

    const { invitation, list } = await detail(s.headers, sent.data.invitationId);
    expect(invitation).toMatchObject({ state: 'done', total: 4, counts: { sent: 2, skipped: 2 } });
    expect(list.map((m) => [m.name, m.state, m.reason])).toEqual([
      ['张三', 'sent', null],
      ['李四', 'sent', null],
      [expect.any(String), 'skipped', '已退订'],
      [expect.any(String), 'skipped', '无手机号'],
    ]);
    const [zhang] = await outbox(list[0]!.address);
    expect(zhang!.text).toMatch(new RegExp(`^【测试公司】张三您好，请填写问卷：http://\\S+/s/${s.questionId}\\?ct=[\\w-]{16} 回T退订$`));
    const tokens = await t.database.query<{ token: string }>('SELECT token FROM contact_links WHERE contact_id = ANY($1::int[])', [[a, b]]);
    expect(new Set(tokens.map((r) => r.token)).size).toBe(2);
  });

  it("never reaches another user's contacts, and groups resolve to the caller's own (0 = 未分组)", async () => {
    const s = await sender();
    const other = await sender();
    const [theirs] = await addContacts(t, other.userId, [{}]);
    const mine = await addContacts(t, s.userId, someContacts(2));
    const stolen = await t.call(`${M}addSmsDetail`, { questionId: s.questionId, channel: 'sms', contactIds: [theirs], content: text }, s.headers);
    expect(stolen.resultMsg).toBe('请选择发送对象');
    const ungrouped = await t.call<TAddInvitationResult>(
      `${M}addSmsDetail`,
      { questionId: s.questionId, channel: 'sms', groupIds: [0], content: text },
      s.headers,
    );
    expect(ungrouped.data.queued).toBe(mine.length);
  });

  it('checks the text before anything is stored: {链接} required, unknown variables refused, length with the signature', async () => {
    const s = await sender();
    const ids = await addContacts(t, s.userId, someContacts(1));
    const send = (content: string) => t.call(`${M}addSmsDetail`, { questionId: s.questionId, channel: 'sms', contactIds: ids, content }, s.headers);
    expect((await send('您好，请填写问卷')).resultMsg).toBe('发送内容须包含{链接}变量');
    expect((await send('{称呼}您好 {链接}')).resultMsg).toBe('不支持的变量{称呼}，只能使用{姓名}和{链接}');
    expect((await send(`${'字'.repeat(440)}{链接}`)).resultMsg).toBe('短信内容（含签名）最多500个字');
    expect((await send('【别的签名】{链接}')).resultMsg).toBe('短信内容不需要填写【】签名，发送时会自动加上已选签名');
    const [row] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM invitations WHERE user_id = $1', [s.userId]);
    expect(row!.n).toBe(0);
    expect(await remaining(s.userId)).toBe(100);
  });

  it('a long text takes one count per 67 characters', async () => {
    const s = await sender();
    const ids = await addContacts(t, s.userId, someContacts(1));
    await t.call(`${M}addSmsDetail`, { questionId: s.questionId, channel: 'sms', contactIds: ids, content: `${'字'.repeat(100)}{链接}` }, s.headers);
    expect(await remaining(s.userId)).toBe(100 - 3);
  });

  it('needs an approved chosen signature, SMS counts, and edit power on the project', async () => {
    const user = await loginNewUser(t);
    const questionId = await publishProject(t, user.headers, { subjects: [q1] });
    const ids = await addContacts(t, await userIdOf(t, user.phone), someContacts(2));
    const body = { questionId, channel: 'sms', contactIds: ids, content: '{链接}' };
    const noSign = await t.call<{ page: string }>(`${M}addSmsDetail`, body, user.headers);
    expect([noSign.resultCode, noSign.resultMsg, noSign.data?.page]).toEqual([
      '400',
      '请先申请短信签名并在审核通过后选择使用，再发送短信',
      '/smsSign/index.html',
    ]);
    await approvedSign(t, user.headers);
    await grantUnits(t, user.phone, 'sms', 1);
    const partly = await t.call<TAddInvitationResult>(`${M}addSmsDetail`, body, user.headers);
    expect(partly.data).toMatchObject({ queued: 1, refused: 1 });
    const stranger = await loginNewUser(t);
    expect((await t.call(`${M}addSmsDetail`, body, stranger.headers)).resultCode).toBe('404');
  });

  it('a scheduled send waits for its time; cancelling it gives its counts back; a finished record is deleted', async () => {
    const s = await sender();
    const ids = await addContacts(t, s.userId, someContacts(3));
    const at = new Date(clock.getTime() + 3_600_000).toISOString();
    const later = await t.call<TAddInvitationResult>(
      `${M}addSmsDetail`,
      { questionId: s.questionId, channel: 'sms', contactIds: ids, content: '{链接}', sendAt: at },
      s.headers,
    );
    const past = await t.call(
      `${M}addSmsDetail`,
      { questionId: s.questionId, channel: 'sms', contactIds: ids, content: text, sendAt: new Date(clock.getTime() - 1000).toISOString() },
      s.headers,
    );
    expect(past.resultMsg).toBe('定时发送时间须晚于当前时间');
    expect(await remaining(s.userId)).toBe(97);
    expect(await unitsOf(later.data.invitationId)).toBe(3);
    await t.app.invitationRunner.runOnce();
    expect((await detail(s.headers, later.data.invitationId)).invitation.state).toBe('scheduled');
    expect((await t.call(`${M}delSmsDetail`, { invitationId: later.data.invitationId }, s.headers)).resultCode).toBe('200');
    expect(await remaining(s.userId)).toBe(100);
    expect((await detail(s.headers, later.data.invitationId)).invitation).toMatchObject({ state: 'cancelled', counts: { skipped: 3 } });

    const again = await t.call<TAddInvitationResult>(
      `${M}addSmsDetail`,
      { questionId: s.questionId, channel: 'sms', contactIds: ids, content: text, sendAt: at },
      s.headers,
    );
    clock = new Date(clock.getTime() + 2 * 3_600_000);
    await t.app.invitationRunner.runOnce();
    expect((await detail(s.headers, again.data.invitationId)).invitation).toMatchObject({ state: 'done', counts: { sent: 3 } });
    expect((await t.call(`${M}delSmsDetail`, { invitationId: again.data.invitationId }, s.headers)).resultCode).toBe('200');
    expect((await t.call(`${M}getSmsDetailMessages`, { invitationId: again.data.invitationId }, s.headers)).resultMsg).toBe('发送记录不存在');
  });

  it('lists the records and resends to the unanswered only, reusing their links', async () => {
    const s = await sender();
    const ids = await addContacts(t, s.userId, someContacts(3));
    const first = await t.call<TAddInvitationResult>(
      `${M}addSmsDetail`,
      { questionId: s.questionId, channel: 'sms', contactIds: ids, content: text },
      s.headers,
    );
    await t.app.invitationRunner.runOnce();
    await t.database.query('UPDATE contact_links SET answered_at = now(), sheet_id = 1 WHERE contact_id = $1', [ids[0]]);
    const unanswered = await t.call<{ list: { contactId: number }[]; total: number }>(
      `${M}getAgainContactSms`,
      { invitationId: first.data.invitationId },
      s.headers,
    );
    expect(unanswered.data.list.map((c) => c.contactId)).toEqual([ids[1], ids[2]]);
    const resent = await t.call<TAddInvitationResult>(`${M}getContactAgainSms`, { invitationId: first.data.invitationId }, s.headers);
    expect(resent.data).toMatchObject({ queued: 2, refused: 0, skipped: 0 });
    const page = await t.call<{ list: TInvitationSummary[]; total: number }>(`${M}getSmsDetailPage`, {}, s.headers);
    expect(page.data.list.map((r) => [r.invitationId, r.resendOf])).toEqual([
      [resent.data.invitationId, first.data.invitationId],
      [first.data.invitationId, null],
    ]);
    const links = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_links WHERE contact_id = ANY($1::int[])', [ids]);
    expect(links[0]!.n).toBe(3);
    const other = await loginNewUser(t);
    expect((await t.call(`${M}getContactAgainSms`, { invitationId: first.data.invitationId }, other.headers)).resultMsg).toBe('发送记录不存在');
  });

  it("records the provider's delivery reports (Aliyun's push format) by provider id", async () => {
    const s = await sender();
    const ids = await addContacts(t, s.userId, someContacts(2));
    const sent = await t.call<TAddInvitationResult>(
      `${M}addSmsDetail`,
      { questionId: s.questionId, channel: 'sms', contactIds: ids, content: text },
      s.headers,
    );
    await t.app.invitationRunner.runOnce();
    const rows = await t.database.query<{ provider_id: string; address: string }>(
      'SELECT provider_id, address FROM invitation_messages WHERE invitation_id = $1 ORDER BY id',
      [sent.data.invitationId],
    );
    const report = [
      {
        phone_number: rows[0]!.address,
        send_time: '2026-12-04 10:00:00',
        report_time: '2026-12-04 10:00:05',
        success: true,
        err_code: 'DELIVERED',
        err_msg: '用户接收成功',
        sms_size: '1',
        biz_id: rows[0]!.provider_id,
      },
      { phone_number: rows[1]!.address, success: false, err_code: 'MK:0001', err_msg: '空号', biz_id: rows[1]!.provider_id },
      { phone_number: '13800000000', success: true, biz_id: 'unknown' },
      'garbage',
    ];
    const response = await t.app.inject({ method: 'POST', url: '/sms/report/aliyun', payload: report });
    expect(response.json()).toMatchObject({ code: 0, matched: 2 });
    const { list } = await detail(s.headers, sent.data.invitationId);
    expect(list.map((m) => [m.state, m.reason])).toEqual([
      ['delivered', null],
      ['failed', 'MK:0001 空号'],
    ]);
    expect(list[0]!.deliveredAt).toBe('2026-12-04T02:00:05.000Z');
  });
});
