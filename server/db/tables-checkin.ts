import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TCheckInKind, TContentMode } from '../../schemas/checkin/days';
import { projects, users } from './tables';

/**
 * Daily check-ins (migration 0034): each check-in project's settings (period, weekdays, daily window, late time,
 * content asked, make-up reach) and the check-ins, one per person per day by a unique key.
 */
export const checkInSettings = pgTable(
  'checkin_settings',
  {
    projectId: integer('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** First and last day ('YYYY-MM-DD', Asia/Shanghai); null: open on that side. */
    startDay: text('start_day'),
    endDay: text('end_day'),
    /** Bit 1 Monday … bit 7 Sunday. */
    weekdays: integer('weekdays').notNull().default(254),
    /** Minutes after midnight (Asia/Shanghai): check-ins from window_start until before window_end. */
    windowStart: integer('window_start').notNull().default(0),
    windowEnd: integer('window_end').notNull().default(1440),
    /** From this minute on, a check-in of the day counts as late; null: never. */
    lateAfter: integer('late_after'),
    textMode: text('text_mode').$type<TContentMode>().notNull().default('optional'),
    photoMode: text('photo_mode').$type<TContentMode>().notNull().default('optional'),
    numberMode: text('number_mode').$type<TContentMode>().notNull().default('off'),
    numberLabel: text('number_label').notNull().default(''),
    numberUnit: text('number_unit').notNull().default(''),
    /** How many days back a missed day may be made up; 0: no make-ups. */
    makeupDays: integer('makeup_days').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'checkin_settings_days_ck',
      sql`(${t.startDay} IS NULL OR ${t.startDay} ~ '^\d{4}-\d{2}-\d{2}$') AND (${t.endDay} IS NULL OR ${t.endDay} ~ '^\d{4}-\d{2}-\d{2}$')`,
    ),
    check('checkin_settings_window_ck', sql`${t.windowStart} >= 0 AND ${t.windowStart} < ${t.windowEnd} AND ${t.windowEnd} <= 1440`),
    check('checkin_settings_weekdays_ck', sql`${t.weekdays} BETWEEN 2 AND 254`),
    check('checkin_settings_makeup_ck', sql`${t.makeupDays} BETWEEN 0 AND 30`),
    check(
      'checkin_settings_modes_ck',
      sql`${t.textMode} IN ('off', 'optional', 'required') AND ${t.photoMode} IN ('off', 'optional', 'required') AND ${t.numberMode} IN ('off', 'optional', 'required')`,
    ),
  ],
);

export const checkInRecords = pgTable(
  'checkin_records',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** `u:<user id>` for a logged-in participant, `d:<device key>` otherwise. */
    participant: text('participant').notNull(),
    /** The day checked in for ('YYYY-MM-DD', Asia/Shanghai): today, or a past day for a make-up. */
    day: text('day').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    content: text('content').notNull().default(''),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    amount: integer('amount'),
    kind: text('kind').$type<TCheckInKind>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('checkin_records_public_id_uq').on(t.publicId),
    uniqueIndex('checkin_records_day_uq').on(t.projectId, t.participant, t.day),
    index('checkin_records_board_idx').on(t.projectId, t.day, t.createdAt),
    check('checkin_records_kind_ck', sql`${t.kind} IN ('ontime', 'late', 'makeup')`),
    check('checkin_records_day_ck', sql`${t.day} ~ '^\d{4}-\d{2}-\d{2}$'`),
  ],
);
