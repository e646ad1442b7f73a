import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { webhookCalls, type ZSaveWebhookRequest } from '../../schemas/api/webhooks';
import { call } from './client';

/** Whose webhooks: a project's or a vote's (issue 53 item 3). */
export type TWebhookOwner = { questionId: string } | { voteId: string };
const ownerKey = (owner: TWebhookOwner) => ('voteId' in owner ? `vote:${owner.voteId}` : owner.questionId);

/** 数据推送 (/questionnaire/webhook.html): a project's (or vote's) webhooks and their delivery log (manage power). */
export const webhookKeys = {
  all: (owner: TWebhookOwner) => ['webhooks', ownerKey(owner)] as const,
  list: (owner: TWebhookOwner) => ['webhooks', ownerKey(owner), 'list'] as const,
  deliveries: (body: z.input<typeof webhookCalls.getDeliveryList.request>) =>
    ['webhooks', body.voteId ? `vote:${body.voteId}` : body.questionId, 'deliveries', body] as const,
  delivery: (owner: TWebhookOwner, deliveryId: string) => ['webhooks', ownerKey(owner), 'delivery', deliveryId] as const,
};

export const webhookListQuery = (owner: TWebhookOwner) =>
  queryOptions({
    queryKey: webhookKeys.list(owner),
    queryFn: () => call(webhookCalls.getWebhookList, owner),
    enabled: Boolean('voteId' in owner ? owner.voteId : owner.questionId),
  });

export const deliveryListQuery = (body: z.input<typeof webhookCalls.getDeliveryList.request>) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(body),
    queryFn: () => call(webhookCalls.getDeliveryList, body),
    placeholderData: keepPreviousData,
    // A queued delivery becomes 成功 or 失败 within seconds: the log follows while the page is open.
    refetchInterval: (query) => (query.state.data?.list.some((d) => d.state === 'queued' || d.state === 'sending') ? 3000 : false),
  });

export const deliveryQuery = (owner: TWebhookOwner, deliveryId: string) =>
  queryOptions({ queryKey: webhookKeys.delivery(owner, deliveryId), queryFn: () => call(webhookCalls.getDelivery, { ...owner, deliveryId }) });

export const saveWebhook = (body: z.input<typeof ZSaveWebhookRequest>) => call(webhookCalls.saveWebhook, body);
export const deleteWebhook = (owner: TWebhookOwner, webhookId: string) => call(webhookCalls.deleteWebhook, { ...owner, webhookId });
export const resetWebhookSecret = (owner: TWebhookOwner, webhookId: string) => call(webhookCalls.resetWebhookSecret, { ...owner, webhookId });
export const sendTestEvent = (owner: TWebhookOwner, webhookId: string) => call(webhookCalls.sendTestEvent, { ...owner, webhookId });
export const redeliver = (owner: TWebhookOwner, deliveryId: string) => call(webhookCalls.redeliver, { ...owner, deliveryId });
