import type { Database } from '../db/client';

/** Where text messages go. The built-in default writes to the outbox table, readable at /dev/outbox. */
export interface SmsProvider {
  send(message: { phone: string; text: string; brand: string }): Promise<void>;
}

export function outboxSmsProvider(database: Database): SmsProvider {
  return {
    async send({ phone, text, brand }) {
      await database.query('INSERT INTO sms_outbox (phone, text, brand) VALUES ($1, $2, $3)', [phone, text, brand]);
    },
  };
}
