import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TChainEntryState } from '../../schemas/chain/entry-states';
import { projects, users } from './tables';

/**
 * Sign-up chains (migration 0032): the settings row every change of a chain locks (cap, places used, entries
 * waiting, the number counter), the entries, and the live feed's events.
 */
export const chainSettings = pgTable(
  'chain_settings',
  {
    projectId: integer('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    cap: integer('cap'),
    /** Migration 0049: the creator chose a cap or no cap (publishing needs the choice; cap null alone is either). */
    capChosen: boolean('cap_chosen').notNull().default(false),
    waitlist: boolean('waitlist').notNull().default(true),
    multiple: boolean('multiple').notNull().default(false),
    maskNames: boolean('mask_names').notNull().default(false),
    deadline: timestamp('deadline', { withTimezone: true }),
    pinnedNote: text('pinned_note').notNull().default(''),
    closed: boolean('closed').notNull().default(false),
    /** People of the joined entries. */
    used: integer('used').notNull().default(0),
    /** Waitlisted entries: a join is admitted directly only when none wait (first come, first served). */
    waiting: integer('waiting').notNull().default(0),
    /** Migration 0099: joined entries (`used` counts their people), kept by the statements that keep `used`. */
    joined: integer('joined').notNull().default(0),
    nextSeq: integer('next_seq').notNull().default(0),
    /** Whether the last join took a place: set by the same UPDATE that took it, read by its RETURNING. */
    lastAdmitted: boolean('last_admitted').notNull().default(false),
    /** Migration 0066: 仅限微信授权参与 — the owner's authorised official account (null: off) and its AppID, written by the server. */
    wechatAuthId: integer('wechat_auth_id'),
    wechatAppid: text('wechat_appid'),
    /** Migration 0074: 结果查询 — the join form asks a phone, and /activityquery.html finds the entries by it and an SMS code. */
    queryEnabled: boolean('query_enabled').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('chain_settings_cap_ck', sql`${t.cap} IS NULL OR ${t.cap} >= 1`),
    check('chain_settings_used_ck', sql`${t.used} >= 0`),
    check('chain_settings_waiting_ck', sql`${t.waiting} >= 0`),
  ],
);

export const chainEntries = pgTable(
  'chain_entries',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** `u:<user id>` for a logged-in participant, `d:<device key>` otherwise. */
    participant: text('participant').notNull(),
    personSlot: integer('person_slot').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    answer: text('answer').notNull().default(''),
    people: integer('people').notNull().default(1),
    state: text('state').$type<TChainEntryState>().notNull(),
    reason: text('reason').notNull().default(''),
    /** Migration 0049: a phone left to be told by SMS of a promotion, and the brand joined on (the text is a notice, 0065). */
    phone: text('phone').notNull().default(''),
    brand: text('brand').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('chain_entries_public_id_uq').on(t.publicId),
    uniqueIndex('chain_entries_seq_uq').on(t.projectId, t.seq),
    uniqueIndex('chain_entries_person_uq')
      .on(t.projectId, t.participant, t.personSlot)
      .where(sql`state IN ('joined', 'waitlisted')`),
    index('chain_entries_state_idx').on(t.projectId, t.state, t.seq),
    check('chain_entries_state_ck', sql`${t.state} IN ('joined', 'waitlisted', 'withdrawn', 'removed')`),
    check('chain_entries_people_ck', sql`${t.people} BETWEEN 1 AND 20`),
  ],
);

export const chainEvents = pgTable(
  'chain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chain_events_project_idx').on(t.projectId, t.id)],
);
