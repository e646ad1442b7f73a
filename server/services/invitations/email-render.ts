import { INVITATION_VARIABLES } from '../../../schemas/api/invitations';
import { escapeHtml } from '../../../schemas/logic/piping';
import type { MailMessage } from '../../providers/mail';
import type { InvitationContext } from './channel';

/**
 * An e-mail invitation as it leaves (issue 50 item 3): the subject and body the creator wrote with {姓名} and
 * {链接} filled, as plain text and as HTML. In the HTML every character the creator or the contact wrote is escaped
 * (a name like <script> stays text) and only the link becomes an anchor; both parts end with the unsubscribe
 * footer, and the headers carry List-Unsubscribe with its one-click POST (RFC 8058).
 */
export interface EmailInput {
  /** The contact's name (as of the send). */
  name: string;
  to: string;
  subject: string | null;
  /** The creator's body with the variables unfilled. */
  body: string;
}

const fill = (text: string, name: string, link: string) => text.split(INVITATION_VARIABLES.name).join(name).split(INVITATION_VARIABLES.link).join(link);

export const defaultSubject = (brand: string) => `${brand}邀请您填写问卷`;

function htmlBody(body: string, name: string, link: string): string {
  const anchor = `<a href="${escapeHtml(link)}" style="color:#1677ff">${escapeHtml(link)}</a>`;
  const parts = body.split(INVITATION_VARIABLES.link).map((part) => escapeHtml(part).split(INVITATION_VARIABLES.name).join(escapeHtml(name)));
  const html = parts.join(anchor).replace(/\r?\n/g, '<br>');
  return body.includes(INVITATION_VARIABLES.link) ? html : `${html}<br><br>${anchor}`;
}

/** The one-click address beside the page: the same signed token, POSTed to /mail/unsubscribe. */
export function oneClickOf(unsubscribe: string): string {
  const url = new URL(unsubscribe);
  return `${url.origin}/mail/unsubscribe${url.search}`;
}

export function renderInvitationEmail(input: EmailInput, context: InvitationContext): MailMessage {
  const subject = fill(input.subject?.trim() || defaultSubject(context.brand), input.name, '')
    .replace(/[\r\n]+/g, ' ')
    .slice(0, 200);
  const textBody = fill(input.body, input.name, context.link);
  const text = `${input.body.includes(INVITATION_VARIABLES.link) ? textBody : `${textBody}\n\n${context.link}`}\n\n——\n不想再收到此类邮件？退订：${context.unsubscribe}\n`;
  const footer =
    `<p style="margin-top:24px;padding-top:12px;border-top:1px solid #eee;color:#999;font-size:12px">` +
    `此邮件由${escapeHtml(context.brand)}代发。不想再收到此类邮件？<a href="${escapeHtml(context.unsubscribe)}" style="color:#999">退订</a></p>`;
  const html =
    `<!doctype html><html><body style="font-family:-apple-system,'PingFang SC','Microsoft YaHei',sans-serif;font-size:14px;line-height:1.7;color:#333">` +
    `<div>${htmlBody(input.body, input.name, context.link)}</div>${footer}</body></html>`;
  return {
    to: input.to,
    subject,
    text,
    html,
    brand: context.brand,
    headers: { 'List-Unsubscribe': `<${oneClickOf(context.unsubscribe)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
