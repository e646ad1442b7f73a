import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAddInvitationResult } from '../../../schemas/api/invitations';
import type { TContactLinkInfo } from '../../../schemas/api/sms';
import type { TUnsubscribeInfo } from '../../../schemas/api/receipts';
import type { TSubject } from '../../../schemas/subjects/registry';
import { smtpMailTransport } from '../../../server/providers/mail-smtp';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { startLocalSmtp, type LocalSmtp } from '../../helpers/local-smtp';
import { publishProject } from '../../helpers/publish';
import { addContacts, userIdOf } from '../../helpers/sms-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * E-mail invitations through the job runner (issue 50 items 3–4): the app's runner sends them with the mail
 * transport to a local SMTP server; each message carries the contact's own link (it opens as that contact) and a
 * signed unsubscribe link that opts the contact out, after which a new send skips them. A contact deleted before
 * the message leaves gets nothing.
 */
let smtp: LocalSmtp;
let t: TestApp;
let mail: ReturnType<typeof smtpMailTransport>;
beforeAll(async () => {
  smtp = await startLocalSmtp();
  mail = smtpMailTransport({ host: '127.0.0.1', port: smtp.port, secure: false, from: 'noreply@wenjuan.test', timeoutMs: 2_000 });
  t = await createTestApp({ jobs: 'manual', mail, invitationRunner: { ratePerSecond: 1000 } });
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const q1 = makeSubject(1, 1) as TSubject;
const address = (tag: string) => `${tag}.${engineName()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

async function sendEmail(headers: Record<string, string>, questionId: string, contactIds: number[]) {
  const sent = await t.call<TAddInvitationResult>(
    'activity/message/contact/addSmsDetail',
    { questionId, channel: 'email', contactIds, subject: '{姓名}，请填写问卷', content: '{姓名}您好，请点击 {链接} 填写。' },
    headers,
  );
  expect(sent.resultCode).toBe('200');
  return sent.data;
}

const stateOf = async (invitationId: number) =>
  t.database.query<{ contact_id: number | null; state: string; reason: string | null }>(
    'SELECT contact_id, state, reason FROM invitation_messages WHERE invitation_id = $1 ORDER BY id',
    [invitationId],
  );

describe(`e-mail invitations through the runner on ${engineName()}`, () => {
  it("reaches the SMTP server with the contact's own link and a working unsubscribe link", async () => {
    const user = await loginNewUser(t);
    const questionId = await publishProject(t, user.headers, { subjects: [q1] });
    const userId = await userIdOf(t, user.phone);
    const to = address('wang');
    const [wang] = await addContacts(t, userId, [{ name: '王五', email: to }]);
    const sent = await sendEmail(user.headers, questionId, [wang!]);
    expect(sent.queued).toBe(1);

    expect(await t.app.invitationRunner.runOnce()).toBeGreaterThanOrEqual(1);
    expect(await stateOf(sent.invitationId)).toEqual([{ contact_id: wang, state: 'sent', reason: null }]);
    const got = await smtp.latest(to);
    expect(got.subject).toBe('王五，请填写问卷');

    // The contact's own link: /s/<questionId>?ct=<token of this contact's link>, and it opens as 王五.
    const [link] = await t.database.query<{ token: string }>('SELECT token FROM contact_links WHERE contact_id = $1', [wang]);
    const own = new RegExp(`王五您好，请点击 (\\S+/s/${questionId}\\?ct=(\\S+)) 填写。`).exec(got.text ?? '');
    expect(own?.[2]).toBe(link!.token);
    const opened = await t.call<TContactLinkInfo>('active/write/getContactLink', { questionId, ct: own![2] });
    expect(opened.data.name).toBe('王五');

    // The unsubscribe link in the text part names this contact; confirming it opts them out of e-mail.
    const unsubscribe = /退订：(\S+)/.exec(got.text ?? '')?.[1];
    expect(unsubscribe).toMatch(/\/unsubscribe\.html\?t=e\d+\./);
    expect(got.html).toContain(`href="${unsubscribe}"`);
    const token = new URL(unsubscribe!).searchParams.get('t')!;
    const info = await t.call<TUnsubscribeInfo>('activity/contact/getUnsubscribe', { t: token });
    expect(info.data.optedOut).toBe(false);
    const done = await t.call<TUnsubscribeInfo>('activity/contact/saveUnsubscribe', { t: token });
    expect(done.resultMsg).toBe('已退订');
    expect(done.data.optedOut).toBe(true);

    // The next send skips the opted-out contact: nothing more reaches the server.
    const before = smtp.messages.length;
    const again = await sendEmail(user.headers, questionId, [wang!]);
    expect(again).toMatchObject({ queued: 0, skipped: 1 });
    await t.app.invitationRunner.runOnce();
    expect(smtp.messages.length).toBe(before);
  });

  it('sends nothing to a contact deleted before the message left (their link and message go with them)', async () => {
    const user = await loginNewUser(t);
    const questionId = await publishProject(t, user.headers, { subjects: [q1] });
    const userId = await userIdOf(t, user.phone);
    const to = address('gone');
    const [gone] = await addContacts(t, userId, [{ name: '赵六', email: to }]);
    const sent = await sendEmail(user.headers, questionId, [gone!]);
    await t.database.query('DELETE FROM contacts WHERE id = $1', [gone]);
    await t.app.invitationRunner.runOnce();
    expect(await stateOf(sent.invitationId)).toEqual([]);
    expect(smtp.envelopes.flat()).not.toContain(to);
  });
});
