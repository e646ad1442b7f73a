import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { normalizePhone } from '../../../schemas/phone';
import { defineCall } from '../../http/define-call';
import { outboxMessages } from '../../providers/sms';

const ZOutboxRequest = z.object({ phone: z.string().max(32).optional(), limit: z.number().int().min(1).max(200).default(50) });

/** Development SMS outbox: what the built-in provider "sent", so a new user can log in without an SMS account. */
export function outboxRoutes(app: FastifyInstance): void {
  defineCall(app, { path: 'dev/outbox', body: ZOutboxRequest, auth: 'optional' }, async (body) => {
    const phone = body.phone ? normalizePhone(body.phone) : null;
    return outboxMessages(app.deps.database, phone, body.limit);
  });
}
