import type { Database } from '../db/client';
import { outboxEnabled, type TEnv } from '../env';
import type { MailTransport } from './mail';
import { outboxMailTransport, unconfiguredMailTransport } from './mail-outbox';
import { smtpMailTransport } from './mail-smtp';

/**
 * Where e-mail goes (README "Configuration"): SMTP when SMTP_HOST is set; else the development outbox where the
 * development tools are on (DEV_OUTBOX: outside production by default); else nowhere, each send refused with
 * 未配置邮件发送服务. A production start never "sends" to a table by surprise.
 */
export function mailTransportFromEnv(env: TEnv, database: Database): MailTransport {
  if (env.SMTP_HOST)
    return smtpMailTransport({
      host: env.SMTP_HOST,
      port: env.SMTP_PORT,
      secure: env.SMTP_SECURE === '1',
      user: env.SMTP_USER,
      pass: env.SMTP_PASS,
      from: env.MAIL_FROM!,
    });
  return outboxEnabled(env) ? outboxMailTransport(database) : unconfiguredMailTransport;
}
