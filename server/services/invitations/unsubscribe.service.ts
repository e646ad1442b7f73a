import { RECEIPT_MESSAGES, type TUnsubscribeInfo } from '../../../schemas/api/receipts';
import type { Query } from '../../db/client';
import { col, defineSql } from '../../db/sql';
import { notFound } from '../errors';
import { readUnsubscribeToken } from './unsubscribe-token';

/**
 * Unsubscribe (issue 50 item 4): the public page /unsubscribe.html?t=… shows which address and confirms; the
 * contact's opt-out time is set once (email_opt_out_at or sms_opt_out_at) and later sends skip them.
 */
const contactSql = defineSql(
  'unsubscribe.contact',
  { email: col.text.orNull(), phone: col.text.orNull(), emailOptOutAt: col.timestamp.orNull(), smsOptOutAt: col.timestamp.orNull(), sender: col.text },
  `SELECT c.email, c.phone, c.email_opt_out_at AS "emailOptOutAt", c.sms_opt_out_at AS "smsOptOutAt", u.username AS sender
     FROM contacts c JOIN users u ON u.id = c.user_id WHERE c.id = $1`,
);

/** z***@example.com; 138****0000. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at > 0) return `${address.slice(0, Math.min(2, at - 1) || 1)}***${address.slice(at)}`;
  return address.length >= 11 ? `${address.slice(0, 3)}****${address.slice(-4)}` : address;
}

function tokenOf(secret: string, token: string) {
  const read = readUnsubscribeToken(secret, token);
  if (!read) throw notFound(RECEIPT_MESSAGES.tokenInvalid);
  return read;
}

async function infoOf(query: Query, channel: 'email' | 'sms', contactId: number): Promise<TUnsubscribeInfo> {
  const [row] = await contactSql.run(query, [contactId]);
  const address = channel === 'email' ? row?.email : row?.phone;
  if (!row || !address) throw notFound(RECEIPT_MESSAGES.tokenInvalid);
  const optedOut = (channel === 'email' ? row.emailOptOutAt : row.smsOptOutAt) !== null;
  return { channel, address: maskAddress(address), sender: row.sender, optedOut };
}

/** What the page shows before the button: the address (partly hidden), who sent it, and whether it is already done. */
export async function unsubscribeInfo(query: Query, secret: string, token: string): Promise<TUnsubscribeInfo> {
  const { channel, contactId } = tokenOf(secret, token);
  return infoOf(query, channel, contactId);
}

/** 确认退订: one UPDATE keeps the first opt-out time; doing it again answers the same. */
export async function unsubscribe(query: Query, secret: string, token: string, now: Date): Promise<TUnsubscribeInfo> {
  const { channel, contactId } = tokenOf(secret, token);
  const column = channel === 'email' ? 'email_opt_out_at' : 'sms_opt_out_at';
  await query(`UPDATE contacts SET ${column} = $2, updated_at = $2 WHERE id = $1 AND ${column} IS NULL`, [contactId, now]);
  return infoOf(query, channel, contactId);
}
