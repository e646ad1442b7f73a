import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client';
import { readEnv } from '../../../server/env';
import { MailProviderError, type MailMessage } from '../../../server/providers/mail';
import { mailTransportFromEnv } from '../../../server/providers/mail-from-env';
import { MAIL_UNCONFIGURED, outboxMails } from '../../../server/providers/mail-outbox';
import { smtpMailTransport } from '../../../server/providers/mail-smtp';
import { startLocalSmtp, type LocalSmtp } from '../../helpers/local-smtp';
import { engineName, openTestDatabase } from '../../helpers/test-db';

/**
 * The mail transport (issue 50 item 3) against a real SMTP server started here: a message accepted and read back
 * as the recipient's client would; a 5xx reply refuses it for good, a 4xx, a closed port or a failed login lets the
 * runner try again. mailTransportFromEnv: SMTP when configured, the outbox in development, else refused.
 */
let smtp: LocalSmtp;
let database: Database;
beforeAll(async () => {
  smtp = await startLocalSmtp();
  database = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await smtp.close();
  await database.close();
});

const message = (to: string): MailMessage => ({
  to,
  subject: '邀请您填写：员工满意度调查',
  text: '张三，您好：请点击 http://localhost/s/abc 填写',
  html: '<p>张三，您好：请点击 <a href="http://localhost/s/abc">填写</a></p>',
  headers: { 'List-Unsubscribe': '<http://localhost/unsubscribe.html?t=x>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  brand: '问卷"测试"品牌',
});
const transport = (extra: object = {}) =>
  smtpMailTransport({ host: '127.0.0.1', port: smtp.port, secure: false, from: 'noreply@wenjuan.test', timeoutMs: 2_000, ...extra });
const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MailProviderError);
  return error as MailProviderError;
};

describe('SMTP transport against a local SMTP server', () => {
  it('accepted: the message arrives with the brand as the sender name, both parts and the unsubscribe headers', async () => {
    const mail = transport({ user: 'wenjuan', pass: 'secret' });
    const sent = await mail.send(message('Zhang.San@example.com'));
    expect(sent.messageId).toMatch(/^<.+@.+>$/);
    const got = await smtp.latest('zhang.san@example.com');
    expect(got.from?.value[0]).toEqual({ name: '问卷"测试"品牌', address: 'noreply@wenjuan.test' });
    expect(got.subject).toBe('邀请您填写：员工满意度调查');
    expect(got.text?.trim()).toBe('张三，您好：请点击 http://localhost/s/abc 填写');
    expect(got.html).toContain('<a href="http://localhost/s/abc">填写</a>');
    const raw = (key: string) => got.headerLines.find((h) => h.key === key)?.line;
    expect(raw('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(raw('list-unsubscribe')).toBe('List-Unsubscribe: <http://localhost/unsubscribe.html?t=x>');
    expect(got.messageId).toBe(sent.messageId);
    mail.close();
  });

  it('refused: a 5xx reply to the recipient is a refusal for good', async () => {
    smtp.refuse.add('nobody@example.com');
    const mail = transport();
    const error = await failure(mail.send(message('nobody@example.com')));
    expect(error.kind).toBe('refused');
    expect(error.message).toContain('550');
    mail.close();
  });

  it('a 4xx reply is unavailable (tried again later)', async () => {
    smtp.later.add('busy@example.com');
    const mail = transport();
    expect((await failure(mail.send(message('busy@example.com')))).kind).toBe('unavailable');
    mail.close();
  });

  it('unreachable: nothing listening is unavailable, within the timeout', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const mail = transport({ port });
    expect((await failure(mail.send(message('a@example.com')))).kind).toBe('unavailable');
    mail.close();
  });

  it('a refused login is a configuration fault: unavailable, not the message refused', async () => {
    const mail = transport({ user: 'wenjuan', pass: 'wrong' });
    expect((await failure(mail.send(message('b@example.com')))).kind).toBe('unavailable');
    mail.close();
  });
});

describe(`mailTransportFromEnv on ${engineName()}`, () => {
  it('SMTP when SMTP_HOST is set; MAIL_FROM required with it; SMTP_USER and SMTP_PASS together', () => {
    const env = readEnv({ NODE_ENV: 'production', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), MAIL_FROM: 'noreply@wenjuan.test' });
    const mail = mailTransportFromEnv(env, database);
    expect(mail.name).toBe('smtp');
    (mail as unknown as { close(): void }).close();
    expect(() => readEnv({ SMTP_HOST: 'smtp.example.com' })).toThrow(/MAIL_FROM is required with SMTP_HOST/);
    expect(() => readEnv({ SMTP_HOST: 'smtp.example.com', MAIL_FROM: 'a@b.cn', SMTP_USER: 'u' })).toThrow(/SMTP_USER and SMTP_PASS are set together/);
    expect(() => readEnv({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM must be an e-mail address/);
  });

  it('production without SMTP: every send refused with 未配置邮件发送服务 (no outbox unless DEV_OUTBOX=1)', async () => {
    const mail = mailTransportFromEnv(readEnv({ NODE_ENV: 'production' }), database);
    expect(mail.name).toBe('none');
    const error = await failure(mail.send(message('c@example.com')));
    expect(error).toMatchObject({ kind: 'refused', message: MAIL_UNCONFIGURED });
    expect(mailTransportFromEnv(readEnv({ NODE_ENV: 'production', DEV_OUTBOX: '1' }), database).name).toBe('outbox');
  });

  it('development: the outbox keeps the message for /dev/mailbox', async () => {
    const mail = mailTransportFromEnv(readEnv({ NODE_ENV: 'development' }), database);
    expect(mail.name).toBe('outbox');
    await mail.send(message('Outbox@Example.com'));
    const [kept] = await outboxMails(database, 'outbox@example.com', 5);
    expect(kept).toMatchObject({ to: 'Outbox@Example.com', fromName: '问卷"测试"品牌', subject: '邀请您填写：员工满意度调查' });
    expect(kept!.headers['List-Unsubscribe']).toBe('<http://localhost/unsubscribe.html?t=x>');
    expect(mailTransportFromEnv(readEnv({ NODE_ENV: 'development', DEV_OUTBOX: '0' }), database).name).toBe('none');
  });
});
