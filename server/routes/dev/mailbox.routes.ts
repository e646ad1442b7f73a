import type { FastifyInstance } from 'fastify';
import { devMailCalls } from '../../../schemas/api/dev-mail';
import { defineCall } from '../../http/define-call';
import { outboxMails } from '../../providers/mail-outbox';

/** Development mail outbox (/dev/mailbox): what the outbox transport "sent" while no SMTP server is configured. */
export function mailboxRoutes(app: FastifyInstance): void {
  defineCall(app, devMailCalls.mailbox, (body) => outboxMails(app.deps.database, body.to || null, body.limit));
}
