import type { Query } from '../../db/client';
import type { TWebhookEvent } from '../../../schemas/webhooks/events';

/**
 * Queue one event for every enabled webhook of the project that subscribed to it (issue 53 item 3; helper
 * webhook-delivery replaces this body within stop 66), in the caller's transaction: one INSERT … SELECT, so a
 * project with no webhook pays one index probe.
 */
export interface WebhookEventInput {
  projectId: number;
  event: TWebhookEvent;
  /** What the event is about (sheet, order, booking or ballot id). */
  eventId: string;
  payload: Record<string, unknown>;
}

export async function enqueueWebhookEvent(query: Query, input: WebhookEventInput): Promise<number> {
  void query;
  void input;
  return 0;
}
