import { z } from 'zod';
import { WEBHOOK_MESSAGES, type TDeliveryItem, type TWebhookOwnerBody, type webhookCalls } from '../../../schemas/api/webhooks';
import type { Query } from '../../db/client';
import type { AuthUser } from '../access/sessions.service';
import { deliveryEnvelope } from './render';
import { publicId } from '../crypto';
import type { Deps } from '../deps';
import { notFound } from '../errors';
import { manageWebhookOwner, type WebhookOwner } from './webhook-owner';
import { findWebhook } from './webhooks.service';
import { deliveryView, iso, type CountRow, type DeliveryRow, type PublicIdRow } from './webhook-views';

/**
 * A webhook's delivery log (issue 53 item 3): the test event and a redelivery are delivery rows queued now
 * (state 'queued', next_attempt_at now), which the runner (server/jobs/webhook-runner.ts) takes like any other.
 */
type TListBody = z.output<typeof webhookCalls.getDeliveryList.request>;
type TDeliveryBody = TWebhookOwnerBody & { deliveryId: string };

const DELIVERY_SQL = `SELECT d.*, r.public_id AS redelivery_public_id
  FROM webhook_deliveries d
  JOIN webhooks w ON w.id = d.webhook_id
  LEFT JOIN webhook_deliveries r ON r.id = d.redelivery_of`;

async function insertDelivery(
  query: Query,
  row: { webhookId: number; event: string; eventId: string; payload: Record<string, unknown>; redeliveryOf: number | null },
): Promise<string> {
  const rows = await query<PublicIdRow>(
    `INSERT INTO webhook_deliveries (public_id, webhook_id, event, event_id, payload, state, next_attempt_at, redelivery_of)
     VALUES ($1, $2, $3, $4, $5::jsonb, 'queued', now(), $6) RETURNING public_id`,
    [publicId(), row.webhookId, row.event, row.eventId, JSON.stringify(row.payload), row.redeliveryOf],
  );
  return rows[0]!.public_id;
}

/**
 * The test event's payload: the runner sends every delivery as { id, type, createdAt, ...payload }, so a ping carries
 * the same `project` (or `vote`) and `data` as a real event, with a small body a receiver can recognise.
 */
export function pingPayload(owner: Pick<WebhookOwner, 'head'>): Record<string, unknown> {
  return {
    ...owner.head,
    data: { message: '这是一条测试推送，收到即表示推送地址可用。' },
  };
}

/** sendTestEvent: a 'ping' delivery to the webhook, whether it is on or off (the manager asked for it). */
export async function sendTestEvent(deps: Deps, user: AuthUser | null, body: TWebhookOwnerBody & { webhookId: string }): Promise<{ deliveryId: string }> {
  const owner = await manageWebhookOwner(deps, user, body);
  const hook = await findWebhook(deps.database.query, owner, body.webhookId);
  const eventId = `ping_${publicId()}`;
  const deliveryId = await insertDelivery(deps.database.query, {
    webhookId: hook.id,
    event: 'ping',
    eventId,
    payload: pingPayload(owner),
    redeliveryOf: null,
  });
  return { deliveryId };
}

/** getDeliveryList: one webhook's deliveries, newest first, optionally of one state. */
export async function getDeliveryList(deps: Deps, user: AuthUser | null, body: TListBody): Promise<{ list: TDeliveryItem[]; total: number }> {
  const owner = await manageWebhookOwner(deps, user, body);
  const hook = await findWebhook(deps.database.query, owner, body.webhookId);
  const rows = await deps.database.query<DeliveryRow>(
    `${DELIVERY_SQL.replace('SELECT d.*', 'SELECT d.*, count(*) OVER () AS total')}
     WHERE d.webhook_id = $1 AND ($2::text IS NULL OR d.state = $2)
     ORDER BY d.id DESC LIMIT $3 OFFSET $4`,
    [hook.id, body.state ?? null, body.pageSize, (body.page - 1) * body.pageSize],
  );
  const total = rows[0]
    ? Number(rows[0].total)
    : Number(
        (
          await deps.database.query<CountRow>('SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1 AND ($2::text IS NULL OR state = $2)', [
            hook.id,
            body.state ?? null,
          ])
        )[0]?.n ?? 0,
      );
  return { list: rows.map(deliveryView), total };
}

async function findDelivery(query: Query, owner: WebhookOwner, deliveryId: string): Promise<DeliveryRow & { webhook_id: number }> {
  const rows = await query<DeliveryRow & { webhook_id: number }>(`${DELIVERY_SQL} WHERE w.${owner.column} = $1 AND d.public_id = $2`, [owner.id, deliveryId]);
  if (!rows[0]) throw notFound(WEBHOOK_MESSAGES.deliveryGone);
  return rows[0];
}

interface AttemptRow {
  attempt: number;
  status: number | null;
  error: string | null;
  duration_ms: number;
  response_excerpt: string | null;
  at: Date | string;
}

/** getDelivery: the payload sent and every attempt's answer. */
export async function getDelivery(deps: Deps, user: AuthUser | null, body: TDeliveryBody) {
  const owner = await manageWebhookOwner(deps, user, body);
  const row = await findDelivery(deps.database.query, owner, body.deliveryId);
  const attempts = await deps.database.query<AttemptRow>(
    'SELECT attempt, status, error, duration_ms, response_excerpt, at FROM webhook_attempts WHERE delivery_id = $1 ORDER BY id',
    [row.id],
  );
  const stored = typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload;
  return {
    ...deliveryView(row),
    // As the receiver gets it (a queued event not yet sent shows what it is about).
    payload: deliveryEnvelope(row, stored),
    attemptList: attempts.map((a) => ({
      attempt: Number(a.attempt),
      status: a.status,
      error: a.error,
      durationMs: Number(a.duration_ms),
      responseExcerpt: a.response_excerpt,
      time: iso(a.at)!,
    })),
  };
}

/** redeliver: a new delivery of the same event and payload, queued now, that names the one it repeats. */
export async function redeliver(deps: Deps, user: AuthUser | null, body: TDeliveryBody): Promise<{ deliveryId: string }> {
  const owner = await manageWebhookOwner(deps, user, body);
  const row = await findDelivery(deps.database.query, owner, body.deliveryId);
  const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload;
  const deliveryId = await insertDelivery(deps.database.query, {
    webhookId: row.webhook_id,
    event: row.event,
    eventId: row.event_id,
    payload,
    redeliveryOf: Number(row.id),
  });
  return { deliveryId };
}
