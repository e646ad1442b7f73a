import type { TDeliveryItem, TWebhookItem } from '../../../schemas/api/webhooks';
import type { TWebhookEvent } from '../../../schemas/webhooks/events';

/** A webhooks row with its latest delivery joined (webhooks.service.ts listSql). */
export interface WebhookRow {
  id: number;
  public_id: string;
  url: string;
  secret: string;
  events: TWebhookEvent[];
  enabled: boolean;
  disabled_reason: string | null;
  consecutive_failures: number;
  created_at: Date | string;
  last_state?: TDeliveryItem['state'] | null;
  last_status?: number | null;
  last_time?: Date | string | null;
}

/** A webhook_deliveries row with the public id of the delivery it repeats. */
export interface DeliveryRow {
  id: number | string;
  public_id: string;
  event: string;
  event_id: string;
  payload: Record<string, unknown> | string;
  state: TDeliveryItem['state'];
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: Date | string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
  redelivery_public_id: string | null;
  total?: number | string;
}

export interface PublicIdRow {
  public_id: string;
}
export interface CountRow {
  n: number;
}

export const iso = (value: Date | string | null | undefined): string | null => (value ? new Date(value).toISOString() : null);

export function webhookView(r: WebhookRow): TWebhookItem {
  return {
    webhookId: r.public_id,
    url: r.url,
    secret: r.secret,
    events: r.events,
    enabled: r.enabled,
    disabledReason: r.disabled_reason,
    consecutiveFailures: Number(r.consecutive_failures),
    createTime: iso(r.created_at)!,
    lastDelivery: r.last_state ? { state: r.last_state, status: r.last_status ?? null, time: iso(r.last_time)! } : null,
  };
}

export function deliveryView(r: DeliveryRow): TDeliveryItem {
  return {
    deliveryId: r.public_id,
    event: r.event,
    eventId: r.event_id,
    state: r.state,
    attempts: Number(r.attempts),
    lastStatus: r.last_status,
    lastError: r.last_error,
    // A queued or retrying delivery says when it is tried next; a finished one has no next attempt.
    nextAttemptTime: r.state === 'queued' || r.state === 'sending' ? iso(r.next_attempt_at) : null,
    createTime: iso(r.created_at)!,
    finishTime: iso(r.finished_at),
    redeliveryOf: r.redelivery_public_id,
  };
}
