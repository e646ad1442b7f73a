import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { mailer } from '../lazy-packages';
import { MailProviderError, type MailMessage, type MailTransport } from './mail';

export interface SmtpOptions {
  host: string;
  port: number;
  /** TLS from the first byte (465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user?: string;
  pass?: string;
  /** The sending address (MAIL_FROM); the brand is its display name. */
  from: string;
  /** Connection, greeting and socket timeouts in ms (tests shorten them). */
  timeoutMs?: number;
}

/** What nodemailer's errors carry: the SMTP reply code when the server answered, a code like ECONNECTION when not. */
interface SmtpFault {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/**
 * The server's answer to a failed send, as the invitation runner reads it: a 5xx reply refuses the message for good
 * (bad address, refused content); a 4xx reply, a network fault or a timeout may pass, so it is tried again. A
 * refused login (EAUTH, 535) is a configuration fault, not the message's: tried again once the operator fixes it.
 */
export function smtpFault(error: unknown): MailProviderError {
  const fault = (error ?? {}) as SmtpFault;
  const code = fault.responseCode;
  const said = (fault.response ?? fault.message ?? String(error)).slice(0, 300);
  if (fault.code !== 'EAUTH' && typeof code === 'number' && code >= 500 && code < 600) return new MailProviderError('refused', `邮件服务器拒收：${said}`);
  return new MailProviderError('unavailable', `邮件服务器暂不可用：${said}`);
}

/** E-mail through an SMTP server (SMTP_HOST …): a pooled connection, bounded timeouts, faults mapped by smtpFault. */
export function smtpMailTransport(options: SmtpOptions): MailTransport & { close(): void } {
  const timeout = options.timeoutMs ?? 30_000;
  // nodemailer is loaded with the first message (server/lazy-packages.ts), the pool made once.
  let pool: Promise<Transporter<SMTPTransport.SentMessageInfo>> | undefined;
  const transporter = () =>
    (pool ??= mailer().then((nodemailer) =>
      nodemailer.createTransport({
        host: options.host,
        port: options.port,
        secure: options.secure,
        auth: options.user ? { user: options.user, pass: options.pass ?? '' } : undefined,
        pool: true,
        maxConnections: 3,
        maxMessages: 100,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout * 2,
      }),
    ));
  return {
    name: 'smtp',
    async send(message: MailMessage) {
      try {
        const smtp = await transporter();
        const info = await smtp.sendMail({
          from: { name: message.brand, address: options.from },
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers,
        });
        if (info.rejected.length) throw new MailProviderError('refused', `邮件服务器拒收：${String(info.response ?? '')}`);
        return { messageId: info.messageId };
      } catch (error) {
        throw error instanceof MailProviderError ? error : smtpFault(error);
      }
    },
    close: () => void pool?.then((made) => made.close()),
  };
}
