import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TBookingState } from '../../schemas/appointment/booking-states';
import type { TSchedule } from '../../schemas/appointment/schedule';
import { projects, users } from './tables';

/** Appointments (migration 0038): the versioned schedule, one counter row per concrete slot, the bookings. */
export const appointmentSchedules = pgTable('appointment_schedules', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(1),
  schedule: jsonb('schedule').$type<TSchedule>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const appointmentSlots = pgTable(
  'appointment_slots',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    resourceKey: text('resource_key').notNull().default(''),
    slotDate: date('slot_date').notNull(),
    /** 'HH:MM' in the project's zone. */
    slotStart: text('slot_start').notNull(),
    capacity: integer('capacity').notNull(),
    /** People of the booked bookings. */
    taken: integer('taken').notNull().default(0),
    waiting: integer('waiting').notNull().default(0),
    nextSeq: integer('next_seq').notNull().default(0),
    /** Whether the last booking took a place: set by the statement that took it, read by its RETURNING. */
    lastAdmitted: boolean('last_admitted').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'appointment_slots_pk', columns: [t.projectId, t.resourceKey, t.slotDate, t.slotStart] }),
    check('appointment_slots_taken_ck', sql`${t.taken} >= 0`),
    check('appointment_slots_waiting_ck', sql`${t.waiting} >= 0`),
  ],
);

export const appointmentBookings = pgTable(
  'appointment_bookings',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    resourceKey: text('resource_key').notNull().default(''),
    slotDate: date('slot_date').notNull(),
    slotStart: text('slot_start').notNull(),
    slotEnd: text('slot_end').notNull(),
    partySize: integer('party_size').notNull().default(1),
    state: text('state').$type<TBookingState>().notNull(),
    promoted: boolean('promoted').notNull().default(false),
    seq: integer('seq').notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    answerSheetId: integer('answer_sheet_id'),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    reason: text('reason').notNull().default(''),
    /** Migration 0040: when the reminder sweep claimed this booking's reminder, and for which slot ('resource|date|start'). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    remindedSlot: text('reminded_slot'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('appointment_bookings_public_id_uq').on(t.publicId),
    uniqueIndex('appointment_bookings_token_uq').on(t.tokenHash),
    index('appointment_bookings_slot_idx').on(t.projectId, t.resourceKey, t.slotDate, t.slotStart, t.state, t.seq),
    index('appointment_bookings_remind_idx')
      .on(t.slotDate)
      .where(sql`${t.state} = 'booked'`),
    check('appointment_bookings_state_ck', sql`${t.state} IN ('booked', 'waitlisted', 'cancelled', 'checkedIn', 'noShow')`),
    check('appointment_bookings_party_ck', sql`${t.partySize} BETWEEN 1 AND 50`),
  ],
);
