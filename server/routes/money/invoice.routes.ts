import type { FastifyInstance } from 'fastify';
import { invoiceCalls } from '../../../schemas/api/invoice';
import { defineCall } from '../../http/define-call';
import { invoiceInfo, revokeInvoice, saveInvoice, saveInvoiceAccount } from '../../services/money/invoice.service';

/** recharge/'s invoice calls: request or change, view, revoke, and the saved invoice details (saveOrderAccount). */
export function invoiceRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineCall(app, invoiceCalls.getInvoiceSaveOrUpdate, async (body, { user }) => saveInvoice(deps, user!, body));
  defineCall(app, invoiceCalls.getInvoiceInfo, async (body, { user }) => invoiceInfo(deps.database.query, user!, body.orderNo));
  defineCall(app, invoiceCalls.getRevokeInvoice, async (body, { user }) => revokeInvoice(deps, user!, body.invoiceNo));
  defineCall(app, invoiceCalls.saveOrderAccount, async (body, { user }) => saveInvoiceAccount(deps, user!, body));
}
