import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_MESSAGES, type TContactReceipt, type TContactSmsDetail, type TReceiptStatus, type TUnsubscribeInfo } from '../../../schemas/api/receipts';
import type { TSubject } from '../../../schemas/subjects/registry';
import { unsubscribeLink, unsubscribeToken } from '../../../server/services/invitations/unsubscribe-token';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { insertContact, insertInvitation, insertMessage, linkOf, projectIdOf, userIdOf } from '../../helpers/invitation-rows';
import { publishProject } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * Receipts (issue 50 item 3) and unsubscribe (item 4) over rows seeded directly: each invited contact's last
 * message state, 已退订 once they opt out, link opened and sheet answered; the counts; one contact's history; the
 * public unsubscribe page's calls, the one-click POST and the SMS provider's uplink (TD).
 */
const SECRET = 'receipts-test-secret';
const UPLINK_KEY = 'uplink-key-0123456789';
let t: TestApp;
let owner: { headers: { token: string }; phone: string };
let stranger: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp({ secret: SECRET, env: { SMS_UPLINK_KEY: UPLINK_KEY } });
  owner = await loginNewUser(t);
  stranger = await loginNewUser(t);
}, 60_000);
afterAll(() => t.close());

const q1 = makeSubject(1, 1) as TSubject;
const C = 'activity/contact/';

/** A published project whose owner invited five contacts: 张三 answered, 李四 delivered, 王五 failed, 赵六 opted out, 钱七 resent. */
async function invitedProject() {
  const questionId = await publishProject(t, owner.headers, { subjects: [q1] });
  const projectId = await projectIdOf(t.database, questionId);
  const userId = await userIdOf(t.database, owner.phone);
  const tag = Math.random().toString(36).slice(2, 8);
  const email = await insertInvitation(t.database, { projectId, userId, channel: 'email', subject: '调查邀请', body: '{姓名}您好，请填写：{链接}' });
  const sms = await insertInvitation(t.database, { projectId, userId, channel: 'sms', body: '{姓名}您好 {链接} 回T退订' });
  const people = [
    { name: '张三', email: `zhang-${tag}@example.com`, state: 'sent' as const },
    { name: '李四', email: `li-${tag}@example.com`, state: 'delivered' as const },
    { name: '王五', email: `wang-${tag}@example.com`, state: 'failed' as const, reason: '邮件服务器拒收：550' },
    { name: '<script>赵六</script>', email: `zhao-${tag}@example.com`, state: 'sent' as const },
  ];
  const ids: number[] = [];
  for (const p of people) {
    const contactId = await insertContact(t.database, userId, { name: p.name, email: p.email });
    const linkId = await linkOf(t.database, projectId, contactId, `link-${tag}-${contactId}`);
    await insertMessage(t.database, {
      invitationId: email,
      linkId,
      contactId,
      channel: 'email',
      address: p.email,
      name: p.name,
      state: p.state,
      reason: p.reason,
    });
    ids.push(contactId);
  }
  const phone = `139${String(Date.now()).slice(-8)}`;
  const qian = await insertContact(t.database, userId, { name: '钱七', phone });
  const qianLink = await linkOf(t.database, projectId, qian, `link-${tag}-${qian}`);
  await insertMessage(t.database, { invitationId: sms, linkId: qianLink, contactId: qian, channel: 'sms', address: phone, name: '钱七', state: 'failed' });
  await insertMessage(t.database, { invitationId: sms, linkId: qianLink, contactId: qian, channel: 'sms', address: phone, name: '钱七', state: 'delivered' });
  ids.push(qian);
  await t.database.query(`UPDATE contact_links SET opened_at = now(), answered_at = now() WHERE contact_id = $1`, [ids[0]]);
  return { questionId, projectId, tag, ids, phone };
}

const page = async (questionId: string, extra: object = {}, headers = owner.headers) =>
  t.call<{ list: TContactReceipt[]; total: number }>(`${C}getUserContactReceipt`, { questionId, ...extra }, headers);
const status = async (questionId: string) => (await t.call<TReceiptStatus>(`${C}getContactReceiptStatus`, { questionId }, owner.headers)).data;

