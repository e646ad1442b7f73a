import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { normalizePhone } from '../../../schemas/phone';
import { defineCall } from '../../http/define-call';

const ZOutboxRequest = z.object({ phone: z.string().max(32).optional(), limit: z.number().int().min(1).max(200).default(50) });

/** Development SMS outbox: what the built-in provider "sent", so a new user can log in without an SMS account. */
export function outboxRoutes(app: FastifyInstance): void {
  defineCall(app, { path: 'dev/outbox', body: ZOutboxRequest, auth: 'optional' }, async (body) => {
    const phone = body.phone ? normalizePhone(body.phone) : null;
    return app.deps.database.query(
      `SELECT id, phone, text, brand, created_at AS "createdAt" FROM sms_outbox WHERE ($1::text IS NULL OR phone = $1) ORDER BY id DESC LIMIT $2`,
      [phone, body.limit],
    );
  });
}
