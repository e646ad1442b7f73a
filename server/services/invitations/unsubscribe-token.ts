import type { TInvitationChannel } from '../../db/tables-contacts';
import { hmac, safeEqual } from '../crypto';

/**
 * The unsubscribe link's token (issue 50 item 4): the channel's letter, the contact id and a signature by the
 * server secret, e.g. e123.3f9a…; it does not expire (an old e-mail's link still works) and names one contact.
 */
const LETTER: Record<TInvitationChannel, string> = { email: 'e', sms: 's' };
const signature = (secret: string, channel: TInvitationChannel, contactId: number) => hmac(secret, `unsubscribe:${channel}:${contactId}`).slice(0, 32);

export const unsubscribeToken = (secret: string, channel: TInvitationChannel, contactId: number) =>
  `${LETTER[channel]}${contactId}.${signature(secret, channel, contactId)}`;

/** The channel and contact a token names, or null when it is not one the server signed. */
export function readUnsubscribeToken(secret: string, token: string): { channel: TInvitationChannel; contactId: number } | null {
  const match = /^([es])([1-9]\d{0,9})\.([0-9a-f]{32})$/.exec(token);
  if (!match) return null;
  const channel: TInvitationChannel = match[1] === 'e' ? 'email' : 'sms';
  const contactId = Number(match[2]);
  if (contactId > 2_147_483_647 || !safeEqual(match[3]!, signature(secret, channel, contactId))) return null;
  return { channel, contactId };
}

/** The unsubscribe page for one contact and channel (InvitationContext.unsubscribe): `origin` is the brand's site. */
export const unsubscribeLink = (secret: string, origin: string, channel: TInvitationChannel, contactId: number) =>
  `${origin}/unsubscribe.html?t=${unsubscribeToken(secret, channel, contactId)}`;

/** The one-click address of List-Unsubscribe (RFC 8058: the mail client POSTs List-Unsubscribe=One-Click to it). */
export const oneClickLink = (secret: string, origin: string, contactId: number) =>
  `${origin}/mail/unsubscribe?t=${unsubscribeToken(secret, 'email', contactId)}`;
