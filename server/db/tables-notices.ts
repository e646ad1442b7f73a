import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TNoticeChannel, TNoticeKind, TNoticeOutcome } from '../../schemas/notice/notice-kinds';
import { projects } from './tables';

/**
 * Notices to a project's participants (migration 0065, issue 47 item 4): one row per notice, its channel (sms or
 * page) and outcome; `onceKey` unique so an event is told once however many processes record it.
 */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TNoticeKind>().notNull(),
    /** `u:<user id>` or `d:<device key>`, as the chain names participants. */
    participant: text('participant').notNull(),
    recipientName: text('recipient_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    brand: text('brand').notNull().default(''),
    channel: text('channel').$type<TNoticeChannel>().notNull(),
    outcome: text('outcome').$type<TNoticeOutcome>().notNull(),
    text: text('text').notNull(),
    onceKey: text('once_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('notices_once_uq').on(t.onceKey),
    index('notices_project_idx').on(t.projectId, t.id),
    index('notices_page_idx').on(t.projectId, t.participant).where(sql`outcome = 'pending' AND channel = 'page'`),
    index('notices_sms_idx').on(t.id).where(sql`outcome = 'pending' AND channel = 'sms'`),
    check('notices_kind_ck', sql`${t.kind} IN ('waitlist_promoted', 'order_ready_for_pickup', 'payment_received', 'booking_reminder')`),
    check('notices_channel_ck', sql`${t.channel} IN ('sms', 'page')`),
    check('notices_outcome_ck', sql`${t.outcome} IN ('pending', 'sending', 'sent', 'refused', 'no_quota', 'opted_out', 'shown')`),
  ],
);

/** A participant who turned a project's notices off. */
export const noticeOptouts = pgTable(
  'notice_optouts',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    participant: text('participant').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.participant] })],
);
