import { z } from 'zod';
import { WEBHOOK_MESSAGES, type TWebhookItem, type TWebhookOwnerBody, type ZSaveWebhookRequest } from '../../../schemas/api/webhooks';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_LIMITS } from '../../../schemas/webhooks/events';
import type { Query } from '../../db/client';
import type { AuthUser } from '../access/sessions.service';
import { publicId, randomToken } from '../crypto';
import type { Deps } from '../deps';
import { badInput, conflict, notFound } from '../errors';
import { checkWebhookUrl } from './ssrf-guard';
import { manageWebhookOwner, type WebhookOwner } from './webhook-owner';
import { webhookView, type PublicIdRow, type WebhookRow } from './webhook-views';

/**
 * A project's webhooks (activity/question/webhook/*, issue 53 item 3): up to WEBHOOK_LIMITS.perProject per project,
 * each with its own signing secret. Every call needs the project's manage power: the data leaves the platform. A vote's
 * webhooks (voteId) are the same rows with vote_id set, managed by the vote's owner (webhook-owner.ts).
 */
type TSave = z.output<typeof ZSaveWebhookRequest>;
type TDeps = Deps;

/** A new signing secret: `whsec_` and 32 random URL-safe characters (24 bytes). */
export const newWebhookSecret = () => `whsec_${randomToken(24)}`;

const LIST_SQL = `SELECT w.*, d.state AS last_state, d.last_status, d.created_at AS last_time
  FROM webhooks w
  LEFT JOIN LATERAL (SELECT state, last_status, created_at FROM webhook_deliveries WHERE webhook_id = w.id ORDER BY id DESC LIMIT 1) d ON true`;

export async function findWebhook(query: Query, owner: WebhookOwner, webhookId: string): Promise<WebhookRow> {
  const rows = await query<WebhookRow>(`${LIST_SQL} WHERE w.${owner.column} = $1 AND w.public_id = $2`, [owner.id, webhookId]);
  if (!rows[0]) throw notFound(WEBHOOK_MESSAGES.gone);
  return rows[0];
}

/** getWebhookList: the project's webhooks, oldest first, each with its latest delivery. */
export async function listWebhooks(deps: TDeps, user: AuthUser | null, body: TWebhookOwnerBody): Promise<{ list: TWebhookItem[] }> {
  const owner = await manageWebhookOwner(deps, user, body);
  const rows = await deps.database.query<WebhookRow>(`${LIST_SQL} WHERE w.${owner.column} = $1 ORDER BY w.id`, [owner.id]);
  return { list: rows.map(webhookView) };
}

/** The events must be ones the project's kind (or a vote) produces; the URL must pass the delivery guard. */
async function checkSave(deps: TDeps, owner: WebhookOwner, body: TSave): Promise<void> {
  const foreign = body.events.find((e) => !owner.events.includes(e));
  if (foreign) throw badInput(`${owner.column === 'vote_id' ? '投票' : '该项目'}不会产生「${WEBHOOK_EVENT_LABELS[foreign]}」事件`, 'events');
  const check = await checkWebhookUrl(body.url, deps);
  if (!check.ok) throw badInput(check.reason, 'url');
}

/**
 * Under the project's (or vote's) row lock (every save of it waits here), so the count read by the conditional
 * INSERT is final: two saves racing for the fifth place cannot both win.
 */
async function insertWebhook(query: Query, owner: WebhookOwner, body: TSave, userId: number): Promise<string> {
  await query(owner.lockSql, [owner.id]);
  const rows = await query<PublicIdRow>(
    `INSERT INTO webhooks (public_id, ${owner.column}, url, secret, events, enabled, created_by)
     SELECT $1, $2, $3, $4, $5::text[], $6, $7
     WHERE (SELECT count(*) FROM webhooks WHERE ${owner.column} = $2) < $8
     RETURNING public_id`,
    [publicId(), owner.id, body.url, newWebhookSecret(), body.events, body.enabled, userId, WEBHOOK_LIMITS.perProject],
  );
  if (!rows[0]) throw conflict(WEBHOOK_MESSAGES.tooMany);
  return rows[0].public_id;
}

/** Switching a webhook back on clears why the platform switched it off and its run of failures. */
async function updateWebhook(query: Query, owner: WebhookOwner, body: TSave & { webhookId: string }): Promise<string> {
  const rows = await query<PublicIdRow>(
    `UPDATE webhooks SET url = $3, events = $4::text[], enabled = $5, updated_at = now(),
       disabled_reason = CASE WHEN $5 THEN NULL ELSE disabled_reason END,
       disabled_at = CASE WHEN $5 THEN NULL ELSE coalesce(disabled_at, now()) END,
       consecutive_failures = CASE WHEN $5 AND NOT enabled THEN 0 ELSE consecutive_failures END
     WHERE ${owner.column} = $1 AND public_id = $2
     RETURNING public_id`,
    [owner.id, body.webhookId, body.url, body.events, body.enabled],
  );
  if (!rows[0]) throw notFound(WEBHOOK_MESSAGES.gone);
  return rows[0].public_id;
}

/** saveWebhook: a new webhook (no webhookId) or a change to one. */
export async function saveWebhook(deps: TDeps, user: AuthUser | null, body: TSave): Promise<TWebhookItem> {
  const owner = await manageWebhookOwner(deps, user, body);
  await checkSave(deps, owner, body);
  const id = await deps.database.transaction((query) =>
    body.webhookId ? updateWebhook(query, owner, { ...body, webhookId: body.webhookId }) : insertWebhook(query, owner, body, user!.id),
  );
  return webhookView(await findWebhook(deps.database.query, owner, id));
}

/** deleteWebhook: the webhook and its delivery log (cascade). */
export async function deleteWebhook(deps: TDeps, user: AuthUser | null, body: TWebhookOwnerBody & { webhookId: string }): Promise<null> {
  const owner = await manageWebhookOwner(deps, user, body);
  const rows = await deps.database.query(`DELETE FROM webhooks WHERE ${owner.column} = $1 AND public_id = $2 RETURNING id`, [owner.id, body.webhookId]);
  if (!rows[0]) throw notFound(WEBHOOK_MESSAGES.gone);
  return null;
}

/** resetWebhookSecret: a new secret; deliveries signed from now on use it (the receiver must be updated). */
export async function resetWebhookSecret(deps: TDeps, user: AuthUser | null, body: TWebhookOwnerBody & { webhookId: string }): Promise<TWebhookItem> {
  const owner = await manageWebhookOwner(deps, user, body);
  const rows = await deps.database.query(`UPDATE webhooks SET secret = $3, updated_at = now() WHERE ${owner.column} = $1 AND public_id = $2 RETURNING id`, [
    owner.id,
    body.webhookId,
    newWebhookSecret(),
  ]);
  if (!rows[0]) throw notFound(WEBHOOK_MESSAGES.gone);
  return webhookView(await findWebhook(deps.database.query, owner, body.webhookId));
}
