import type { FastifyInstance } from 'fastify';
import { devMailCalls } from '../../../schemas/api/dev-mail';
import { defineCall } from '../../http/define-call';
import { outboxMails } from '../../providers/mail-outbox';
import { seedReceipts } from '../../services/dev/seed-receipts.service';

/** Development mail outbox (/dev/mailbox): what the outbox transport "sent" while no SMTP server is configured. */
export function mailboxRoutes(app: FastifyInstance): void {
  defineCall(app, devMailCalls.mailbox, (body) => outboxMails(app.deps.database, body.to || null, body.limit));
}

/** Test servers only: invited contacts of a project (dev/seedReceipts) for the receipt and unsubscribe browser tests. */
export function seedReceiptRoutes(app: FastifyInstance): void {
  defineCall(app, devMailCalls.seedReceipts, (body, { user }) => seedReceipts(app.deps.database.query, user, body.questionId, app.deps.secret));
}
