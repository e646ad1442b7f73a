import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TAiDraft, TAiEngine, TAiMessage } from '../../schemas/api/ai';
import { projects, users } from './tables';

const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The nonce of every signed AI call (migration 0090, issue 52 item 1), kept for the timestamp window: the first
 * INSERT … ON CONFLICT DO NOTHING wins, so a replay is refused whichever process it reaches. Rows older than the
 * window are removed (they can no longer pass the timestamp check).
 */
export const aiNonces = pgTable(
  'ai_nonces',
  {
    nonce: text('nonce').primaryKey(),
    userId: userRef(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ai_nonces_seen_idx').on(t.seenAt)],
);

/** One generation (model or built-in assistant): the request, the draft it produced, and the project made from it. */
export const aiGenerations = pgTable(
  'ai_generations',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    userId: userRef(),
    brand: text('brand').notNull(),
    kind: text('kind').notNull(),
    prompt: text('prompt').notNull(),
    engine: text('engine').$type<TAiEngine>().notNull(),
    engineName: text('engine_name').notNull(),
    draft: jsonb('draft').$type<TAiDraft>().notNull(),
    sources: jsonb('sources')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('ai_generations_public_id_uq').on(t.publicId),
    index('ai_generations_user_idx').on(t.userId, t.id),
    check('ai_generations_engine_ck', sql`${t.engine} IN ('builtin', 'model')`),
  ],
);

/**
 * Every AI count taken for a model call (its `units` from user_quotas kind 'ai', in the same transaction), and
 * given back once (state 'returned') when the model failed: taken minus returned equals what user_quotas.used grew by.
 */
export const aiUses = pgTable(
  'ai_uses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    purpose: text('purpose').$type<'generate' | 'analyze'>().notNull(),
    units: integer('units').notNull(),
    state: text('state').$type<'taken' | 'returned'>().notNull().default('taken'),
    reference: text('reference').notNull().default(''),
    createdAt: created(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [
    index('ai_uses_user_idx').on(t.userId, t.id),
    check('ai_uses_purpose_ck', sql`${t.purpose} IN ('generate', 'analyze')`),
    check('ai_uses_state_ck', sql`${t.state} IN ('taken', 'returned')`),
    check('ai_uses_units_ck', sql`${t.units} > 0`),
  ],
);

/** The analysis conversation a user saved about a project (activity/ai/saveOrUpdateAnalysis): one per project and user. */
export const aiAnalyses = pgTable(
  'ai_analyses',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: userRef(),
    messages: jsonb('messages')
      .$type<TAiMessage[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] })],
);
