import type { Database } from '../db/client';
import { col, defineSql } from '../db/sql';

/** One verification text: the finished text (outbox) and its parts (providers that send a registered template). */
export interface SmsMessage {
  phone: string;
  brand: string;
  text: string;
  code: string;
  /** How long the code lives, for templates that say so. */
  minutes: number;
  purpose: string;
}

/**
 * One notification text (an invitation, issue 50 item 3): the whole text as the phone shows it (【签名】… 回T退订),
 * and its parts for providers that send a registered template (the signature, the text between).
 */
export interface SmsText {
  phone: string;
  brand: string;
  text: string;
  signName: string;
  /** The text without the 【签名】 the provider adds itself. */
  body: string;
}

/** Where text messages go. The built-in default writes to the outbox table, readable at /dev/outbox. */
export interface SmsProvider {
  readonly name: string;
  /** Resolves once the provider accepted the message; throws SmsProviderError when it did not. */
  send(message: SmsMessage): Promise<void>;
  /**
   * A notification or marketing text (invitations); resolves with the provider's id for it, which delivery reports
   * name. Providers without it cannot send invitations (the message fails with the reason).
   */
  sendText?(message: SmsText): Promise<{ providerId: string }>;
}

/**
 * The provider refused or could not be reached. `limited`: its own flow control for the number (answered as
 * "429"); `refused`: a bad number or an account problem; `unavailable`: network or server fault.
 */
export class SmsProviderError extends Error {
  constructor(
    public readonly kind: 'limited' | 'refused' | 'unavailable',
    public readonly providerCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'SmsProviderError';
  }
}

const outboxInsertSql = defineSql('sms.outboxInsert', { id: col.int }, 'INSERT INTO sms_outbox (phone, text, brand) VALUES ($1, $2, $3) RETURNING id');

export function outboxSmsProvider(database: Database): SmsProvider {
  return {
    name: 'outbox',
    async send({ phone, text, brand }) {
      await database.query('INSERT INTO sms_outbox (phone, text, brand) VALUES ($1, $2, $3)', [phone, text, brand]);
    },
    async sendText({ phone, text, brand }) {
      const [row] = await outboxInsertSql.run(database.query, [phone, text, brand]);
      return { providerId: `outbox-${row!.id}` };
    },
  };
}

const outboxMessagesSql = defineSql(
  'sms.outboxMessages',
  { id: col.int, phone: col.text, text: col.text, brand: col.text, createdAt: col.timestamp },
  `SELECT id, phone, text, brand, created_at AS "createdAt" FROM sms_outbox WHERE ($1::text IS NULL OR phone = $1) ORDER BY id DESC LIMIT $2`,
);

/** What the outbox provider "sent", newest first (the development page /dev/outbox), of one phone or all. */
export async function outboxMessages(database: Database, phone: string | null, limit: number) {
  const rows = await outboxMessagesSql.run(database.query, [phone, limit]);
  // As JSON would write it.
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
}
