import { queryOptions } from '@tanstack/react-query';
import { invoiceCalls } from '../../schemas/api/invoice';
import type { TRequestOf } from '../../schemas/api/contract';
import { call } from './client';

/** Invoices of paid recharge orders (recharge/getInvoice*, saveOrderAccount). Refusals are shown by the dialog itself. */
export const invoiceKeys = { info: (orderNo: string) => ['invoices', orderNo] as const };

export const invoiceInfoQuery = (orderNo: string) =>
  queryOptions({ queryKey: invoiceKeys.info(orderNo), queryFn: () => call(invoiceCalls.getInvoiceInfo, { orderNo }) });

export type TInvoiceForm = TRequestOf<typeof invoiceCalls.saveOrderAccount>;
export const saveInvoice = (orderNo: string, form: TInvoiceForm) => call(invoiceCalls.getInvoiceSaveOrUpdate, { orderNo, ...form }, { quiet: true });
export const revokeInvoice = (invoiceNo: string) => call(invoiceCalls.getRevokeInvoice, { invoiceNo }, { quiet: true });
export const saveInvoiceAccount = (form: TInvoiceForm) => call(invoiceCalls.saveOrderAccount, form, { quiet: true });
