/**
 * Where e-mail goes (issue 50 item 3): SMTP in production (nodemailer), an outbox table in development. Invitations
 * hand each message to `send`; a thrown MailProviderError says whether to try again.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** The brand the message is sent under (its display name in From). */
  brand: string;
}

export interface MailTransport {
  readonly name: string;
  /** Resolves with the server's message id once the mail server accepted the message. */
  send(message: MailMessage): Promise<{ messageId: string }>;
}

/** `refused`: the address or the message was refused for good; `unavailable`: try again later. */
export class MailProviderError extends Error {
  constructor(
    public readonly kind: 'refused' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'MailProviderError';
  }
}
