import type { FastifyInstance } from 'fastify';
import { webhookCalls } from '../../../schemas/api/webhooks';
import { defineCall } from '../../http/define-call';
import { getDelivery, getDeliveryList, redeliver, sendTestEvent } from '../../services/webhooks/webhook-deliveries.service';
import { deleteWebhook, listWebhooks, resetWebhookSecret, saveWebhook } from '../../services/webhooks/webhooks.service';

/** 数据推送 (/questionnaire/webhook.html): a project's webhooks and their delivery log; manage power. */
export function webhookRoutes(app: FastifyInstance): void {
  defineCall(app, webhookCalls.getWebhookList, async (body, { user }) => listWebhooks(app.deps, user, body));
  defineCall(app, webhookCalls.saveWebhook, async (body, { user }) => saveWebhook(app.deps, user, body));
  defineCall(app, webhookCalls.deleteWebhook, async (body, { user }) => deleteWebhook(app.deps, user, body));
  defineCall(app, webhookCalls.resetWebhookSecret, async (body, { user }) => resetWebhookSecret(app.deps, user, body));
  defineCall(app, webhookCalls.sendTestEvent, async (body, { user }) => sendTestEvent(app.deps, user, body));
  defineCall(app, webhookCalls.getDeliveryList, async (body, { user }) => getDeliveryList(app.deps, user, body));
  defineCall(app, webhookCalls.getDelivery, async (body, { user }) => getDelivery(app.deps, user, body));
  defineCall(app, webhookCalls.redeliver, async (body, { user }) => redeliver(app.deps, user, body));
}
