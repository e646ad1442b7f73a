import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { webhookCalls, type ZSaveWebhookRequest } from '../../schemas/api/webhooks';
import { call } from './client';

/** 数据推送 (/questionnaire/webhook.html): a project's webhooks and their delivery log (manage power). */
export const webhookKeys = {
  all: (questionId: string) => ['webhooks', questionId] as const,
  list: (questionId: string) => ['webhooks', questionId, 'list'] as const,
  deliveries: (body: z.input<typeof webhookCalls.getDeliveryList.request>) => ['webhooks', body.questionId, 'deliveries', body] as const,
  delivery: (questionId: string, deliveryId: string) => ['webhooks', questionId, 'delivery', deliveryId] as const,
};

export const webhookListQuery = (questionId: string) =>
  queryOptions({ queryKey: webhookKeys.list(questionId), queryFn: () => call(webhookCalls.getWebhookList, { questionId }), enabled: Boolean(questionId) });

export const deliveryListQuery = (body: z.input<typeof webhookCalls.getDeliveryList.request>) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(body),
    queryFn: () => call(webhookCalls.getDeliveryList, body),
    placeholderData: keepPreviousData,
    // A queued delivery becomes 成功 or 失败 within seconds: the log follows while the page is open.
    refetchInterval: (query) => (query.state.data?.list.some((d) => d.state === 'queued' || d.state === 'sending') ? 3000 : false),
  });

export const deliveryQuery = (questionId: string, deliveryId: string) =>
  queryOptions({ queryKey: webhookKeys.delivery(questionId, deliveryId), queryFn: () => call(webhookCalls.getDelivery, { questionId, deliveryId }) });

export const saveWebhook = (body: z.input<typeof ZSaveWebhookRequest>) => call(webhookCalls.saveWebhook, body);
export const deleteWebhook = (questionId: string, webhookId: string) => call(webhookCalls.deleteWebhook, { questionId, webhookId });
export const resetWebhookSecret = (questionId: string, webhookId: string) => call(webhookCalls.resetWebhookSecret, { questionId, webhookId });
export const sendTestEvent = (questionId: string, webhookId: string) => call(webhookCalls.sendTestEvent, { questionId, webhookId });
export const redeliver = (questionId: string, deliveryId: string) => call(webhookCalls.redeliver, { questionId, deliveryId });
