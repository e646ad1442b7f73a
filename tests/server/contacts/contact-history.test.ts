import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, type TContact, type TContactHistory } from '../../../schemas/api/contacts';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { insertContact, insertInvitation, insertMessage, linkOf, projectIdOf, userIdOf } from '../../helpers/invitation-rows';
import { publishProject } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * The address book's side of invitations (issue 50, helper contacts2): opted-out contacts carry their tags and the
 * 已退订 filter finds them; a contact's history lists every message the caller sent them across their projects with
 * the link's opened and answered; another user's contact is "404".
 */
let t: TestApp;
let owner: { headers: { token: string }; phone: string };
let stranger: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t);
  stranger = await loginNewUser(t);
}, 60_000);
afterAll(() => t.close());

const C = 'activity/contact/';
const q1 = makeSubject(1, 1) as TSubject;
const tag = () => Math.random().toString(36).slice(2, 8);

describe(`a contact's opt-outs and history on ${engineName()}`, () => {
  it('the list says who opted out of e-mail or SMS, and optedOut keeps only them', async () => {
    const userId = await userIdOf(t.database, owner.phone);
    const k = tag();
    const mail = await insertContact(t.database, userId, { name: `邮件退订${k}`, email: `m-${k}@example.com` });
    const sms = await insertContact(t.database, userId, { name: `短信退订${k}`, phone: `137${String(Date.now()).slice(-8)}` });
    await insertContact(t.database, userId, { name: `正常${k}`, email: `ok-${k}@example.com` });
    await t.database.query('UPDATE contacts SET email_opt_out_at = now() WHERE id = $1', [mail]);
    await t.database.query('UPDATE contacts SET sms_opt_out_at = now() WHERE id = $1', [sms]);
    const all = await t.call<{ list: TContact[]; total: number }>(`${C}getContactList`, { keyword: k }, owner.headers);
    expect(all.data.list.map((c) => [c.name, c.emailOptOut, c.smsOptOut])).toEqual([
      [`正常${k}`, false, false],
      [`短信退订${k}`, false, true],
      [`邮件退订${k}`, true, false],
    ]);
    const opted = await t.call<{ list: TContact[]; total: number }>(`${C}getContactList`, { keyword: k, optedOut: true }, owner.headers);
    expect(opted.data.total).toBe(2);
    expect(opted.data.list.map((c) => c.contactId)).toEqual([sms, mail]);
    // Saving the contact again (the dialog) does not clear an opt-out: only the person can, by a new consent.
    const saved = await t.call<TContact>(`${C}saveOrUpdateContact`, { contactId: mail, name: `邮件退订${k}改`, email: `m-${k}@example.com` }, owner.headers);
    expect(saved.data.emailOptOut).toBe(true);
  });

  it("lists every message to the contact across the caller's projects, newest first, with opened and answered", async () => {
    const userId = await userIdOf(t.database, owner.phone);
    const k = tag();
    const first = await publishProject(t, owner.headers, { subjects: [q1] });
    const second = await publishProject(t, owner.headers, { subjects: [q1] });
    await t.database.query('UPDATE projects SET title = $2 WHERE public_id = $1', [first, `员工调查${k}`]);
    await t.database.query('UPDATE projects SET title = $2 WHERE public_id = $1', [second, '=1+1']);
    const email = `h-${k}@example.com`;
    const contactId = await insertContact(t.database, userId, { name: '<script>alert(1)</script>', email });
    const other = await insertContact(t.database, userId, { name: `别人${k}`, email: `o-${k}@example.com` });
    const p1 = await projectIdOf(t.database, first);
    const p2 = await projectIdOf(t.database, second);
    const inv1 = await insertInvitation(t.database, { projectId: p1, userId, channel: 'email', subject: '邀请', body: '{链接}' });
    const inv2 = await insertInvitation(t.database, { projectId: p2, userId, channel: 'email', body: '{链接}' });
    const l1 = await linkOf(t.database, p1, contactId, `h1-${k}`);
    const l2 = await linkOf(t.database, p2, contactId, `h2-${k}`);
    const base = { contactId, channel: 'email' as const, address: email, name: '<script>alert(1)</script>' };
    await insertMessage(t.database, { ...base, invitationId: inv1, linkId: l1, state: 'failed', reason: '邮箱不存在' });
    await insertMessage(t.database, { ...base, invitationId: inv1, linkId: l1, state: 'delivered' });
    await insertMessage(t.database, { ...base, invitationId: inv2, linkId: l2, state: 'sent' });
    await insertMessage(t.database, {
      contactId: other,
      channel: 'email',
      address: `o-${k}@example.com`,
      name: '别人',
      invitationId: inv2,
      linkId: await linkOf(t.database, p2, other, `h3-${k}`),
    });
    await t.database.query('UPDATE contact_links SET opened_at = now(), answered_at = now() WHERE id = $1', [l1]);

    const history = await t.call<TContactHistory>(`${C}getContactHistory`, { contactId }, owner.headers);
    expect(history.resultCode).toBe('200');
    expect(history.data.contact).toMatchObject({ contactId, name: '<script>alert(1)</script>' });
    expect(history.data.total).toBe(3);
    expect(history.data.list.map((m) => [m.questionId, m.projectTitle, m.state])).toEqual([
      [second, '=1+1', 'sent'],
      [first, `员工调查${k}`, 'delivered'],
      [first, `员工调查${k}`, 'failed'],
    ]);
    expect(history.data.list[2]).toMatchObject({ channel: 'email', address: email, reason: '邮箱不存在' });
    expect(history.data.list[1]!.openedAt).not.toBeNull();
    expect(history.data.list[1]!.answeredAt).not.toBeNull();
    expect(history.data.list[0]).toMatchObject({ openedAt: null, answeredAt: null });

    const none = await t.call<TContactHistory>(
      `${C}getContactHistory`,
      { contactId: await insertContact(t.database, userId, { name: `新人${k}`, phone: `136${String(Date.now()).slice(-8)}` }) },
      owner.headers,
    );
    expect(none.data).toMatchObject({ list: [], total: 0 });
  });

  it("another user's contact, an unknown id or a bad id is refused; logged out is 401", async () => {
    const userId = await userIdOf(t.database, owner.phone);
    const contactId = await insertContact(t.database, userId, { name: '私人', email: `p-${tag()}@example.com` });
    expect(await t.call(`${C}getContactHistory`, { contactId }, stranger.headers)).toMatchObject({ resultCode: '404', resultMsg: CONTACT_MESSAGES.notFound });
    expect(await t.call(`${C}getContactHistory`, { contactId: 2_000_000_000 }, owner.headers)).toMatchObject({ resultCode: '404' });
    for (const bad of [0, -1, 1.5, 'x', null, 2 ** 31]) {
      expect((await t.call(`${C}getContactHistory`, { contactId: bad }, owner.headers)).resultCode).toBe('400');
    }
    expect((await t.call(`${C}getContactHistory`, { contactId })).resultCode).toBe('401');
  });
});
