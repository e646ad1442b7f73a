import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { devMailCalls } from '../../schemas/api/dev-mail';
import { receiptCalls, type ZReceiptExportRequest, type ZReceiptPageRequest } from '../../schemas/api/receipts';
import { call } from './client';

/** Invitation receipts (/SMSReceipt.html, /SMSReceiptRecord.html), the unsubscribe page and the development mailbox. */
export const receiptKeys = {
  all: (questionId: string) => ['receipts', questionId] as const,
  status: (questionId: string) => ['receipts', questionId, 'status'] as const,
  page: (body: z.input<typeof ZReceiptPageRequest>) => ['receipts', body.questionId, 'page', body] as const,
  detail: (questionId: string, contactId: number) => ['receipts', questionId, 'detail', contactId] as const,
};

export const receiptStatusQuery = (questionId: string) =>
  queryOptions({
    queryKey: receiptKeys.status(questionId),
    queryFn: () => call(receiptCalls.getContactReceiptStatus, { questionId }),
    enabled: Boolean(questionId),
  });
export const receiptPageQuery = (body: z.input<typeof ZReceiptPageRequest>) =>
  queryOptions({ queryKey: receiptKeys.page(body), queryFn: () => call(receiptCalls.getUserContactReceipt, body), enabled: Boolean(body.questionId) });
export const contactDetailQuery = (questionId: string, contactId: number) =>
  queryOptions({
    queryKey: receiptKeys.detail(questionId, contactId),
    queryFn: () => call(receiptCalls.getContactReceiptDetail, { questionId, contactId }),
    enabled: Boolean(questionId) && contactId > 0,
  });

/** 导出: the filtered receipts as an .xlsx (base64); the report power (1, 3) only. */
export const exportReceipts = (body: z.input<typeof ZReceiptExportRequest>) => call(receiptCalls.exportContactReceipt, body);

export const getUnsubscribe = (t: string) => call(receiptCalls.getUnsubscribe, { t }, { quiet: true });
export const saveUnsubscribe = (t: string) => call(receiptCalls.saveUnsubscribe, { t }, { quiet: true });

export const devMailboxQuery = (to: string) =>
  queryOptions({ queryKey: ['dev', 'mailbox', to], queryFn: () => call(devMailCalls.mailbox, { to: to || undefined, limit: 100 }, { quiet: true }) });
