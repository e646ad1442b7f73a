import type { TBooking, TManageBooking, TSettingView, TTimeSlot, TWeeksView } from '../../../schemas/api/appointment';
import type { TBookingState } from '../../../schemas/appointment/booking-states';
import {
  addDays,
  APPOINTMENT_MESSAGES,
  bookableSlot,
  isClosed,
  slotsBetween,
  todayIn,
  weekdayOf,
  type TConcreteSlot,
  type TSchedule,
} from '../../../schemas/appointment/schedule';
import type { Query } from '../../db/client';
import type { AppointmentBookingRow, AppointmentSlotRow } from '../../db/rows';
import { conflict } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { bookingOfProject, cancelRow, markBooking, moveRow, type SlotChoice } from './appointment-book.service';
import { dateText, managedAppointment, manageView, publicAppointment, readSchedule, requireSchedule } from './appointment-project.service';
import { col, defineSql } from '../../db/sql';

export async function getSetting(deps: Deps, user: AuthUser | null, questionId: string): Promise<TSettingView> {
  const project = await managedAppointment(deps.database.query, user, questionId, 'read');
  return readSchedule(deps.database.query, project.id);
}

const saveSettingSql = defineSql(
  'appointment-read.saveSetting',
  { version: col.int },
  `INSERT INTO appointment_schedules AS a (project_id, version, schedule, updated_at) VALUES ($1, 1, $2::jsonb, $3)
     ON CONFLICT (project_id) DO UPDATE SET version = a.version + 1, schedule = EXCLUDED.schedule, updated_at = EXCLUDED.updated_at
     WHERE $4::int IS NULL OR a.version = $4::int
     RETURNING version`,
);

/**
 * Save the schedule (edit power). `version` given: saved only over that version (another tab's older save is
 * refused), in one conditional upsert. Bookings already made keep their places; a slot's new capacity applies to
 * the next booking or cancel of that slot.
 */
export async function saveSetting(deps: Deps, user: AuthUser | null, questionId: string, schedule: TSchedule, version?: number): Promise<TSettingView> {
  const project = await managedAppointment(deps.database.query, user, questionId, 'edit');
  const rows = await saveSettingSql.run(deps.database.query, [project.id, JSON.stringify(schedule), deps.now(), version ?? null]);
  if (!rows[0]) throw conflict(APPOINTMENT_MESSAGES.versionConflict);
  return { schedule, version: rows[0].version };
}

const counterKey = (resourceKey: string, date: string, start: string) => `${resourceKey}|${date}|${start}`;

async function countersBetween(query: Query, projectId: number, from: string, to: string): Promise<Map<string, AppointmentSlotRow>> {
  const rows = await query<AppointmentSlotRow>('SELECT * FROM appointment_slots WHERE project_id = $1 AND slot_date BETWEEN $2 AND $3', [projectId, from, to]);
  return new Map(rows.map((r) => [counterKey(r.resource_key, dateText(r.slot_date), r.slot_start), r]));
}

function timeSlot(schedule: TSchedule, slot: TConcreteSlot, counter: AppointmentSlotRow | undefined, now: Date): TTimeSlot {
  const taken = counter?.taken ?? 0;
  const check = bookableSlot(schedule, slot.resourceKey, slot.date, slot.start, now);
  return {
    resourceKey: slot.resourceKey,
    date: slot.date,
    start: slot.start,
    end: slot.end,
    startsAt: slot.startsAt,
    capacity: slot.capacity,
    taken,
    remaining: Math.max(0, slot.capacity - taken),
    waiting: counter?.waiting ?? 0,
    bookable: 'slot' in check,
    reason: 'refusal' in check ? APPOINTMENT_MESSAGES[check.refusal] : '',
  };
}

