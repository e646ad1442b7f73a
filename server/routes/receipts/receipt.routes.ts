import type { FastifyInstance } from 'fastify';
import { receiptCalls } from '../../../schemas/api/receipts';
import { defineCall } from '../../http/define-call';
import { exportReceipts } from '../../services/invitations/receipt-export.service';
import { contactSmsDetail, receiptPage, receiptStatus, saveContactReceipt } from '../../services/invitations/receipts.service';
import { unsubscribe, unsubscribeInfo } from '../../services/invitations/unsubscribe.service';

/** Receipts of a project's invitations and the public unsubscribe page's calls (issue 50 items 3–4). */
export function receiptRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { database, secret } = deps;
  const calls = receiptCalls;

  defineCall(app, calls.getUserContactReceipt, (body, { user }) => receiptPage(database.query, user, body));
  defineCall(app, calls.getContactReceiptStatus, (body, { user }) => receiptStatus(database.query, user, body.questionId));
  defineCall(app, calls.getContactReceiptDetail, (body, { user }) => contactSmsDetail(database.query, user, body.questionId, body.contactId));
  defineCall(app, calls.exportContactReceipt, (body, { user }) => exportReceipts(database.query, user, body));
  defineCall(app, calls.saveContactReceipt, (body) => saveContactReceipt(database.query, body.token, deps.now()));
  defineCall(app, calls.getUnsubscribe, (body) => unsubscribeInfo(database.query, secret, body.t));
  defineCall(app, calls.saveUnsubscribe, (body) => unsubscribe(database.query, secret, body.t, deps.now()));
}
