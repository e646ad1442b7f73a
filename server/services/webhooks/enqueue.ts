import type { Query } from '../../db/client';
import type { WebhookDeliveryRow } from '../../db/rows';
import type { TWebhookEvent } from '../../../schemas/webhooks/events';

/**
 * Queue one event for every enabled webhook of the project that subscribed to it (issue 53 item 3), in the caller's
 * transaction: one INSERT … SELECT, so a project with no webhook pays one probe of webhooks_project_idx. An event is
 * queued once per webhook (webhook_deliveries_once_uq, migration 0092). The payload is what the event is about, as
 * small as the caller has it; the delivery runner renders the full payload once, at the first attempt
 * (render.ts), so the fact's own path formats nothing. A sheet's event is queued by wj_submit itself.
 */
export interface WebhookEventInput {
  projectId: number;
  event: TWebhookEvent;
  /** What the event is about (sheet, order, booking or ballot id). */
  eventId: string;
  payload: Record<string, unknown>;
}

const ENQUEUE_SQL = `INSERT INTO webhook_deliveries (public_id, webhook_id, event, event_id, payload)
  SELECT replace(gen_random_uuid()::text, '-', ''), w.id, $2, $3, jsonb_build_object('render', true, 'data', $4::jsonb)
  FROM webhooks w WHERE w.project_id = $1 AND w.enabled AND $2 = ANY (w.events)
  ON CONFLICT (webhook_id, event, event_id) WHERE redelivery_of IS NULL DO NOTHING
  RETURNING id`;

/** Listeners told after a process queued deliveries (the app's runner looks at once); see onWebhookEnqueued. */
const listeners = new Set<() => void>();

export function onWebhookEnqueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function enqueueWebhookEvent(query: Query, input: WebhookEventInput): Promise<number> {
  const rows = await query<Pick<WebhookDeliveryRow, 'id'>>(ENQUEUE_SQL, [input.projectId, input.event, input.eventId, JSON.stringify(input.payload)]);
  if (rows.length) setImmediate(() => listeners.forEach((l) => l()));
  return rows.length;
}