/** The coming weeks (from today in the project's zone unless `from`): each date's slots and places left. */
export async function getWeeks(deps: Deps, questionId: string, from: string | undefined, weeks: number): Promise<TWeeksView> {
  const { query } = deps.database;
  const project = await publicAppointment(query, questionId);
  const schedule = await requireSchedule(query, project.id);
  const now = deps.now();
  const today = todayIn(schedule.timeZone, now);
  const first = from ?? today;
  const last = addDays(first, weeks * 7 - 1);
  const slots = slotsBetween(schedule, first, last);
  const counters = await countersBetween(query, project.id, first, last);
  const days: TWeeksView['days'] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const mine = slots.filter((s) => s.date === date).map((s) => timeSlot(schedule, s, counters.get(counterKey(s.resourceKey, s.date, s.start)), now));
    const closed = schedule.resources.length ? schedule.resources.every((r) => isClosed(schedule, date, r.key)) : isClosed(schedule, date, '');
    days.push({
      date,
      weekday: weekdayOf(date),
      open: !closed && mine.some((s) => s.bookable),
      slots: mine.length,
      capacity: mine.reduce((n, s) => n + s.capacity, 0),
      remaining: mine.filter((s) => s.bookable).reduce((n, s) => n + s.remaining, 0),
    });
  }
  return {
    timeZone: schedule.timeZone,
    today,
    partySizeMax: schedule.partySizeMax,
    resources: schedule.resources.map((r) => ({ key: r.key, name: r.name })),
    days,
  };
}

/** One date's slots with their places, live from the counters. */
export async function getTimes(deps: Deps, questionId: string, date: string, resourceKey: string | undefined): Promise<{ list: TTimeSlot[] }> {
  const { query } = deps.database;
  const project = await publicAppointment(query, questionId);
  const schedule = await requireSchedule(query, project.id);
  const counters = await countersBetween(query, project.id, date, date);
  const now = deps.now();
  const list = slotsBetween(schedule, date, date)
    .filter((s) => resourceKey === undefined || s.resourceKey === resourceKey)
    .map((s) => timeSlot(schedule, s, counters.get(counterKey(s.resourceKey, s.date, s.start)), now));
  return { list };
}

/** The creator's list (read power): by date, slot and arrival; waiting bookings with their positions. */
export async function getBookings(
  deps: Deps,
  user: AuthUser | null,
  questionId: string,
  filter: { date?: string; state?: TBookingState },
): Promise<{ list: TManageBooking[] }> {
  const { query } = deps.database;
  const project = await managedAppointment(query, user, questionId, 'read');
  const { schedule } = await readSchedule(query, project.id);
  const rows = await query<AppointmentBookingRow & { position: number | string }>(
    `SELECT b.*, CASE WHEN b.state = 'waitlisted' THEN row_number() OVER (PARTITION BY b.resource_key, b.slot_date, b.slot_start, b.state ORDER BY b.seq) ELSE 0 END AS position
     FROM appointment_bookings b WHERE b.project_id = $1 AND ($2::date IS NULL OR b.slot_date = $2::date) AND ($3::text IS NULL OR b.state = $3::text)
     ORDER BY b.slot_date, b.slot_start, b.resource_key, b.seq LIMIT 5000`,
    [project.id, filter.date ?? null, filter.state ?? null],
  );
  return { list: rows.map((r) => manageView(r, project.public_id, schedule, Number(r.position))) };
}

/** Check-in or no-show by the creator (edit power). */
export async function markAs(
  deps: Deps,
  user: AuthUser | null,
  questionId: string,
  bookingId: string,
  action: 'checkIn' | 'markNoShow',
): Promise<TManageBooking> {
  const project = await managedAppointment(deps.database.query, user, questionId, 'edit');
  const row = await markBooking(deps, project.id, bookingId, action);
  const { schedule } = await readSchedule(deps.database.query, project.id);
  return manageView(row, project.public_id, schedule);
}

/** The creator cancels a booking with a reason (edit power); the slot's waiting bookings move up. */
export async function cancelByCreator(
  deps: Deps,
  user: AuthUser | null,
  questionId: string,
  bookingId: string,
  reason: string,
): Promise<{ booking: TBooking; promoted: string[] }> {
  const project = await managedAppointment(deps.database.query, user, questionId, 'edit');
  const row = await bookingOfProject(deps.database.query, project.id, bookingId);
  return cancelRow(deps, row, project.public_id, reason, false);
}

/** The creator moves a booked booking to another slot (edit power), with the same conditional take as a booking. */
export async function moveByCreator(
  deps: Deps,
  user: AuthUser | null,
  questionId: string,
  bookingId: string,
  choice: SlotChoice,
): Promise<{ booking: TBooking; promoted: string[] }> {
  const project = await managedAppointment(deps.database.query, user, questionId, 'edit');
  const row = await bookingOfProject(deps.database.query, project.id, bookingId);
  return moveRow(deps, row, project.public_id, choice);
}
