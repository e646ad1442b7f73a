import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client';
import type { InvitationMessageRow } from '../../../server/db/rows';
import { MAIL_UNCONFIGURED, unconfiguredMailTransport } from '../../../server/providers/mail-outbox';
import { smtpMailTransport } from '../../../server/providers/mail-smtp';
import { ChannelSendError } from '../../../server/services/invitations/channel';
import { emailSender } from '../../../server/services/invitations/email-sender';
import { unsubscribeLink } from '../../../server/services/invitations/unsubscribe-token';
import { insertContact, insertInvitation, insertMessage, linkOf } from '../../helpers/invitation-rows';
import { startLocalSmtp, type LocalSmtp } from '../../helpers/local-smtp';
import { engineName, openTestDatabase } from '../../helpers/test-db';

/**
 * The e-mail channel sender (issue 50 item 3) end to end through a local SMTP server: the invitation rendered for
 * one contact (subject, {姓名}/{链接} filled, a script-like name kept as text, a text part), the unsubscribe footer
 * and List-Unsubscribe headers; refusals and outages mapped to the runner's ChannelSendError.
 */
let smtp: LocalSmtp;
let database: Database;
let mail: ReturnType<typeof smtpMailTransport>;
beforeAll(async () => {
  smtp = await startLocalSmtp();
  database = await openTestDatabase();
  mail = smtpMailTransport({ host: '127.0.0.1', port: smtp.port, secure: false, from: 'noreply@wenjuan.test', timeoutMs: 2_000 });
}, 60_000);
afterAll(async () => {
  mail.close();
  await smtp.close();
  await database.close();
});

/** A user, a project and one e-mail invitation message to `name` <`to`>. */
async function messageTo(name: string, to: string, invitation: { subject?: string | null; body: string }): Promise<InvitationMessageRow> {
  const [user] = await database.query<{ id: number }>(`INSERT INTO users (public_id, phone, username) VALUES ($1, $2, '发件人') RETURNING id`, [
    `u${Math.random().toString(36).slice(2, 12)}`,
    `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  ]);
  const [project] = await database.query<{ id: number }>(
    `INSERT INTO projects (public_id, owner_id, question_type, title) VALUES ($1, $2, 1, '满意度调查') RETURNING id`,
    [`p${Math.random().toString(36).slice(2, 12)}`, user!.id],
  );
  const contactId = await insertContact(database, user!.id, { name, email: to });
  const invitationId = await insertInvitation(database, { projectId: project!.id, userId: user!.id, channel: 'email', ...invitation });
  const linkId = await linkOf(database, project!.id, contactId);
  const id = await insertMessage(database, { invitationId, linkId, contactId, channel: 'email', address: to, name, state: 'sending' });
  const [row] = await database.query<InvitationMessageRow>('SELECT * FROM invitation_messages WHERE id = $1', [id]);
  return row!;
}

const context = (contactId: number) => ({
  brand: '问卷星球',
  link: 'http://localhost:5173/s/AbC123?c=tok&x=1',
  unsubscribe: unsubscribeLink('s3cret', 'http://localhost:5173', 'email', contactId),
});

describe(`e-mail sender on ${engineName()}`, () => {
  it('renders the invitation for the contact: name and link filled, a script-like name kept as text, the unsubscribe footer and headers', async () => {
    const name = '<script>alert(1)</script>&张三';
    const message = await messageTo(name, 'zhang@example.com', { subject: '{姓名}，邀请您参加调查', body: '{姓名}您好：\n请点击 {链接} 填写。' });
    const ctx = context(message.contact_id!);
    const sent = await emailSender({ database, mail }).send(message, ctx);
    expect(sent.providerId).toMatch(/^<.+>$/);
    const got = await smtp.latest('zhang@example.com');
    expect(got.subject).toBe(`${name}，邀请您参加调查`);
    expect(got.from?.value[0]).toEqual({ name: '问卷星球', address: 'noreply@wenjuan.test' });
    expect(got.text).toContain(`${name}您好：\n请点击 ${ctx.link} 填写。`);
    expect(got.text).toContain(`退订：${ctx.unsubscribe}`);
    expect(got.html).not.toContain('<script>');
    expect(got.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&amp;张三您好：<br>请点击 ');
    expect(got.html).toContain(`<a href="http://localhost:5173/s/AbC123?c=tok&amp;x=1" style="color:#1677ff">`);
    expect(got.html).toContain(`<a href="${ctx.unsubscribe}" style="color:#999">退订</a>`);
    const raw = (key: string) => got.headerLines.find((h) => h.key === key)?.line.replace(/\r\n\s+/g, ' ');
    expect(raw('list-unsubscribe')).toBe(`List-Unsubscribe: <${ctx.unsubscribe.replace('/unsubscribe.html?', '/mail/unsubscribe?')}>`);
    expect(raw('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('without a subject or a {链接} in the body: the brand names the subject and the link is added at the end', async () => {
    const message = await messageTo('李四', 'li@example.com', { subject: null, body: '请抽空填写本次调查' });
    await emailSender({ database, mail }).send(message, context(message.contact_id!));
    const got = await smtp.latest('li@example.com');
    expect(got.subject).toBe('问卷星球邀请您填写问卷');
    expect(got.text).toContain('请抽空填写本次调查\n\nhttp://localhost:5173/s/AbC123?c=tok&x=1');
  });

  it('a refused address and an unconfigured service are refused for good; a busy server is unavailable', async () => {
    smtp.refuse.add('gone@example.com');
    smtp.later.add('busy@example.com');
    const sender = emailSender({ database, mail });
    const failure = async (promise: Promise<unknown>) => {
      const error = await promise.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ChannelSendError);
      return error as ChannelSendError;
    };
    const gone = await messageTo('王五', 'gone@example.com', { body: '{链接}' });
    expect((await failure(sender.send(gone, context(gone.contact_id!)))).kind).toBe('refused');
    const busy = await messageTo('赵六', 'busy@example.com', { body: '{链接}' });
    expect((await failure(sender.send(busy, context(busy.contact_id!)))).kind).toBe('unavailable');
    const none = await failure(emailSender({ database, mail: unconfiguredMailTransport }).send(busy, context(busy.contact_id!)));
    expect(none).toMatchObject({ kind: 'refused', message: MAIL_UNCONFIGURED });
  });
});
