import type { FastifyInstance } from 'fastify';
import { devCalls, type TOutboxMessage } from '../../../schemas/api/dev';
import { normalizePhone } from '../../../schemas/phone';
import { defineCall } from '../../http/define-call';

/** Development SMS outbox: what the built-in provider "sent", so a new user can log in without an SMS account. */
export function outboxRoutes(app: FastifyInstance): void {
  defineCall(app, devCalls.outbox, async (body) => {
    const phone = body.phone ? normalizePhone(body.phone) : null;
    const rows = await app.deps.database.query<Omit<TOutboxMessage, 'createdAt'> & { createdAt: Date | string }>(
      `SELECT id, phone, text, brand, created_at AS "createdAt" FROM sms_outbox WHERE ($1::text IS NULL OR phone = $1) ORDER BY id DESC LIMIT $2`,
      [phone, body.limit],
    );
    // As JSON would write it.
    return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
  });
}
