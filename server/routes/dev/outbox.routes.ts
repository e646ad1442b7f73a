import type { FastifyInstance } from 'fastify';
import { devCalls } from '../../../schemas/api/dev';
import { normalizePhone } from '../../../schemas/phone';
import { defineCall } from '../../http/define-call';
import { outboxMessages } from '../../providers/sms';

/** Development SMS outbox: what the built-in provider "sent", so a new user can log in without an SMS account. */
export function outboxRoutes(app: FastifyInstance): void {
  defineCall(app, devCalls.outbox, async (body) => {
    const phone = body.phone ? normalizePhone(body.phone) : null;
    return outboxMessages(app.deps.database, phone, body.limit);
  });
}
