import { BRANDS, DEFAULT_BRAND } from '../../../schemas/brands';
import { ZONE_OFFSETS } from '../../../schemas/appointment/schedule';
import type { Database } from '../../db/client';
import type { SmsProvider } from '../../providers/sms';
import { sendOnOwnersCount } from '../money/owner-sms.service';
import { plainTitle } from '../report/report-subjects';
import { dateText } from './appointment-project.service';

/** Reminders claimed by one sweep at most (the next sweep takes the rest). */
const REMIND_BATCH = 200;
/** How often each process sweeps. */
export const REMIND_EVERY_MS = 60_000;

interface ClaimedReminder {
  public_id: string;
  phone: string;
  name: string;
  party_size: number;
  slot_date: Date | string;
  slot_start: string;
  slot_end: string;
  title: string;
  owner_id: number;
  project_id: number;
}

/** The zones' offsets as SQL (fixed offsets, as schedule.ts turns wall-clock times into instants). */
const OFFSET_SQL = `CASE s.schedule->>'timeZone' ${Object.entries(ZONE_OFFSETS)
  .map(([zone, minutes]) => `WHEN '${zone}' THEN ${minutes}`)
  .join(' ')} ELSE 480 END`;
/** A booking's slot start as an instant. */
const STARTS_AT_SQL = `((b.slot_date + b.slot_start::time) AT TIME ZONE 'UTC') - make_interval(mins => ${OFFSET_SQL})`;
const REMIND_MINUTES_SQL = `COALESCE((s.schedule->>'reminderMinutes')::int, 60)`;
const SLOT_SQL = `b.resource_key || '|' || b.slot_date::text || '|' || b.slot_start`;

/**
 * Claim the reminders due at `now` and send them. A reminder is due for a booked booking with a phone when its
 * slot starts within the project's `reminderMinutes` (0: off) and has not started, unless it was already claimed
 * for that slot (a booking moved to another slot is reminded again). ONE conditional UPDATE … RETURNING claims
 * them (FOR UPDATE SKIP LOCKED in its subquery, and `reminded_slot IS DISTINCT FROM` the slot rechecked on the row),
 * so however many processes sweep at once each reminder is claimed by one; the texts go out after the claim
 * commits, through the SMS provider (the outbox by default), each taking one unit of the project owner's SMS count
 * (none left: not sent, the owner told why; sendOnOwnersCount). A text the provider refuses is not retried (the
 * reminder is a courtesy; docs/decisions.md). Returns the number sent.
 */
export async function sendDueReminders(deps: { database: Database; sms: SmsProvider }, now: Date): Promise<number> {
  const claimed = await deps.database.query<ClaimedReminder>(
    `UPDATE appointment_bookings AS u SET reminded_at = $1, reminded_slot = u.resource_key || '|' || u.slot_date::text || '|' || u.slot_start
     FROM projects p
     WHERE u.id IN (
         SELECT b.id FROM appointment_bookings b
         JOIN appointment_schedules s ON s.project_id = b.project_id
         JOIN projects pp ON pp.id = b.project_id AND pp.deleted_at IS NULL
         WHERE b.state = 'booked' AND b.phone <> ''
           AND b.slot_date BETWEEN ($1::timestamptz AT TIME ZONE 'UTC')::date - 1 AND ($1::timestamptz AT TIME ZONE 'UTC')::date + 8
           AND b.reminded_slot IS DISTINCT FROM ${SLOT_SQL}
           AND ${REMIND_MINUTES_SQL} > 0
           AND ${STARTS_AT_SQL} > $1::timestamptz
           AND ${STARTS_AT_SQL} - make_interval(mins => ${REMIND_MINUTES_SQL}) <= $1::timestamptz
         ORDER BY b.id LIMIT $2 FOR UPDATE OF b SKIP LOCKED)
       AND u.state = 'booked'
       AND u.reminded_slot IS DISTINCT FROM u.resource_key || '|' || u.slot_date::text || '|' || u.slot_start
       AND p.id = u.project_id
     RETURNING u.public_id, u.phone, u.name, u.party_size, u.slot_date, u.slot_start, u.slot_end, p.title, p.owner_id, p.id AS project_id`,
    [now, REMIND_BATCH],
  );
  const brand = BRANDS[DEFAULT_BRAND];
  let sent = 0;
  for (const r of claimed) {
    const party = r.party_size > 1 ? `，${r.party_size}人` : '';
    const text = `【${brand.name}】${r.name ? `${r.name}，` : ''}您预约的「${plainTitle(r.title).slice(0, 30)}」将于${dateText(r.slot_date)} ${r.slot_start}-${r.slot_end}开始${party}，请准时到达。`;
    // Claimed and not sent (no SMS count left, or refused by the provider): not retried (docs/decisions.md).
    const outcome = await sendOnOwnersCount(
      { ...deps, now: () => now },
      { ownerId: r.owner_id, projectId: r.project_id, title: r.title, what: '预约提醒' },
      { phone: r.phone, brand: brand.id, text, code: '', minutes: 0, purpose: 'appointmentReminder' },
    );
    if (outcome === 'sent') sent += 1;
  }
  return sent;
}

export interface AppointmentReminder {
  start(): void;
  stop(): void;
  runOnce(): Promise<number>;
}

/** The reminder sweep on a timer; any process may run it (the claim keeps each reminder to one text). */
export function createAppointmentReminder(
  deps: { database: Database; sms: SmsProvider; now: () => Date },
  log: (message: string, error: unknown) => void,
  everyMs = REMIND_EVERY_MS,
): AppointmentReminder {
  let timer: NodeJS.Timeout | null = null;
  const runOnce = () => sendDueReminders(deps, deps.now());
  return {
    start() {
      if (timer) return;
      timer = setInterval(() => void runOnce().catch((error) => log('sending appointment reminders failed', error)), everyMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    runOnce,
  };
}
