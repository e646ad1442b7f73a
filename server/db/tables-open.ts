import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TWebhookDeliveryEvent, TWebhookEvent } from '../../schemas/webhooks/events';
import { projects, users } from './tables';
import { voteActivities } from './tables-votes';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Personal API tokens (migration 0091, issue 53 item 1): sent as the spec's `token` header like a session's token;
 * only the SHA-256 is kept, `prefix` is what the account page shows. A 'read' token is refused every call that is not
 * a read (schemas/api/token-scope.ts).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope').$type<'read' | 'write'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_uq').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId, t.id),
    check('api_tokens_scope_ck', sql`${t.scope} IN ('read', 'write')`),
  ],
);

/**
 * A project's or a vote's webhook (issue 53 item 3; exactly one of project_id, vote_id, migration 0094): where its
 * events are delivered and the secret they are signed with.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    voteId: integer('vote_id').references(() => voteActivities.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    events: text('events').array().$type<TWebhookEvent[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Deliveries failed for good in a row; reaching WEBHOOK_LIMITS.disableAfterFailures disables the webhook. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhooks_public_id_uq').on(t.publicId),
    index('webhooks_project_idx')
      .on(t.projectId)
      .where(sql`${t.enabled}`),
    index('webhooks_vote_idx')
      .on(t.voteId)
      .where(sql`${t.enabled}`),
    check('webhooks_owner_ck', sql`num_nonnulls(${t.projectId}, ${t.voteId}) = 1`),
  ],
);

/** One event to deliver to one webhook, queued in the transaction that made the event and taken by any process. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: text('public_id').notNull(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').$type<TWebhookDeliveryEvent>().notNull(),
    /** What the event is about (the sheet's, order's, booking's or ballot's id): the receiver's key for "once". */
    eventId: text('event_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state').$type<'queued' | 'sending' | 'done' | 'failed'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    claimedBy: text('claimed_by'),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    /** The delivery this one repeats (redelivery by hand). */
    redeliveryOf: bigint('redelivery_of', { mode: 'number' }),
    createdAt: created(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_public_id_uq').on(t.publicId),
    index('webhook_deliveries_hook_idx').on(t.webhookId, t.id),
    /** Each event once per webhook (migration 0092); a redelivery names the delivery it repeats. */
    uniqueIndex('webhook_deliveries_once_uq')
      .on(t.webhookId, t.event, t.eventId)
      .where(sql`${t.redeliveryOf} IS NULL`),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.state} IN ('queued', 'sending')`),
    check('webhook_deliveries_state_ck', sql`${t.state} IN ('queued', 'sending', 'done', 'failed')`),
  ],
);

/** Each attempt of a delivery: the receiver's status code (null when none came: refused, timed out, blocked). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    status: integer('status'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    responseExcerpt: text('response_excerpt'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
