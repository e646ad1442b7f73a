import type { Database } from '../db/client';
import { col, defineSql } from '../db/sql';
import { randomToken } from '../services/crypto';
import { MailProviderError, type MailTransport } from './mail';

/** Sends refused when neither SMTP nor the development outbox is configured. */
export const MAIL_UNCONFIGURED = '未配置邮件发送服务';

/** Development: every message is kept in mail_outbox (migration 0087) and read at /dev/mailbox; nothing leaves. */
export function outboxMailTransport(database: Database): MailTransport {
  return {
    name: 'outbox',
    async send(message) {
      const messageId = `<${randomToken(12)}@outbox.invalid>`;
      await database.query('INSERT INTO mail_outbox (to_address, from_name, subject, text, html, headers, message_id) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        message.to,
        message.brand,
        message.subject,
        message.text,
        message.html,
        JSON.stringify(message.headers ?? {}),
        messageId,
      ]);
      return { messageId };
    },
  };
}

/** Production without SMTP_HOST: every e-mail send is refused, saying what is missing. */
export const unconfiguredMailTransport: MailTransport = {
  name: 'none',
  async send() {
    throw new MailProviderError('refused', MAIL_UNCONFIGURED);
  },
};

const mailboxSql = defineSql(
  'mail.outboxMessages',
  {
    id: col.int,
    to: col.text,
    fromName: col.text,
    subject: col.text,
    text: col.text,
    html: col.text,
    headers: col.json.as<Record<string, string>>(),
    createdAt: col.timestamp,
  },
  `SELECT id, to_address AS "to", from_name AS "fromName", subject, text, html, headers, created_at AS "createdAt"
     FROM mail_outbox WHERE ($1::text IS NULL OR lower(to_address) = lower($1)) ORDER BY id DESC LIMIT $2`,
);

/** What the outbox "sent", newest first (/dev/mailbox), to one address or all. */
export async function outboxMails(database: Database, to: string | null, limit: number) {
  const rows = await mailboxSql.run(database.query, [to, limit]);
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
}