describe(`receipts on ${engineName()}`, () => {
  it('lists each invited contact with their last message, opened and answered; counts them; filters and pages', async () => {
    const { questionId, ids } = await invitedProject();
    const all = (await page(questionId)).data;
    expect(all.total).toBe(5);
    const byName = Object.fromEntries(all.list.map((r) => [r.name, r]));
    expect(byName['张三']).toMatchObject({ channel: 'email', state: 'sent', messageCount: 1 });
    expect(byName['张三']!.openedAt).not.toBeNull();
    expect(byName['张三']!.answeredAt).not.toBeNull();
    expect(byName['李四']).toMatchObject({ state: 'delivered', answeredAt: null, openedAt: null });
    expect(byName['王五']).toMatchObject({ state: 'failed', reason: '邮件服务器拒收：550' });
    expect(byName['钱七']).toMatchObject({ channel: 'sms', state: 'delivered', messageCount: 2 });
    expect(byName['<script>赵六</script>']!.contactId).toBe(ids[3]);

    expect(await status(questionId)).toEqual({ invited: 5, sent: 4, delivered: 2, failed: 1, optedOut: 0, opened: 1, answered: 1, unanswered: 4 });
    expect((await page(questionId, { state: 'answered' })).data.list.map((r) => r.name)).toEqual(['张三']);
    expect((await page(questionId, { state: 'unanswered' })).data.total).toBe(4);
    expect((await page(questionId, { state: 'failed' })).data.list.map((r) => r.name)).toEqual(['王五']);
    expect((await page(questionId, { channel: 'sms' })).data.list.map((r) => r.name)).toEqual(['钱七']);
    expect((await page(questionId, { keyword: 'li-' })).data.list.map((r) => r.name)).toEqual(['李四']);
    expect((await page(questionId, { keyword: '%' })).data.total).toBe(0);
    const first = (await page(questionId, { pageSize: 2 })).data;
    const second = (await page(questionId, { pageSize: 2, page: 2 })).data;
    expect([first.total, first.list.length, second.list.length]).toEqual([5, 2, 2]);
    expect(new Set([...first.list, ...second.list].map((r) => r.contactId)).size).toBe(4);
  });

  it("one contact's history, newest first; another user's project or an uninvited contact is 404", async () => {
    const { questionId, ids } = await invitedProject();
    const detail = await t.call<TContactSmsDetail>(`${C}getContactSmsDetail`, { questionId, contactId: ids[4] }, owner.headers);
    expect(detail.data.contact).toMatchObject({ name: '钱七', smsOptedOut: false });
    expect(detail.data.messages.map((m) => m.state)).toEqual(['delivered', 'failed']);
    const email = await t.call<TContactSmsDetail>(`${C}getContactSmsDetail`, { questionId, contactId: ids[0] }, owner.headers);
    expect(email.data.messages[0]).toMatchObject({ channel: 'email', subject: '调查邀请' });
    expect(await t.call(`${C}getContactSmsDetail`, { questionId, contactId: 2_000_000_000 }, owner.headers)).toMatchObject({
      resultCode: '404',
      resultMsg: RECEIPT_MESSAGES.contactMissing,
    });
    expect((await page(questionId, {}, stranger.headers)).resultCode).toBe('404');
    expect((await t.call(`${C}getContactReceiptStatus`, { questionId }, stranger.headers)).resultCode).toBe('404');
    expect((await t.call(`${C}getContactSmsDetail`, { questionId, contactId: ids[0] }, stranger.headers)).resultCode).toBe('404');
    expect((await t.call(`${C}getContactReceiptStatus`, { questionId })).resultCode).toBe('401');
  });

  it('the answering page records a link opened once (the first time kept); an unknown link is 404', async () => {
    const { tag, ids } = await invitedProject();
    const token = `link-${tag}-${ids[1]}`;
    expect(await t.call(`${C}saveContactReceipt`, { token })).toMatchObject({ resultCode: '200', data: { opened: true } });
    const [first] = await t.database.query<{ opened_at: Date }>('SELECT opened_at FROM contact_links WHERE token = $1', [token]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await t.call(`${C}saveContactReceipt`, { token });
    const [again] = await t.database.query<{ opened_at: Date }>('SELECT opened_at FROM contact_links WHERE token = $1', [token]);
    expect(new Date(again!.opened_at).getTime()).toBe(new Date(first!.opened_at).getTime());
    expect(await t.call(`${C}saveContactReceipt`, { token: 'no-such-link' })).toMatchObject({ resultCode: '404', resultMsg: RECEIPT_MESSAGES.linkMissing });
  });
});

describe(`unsubscribe on ${engineName()}`, () => {
  it('the page says which address (partly hidden), 确认退订 opts the contact out once, and the receipts show 已退订', async () => {
    const { questionId, ids } = await invitedProject();
    const t1 = unsubscribeToken(SECRET, 'email', ids[1]!);
    expect(unsubscribeLink(SECRET, 'https://wj.example.com', 'email', ids[1]!)).toBe(`https://wj.example.com/unsubscribe.html?t=${t1}`);
    const info = await t.call<TUnsubscribeInfo>(`${C}getUnsubscribe`, { t: t1 });
    expect(info.data).toMatchObject({ channel: 'email', optedOut: false });
    expect(info.data.address).toMatch(/^li\*\*\*@example\.com$/);
    const done = await t.call<TUnsubscribeInfo>(`${C}saveUnsubscribe`, { t: t1 });
    expect(done).toMatchObject({ resultCode: '200', resultMsg: '已退订', data: { optedOut: true } });
    const [row] = await t.database.query<{ email_opt_out_at: Date }>('SELECT email_opt_out_at FROM contacts WHERE id = $1', [ids[1]]);
    expect(row!.email_opt_out_at).not.toBeNull();
    expect((await t.call(`${C}saveUnsubscribe`, { t: t1 })).resultCode).toBe('200');
    const [same] = await t.database.query<{ email_opt_out_at: Date }>('SELECT email_opt_out_at FROM contacts WHERE id = $1', [ids[1]]);
    expect(new Date(same!.email_opt_out_at).getTime()).toBe(new Date(row!.email_opt_out_at).getTime());

    expect((await page(questionId, { state: 'optedOut' })).data.list.map((r) => r.name)).toEqual(['李四']);
    expect(await status(questionId)).toMatchObject({ invited: 5, sent: 3, delivered: 1, optedOut: 1 });
  });

  it('a forged, altered or other-channel token is refused with a clear message', async () => {
    const { ids } = await invitedProject();
    const good = unsubscribeToken(SECRET, 'email', ids[2]!);
    for (const bad of [good.replace(/^e\d+/, `e${ids[3]}`), `s${good.slice(1)}`, unsubscribeToken('another-secret', 'email', ids[2]!), 'x', '<script>']) {
      expect(await t.call(`${C}saveUnsubscribe`, { t: bad })).toMatchObject({ resultCode: '404', resultMsg: RECEIPT_MESSAGES.tokenInvalid });
    }
    // An SMS token of a contact without a phone names no address.
    expect(await t.call(`${C}getUnsubscribe`, { t: unsubscribeToken(SECRET, 'sms', ids[2]!) })).toMatchObject({ resultCode: '404' });
    const [row] = await t.database.query<{ email_opt_out_at: Date | null }>('SELECT email_opt_out_at FROM contacts WHERE id = $1', [ids[3]]);
    expect(row!.email_opt_out_at).toBeNull();
  });

  it("a mail client's one-click POST (List-Unsubscribe=One-Click) opts the contact out", async () => {
    const { ids } = await invitedProject();
    const response = await t.app.inject({
      method: 'POST',
      url: `/mail/unsubscribe?t=${unsubscribeToken(SECRET, 'email', ids[3]!)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.query<{ email_opt_out_at: Date | null }>('SELECT email_opt_out_at FROM contacts WHERE id = $1', [ids[3]]);
    expect(row!.email_opt_out_at).not.toBeNull();
  });

  it("an SMS reply TD (the provider's uplink) opts out the contacts that phone got invitations as; other replies and wrong keys do nothing", async () => {
    const { questionId, ids, phone } = await invitedProject();
    const push = (key: string, body: unknown) => t.app.inject({ method: 'POST', url: `/sms/uplink/${key}`, payload: body as object });
    expect((await push('wrong-key-0123456789', [{ phone_number: phone, content: 'TD' }])).statusCode).toBe(404);
    expect((await push(UPLINK_KEY, [{ phone_number: phone, content: '好的' }])).json()).toEqual({ code: 0, msg: '成功' });
    const optOut = async () =>
      (await t.database.query<{ sms_opt_out_at: Date | null }>('SELECT sms_opt_out_at FROM contacts WHERE id = $1', [ids[4]]))[0]!.sms_opt_out_at;
    expect(await optOut()).toBeNull();
    expect((await push(UPLINK_KEY, { not: 'a list' })).statusCode).toBe(400);
    expect((await push(UPLINK_KEY, [{ phone_number: phone, content: ' td ', send_time: '2026-12-04 20:00:00', sequence_id: 1 }])).json()).toEqual({
      code: 0,
      msg: '成功',
    });
    expect(await optOut()).not.toBeNull();
    expect((await page(questionId, { channel: 'sms' })).data.list[0]).toMatchObject({ name: '钱七', state: 'optedOut' });
    const sms = await t.call<TUnsubscribeInfo>(`${C}getUnsubscribe`, { t: unsubscribeToken(SECRET, 'sms', ids[4]!) });
    expect(sms.data).toMatchObject({ channel: 'sms', optedOut: true, address: `${phone.slice(0, 3)}****${phone.slice(-4)}` });
  });
});
