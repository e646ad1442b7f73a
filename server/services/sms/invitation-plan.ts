import { INVITATION_MAX_CONTACTS, SMS_MAX_CHARS, type TAddInvitationRequest } from '../../../schemas/api/invitations';
import { SMS_MESSAGES } from '../../../schemas/api/sms';
import { fillVariables, SMS_TEXT_MESSAGES, smsLength, smsParts, smsWholeText, variablesProblem } from '../../../schemas/sms/sms-text';
import type { Query } from '../../db/client';
import type { ContactRow } from '../../db/rows';
import { badInput } from '../errors';

/** A link token's length (base64url of 12 bytes): fixed, so a message's length is known before its link is made. */
export const LINK_TOKEN_BYTES = 12;
const LINK_TOKEN_CHARS = 16;
/** A scheduled send goes within this many days. */
const SCHEDULE_MAX_DAYS = 30;

/** The contact's own answering address. */
export const contactLink = (origin: string, questionId: string, token: string): string => `${origin}/s/${questionId}?ct=${token}`;

/** When the send goes: now, or its time (in the future, within 30 days). */
export function sendTime(sendAt: string | undefined, now: Date): Date {
  if (!sendAt) return now;
  const at = new Date(sendAt);
  if (Number.isNaN(at.getTime())) throw badInput(SMS_MESSAGES.sendAtBad, 'sendAt');
  if (at.getTime() <= now.getTime()) throw badInput(SMS_MESSAGES.sendAtPast, 'sendAt');
  if (at.getTime() > now.getTime() + SCHEDULE_MAX_DAYS * 86_400_000) throw badInput(SMS_MESSAGES.sendAtFar, 'sendAt');
  return at;
}

/** The text of one message as the contact gets it (an SMS signed and ending with the opt-out words). */
export function messageText(channel: 'sms' | 'email', content: string, signName: string | null, values: { name: string; link: string }): string {
  const filled = fillVariables(content, values);
  return channel === 'sms' ? smsWholeText(signName ?? '', filled) : filled;
}

/** How many counts an SMS text takes. */
export const smsUnits = (text: string): number => smsParts(smsLength(text));

/**
 * The text's checks before anything is stored: its variables, and for SMS its length with the signature, the
 * longest name among the contacts and a link of the real length.
 */
export function checkContent(
  body: Pick<TAddInvitationRequest, 'channel' | 'content'>,
  signName: string | null,
  origin: string,
  questionId: string,
  longestName: string,
) {
  const problem = variablesProblem(body.content);
  if (problem) throw badInput(problem, 'content');
  if (body.channel !== 'sms') return;
  if (/[【】]/.test(body.content)) throw badInput(SMS_TEXT_MESSAGES.signBrackets, 'content');
  const sample = messageText('sms', body.content, signName, { name: longestName, link: contactLink(origin, questionId, 'x'.repeat(LINK_TOKEN_CHARS)) });
  if (smsLength(sample) > SMS_MAX_CHARS) throw badInput(SMS_TEXT_MESSAGES.tooLong, 'content');
}

/** The caller's own contacts in the groups (0 = 未分组) and the selection; never another user's. */
export async function recipientsOf(query: Query, userId: number, groupIds: number[], contactIds: number[]): Promise<ContactRow[]> {
  if (!groupIds.length && !contactIds.length) throw badInput(SMS_MESSAGES.noContacts);
  const rows = await query<ContactRow>(
    `SELECT * FROM contacts WHERE user_id = $1 AND (id = ANY($2::int[]) OR COALESCE(group_id, 0) = ANY($3::int[])) ORDER BY id LIMIT $4`,
    [userId, contactIds, groupIds, INVITATION_MAX_CONTACTS + 1],
  );
  if (rows.length > INVITATION_MAX_CONTACTS) throw badInput(SMS_MESSAGES.tooMany);
  if (!rows.length) throw badInput(SMS_MESSAGES.noContacts);
  return rows;
}

/** Why a contact is skipped on this channel, or null. */
export function skipReason(channel: 'sms' | 'email', c: Pick<ContactRow, 'phone' | 'email' | 'sms_opt_out_at' | 'email_opt_out_at'>): string | null {
  if (channel === 'sms') return c.sms_opt_out_at ? SMS_MESSAGES.skipOptOut : c.phone ? null : SMS_MESSAGES.skipNoPhone;
  return c.email_opt_out_at ? SMS_MESSAGES.skipOptOut : c.email ? null : SMS_MESSAGES.skipNoEmail;
}
