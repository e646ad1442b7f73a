import type { InvitationMessageRow } from '../../db/rows';

/**
 * How one invitation message leaves (issue 50 item 3): the job runner takes due messages and hands each to its
 * channel's sender. SMS goes through the SMS provider, e-mail through the mail transport (server/providers/mail.ts).
 */
export interface InvitationContext {
  /** The brand the project is served under (its name signs the message). */
  brand: string;
  /** The contact's own answering address (absolute). */
  link: string;
  /** The public address of the unsubscribe page for this contact and channel (absolute, signed); '' when the contact was deleted. */
  unsubscribe: string;
}

export interface ChannelSender {
  /** Resolves with the provider's id for the message (matched later by delivery reports). */
  send(message: InvitationMessageRow, context: InvitationContext): Promise<{ providerId: string }>;
}

/** `refused`: never try again (bad address, refused content); `unavailable`: try again after a delay. */
export class ChannelSendError extends Error {
  constructor(
    public readonly kind: 'refused' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'ChannelSendError';
  }
}
