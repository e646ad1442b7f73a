import { ZONE_OFFSETS } from '../../../schemas/appointment/schedule';
import type { Database } from '../../db/client';
import type { SmsProvider } from '../../providers/sms';
import { recordNotice, type NoticeToRecord } from '../notices/notice-record.service';
import { sendPendingNotices } from '../notices/notice-send.service';
import { plainTitle } from '../report/report-subjects';
import { dateText } from './appointment-project.service';

/** Reminders claimed by one sweep at most (the next sweep takes the rest). */
const REMIND_BATCH = 200;
/** How often each process sweeps. */
export const REMIND_EVERY_MS = 60_000;

interface ClaimedReminder {
  public_id: string;
  user_id: number | null;
  reminded_slot: string;
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

const CLAIM_SQL = `UPDATE appointment_bookings AS u SET reminded_at = $1, reminded_slot = u.resource_key || '|' || u.slot_date::text || '|' || u.slot_start
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
     RETURNING u.public_id, u.user_id, u.reminded_slot, u.phone, u.name, u.party_size, u.slot_date, u.slot_start, u.slot_end, p.title, p.owner_id, p.id AS project_id`;

/**
 * Claim the reminders due at `now` and send them. A reminder is due for a booked booking with a phone when its
 * slot starts within the project's `reminderMinutes` (0: off) and has not started, unless it was already claimed
 * for that slot (a booking moved to another slot is reminded again). ONE conditional UPDATE … RETURNING claims
 * them (FOR UPDATE SKIP LOCKED in its subquery, and `reminded_slot IS DISTINCT FROM` the slot rechecked on the row),
 * so however many processes sweep at once each reminder is claimed by one; the texts go out after the claim
 * commits, as notices (issue 47 item 4: recorded with the claim, each with its outcome) through the SMS provider
 * (the outbox by default), each taking one unit of the project owner's SMS count (none left: not sent, the owner
 * told why; sendOnOwnersCount). A text the provider refuses is not retried (the reminder is a courtesy;
 * docs/decisions.md); a participant who turned the project's notices off gets none. Returns the number sent.
 */
export async function sendDueReminders(deps: { database: Database; sms: SmsProvider }, now: Date): Promise<number> {
  // The claim and the reminders' notices commit together: a claimed reminder always has its record.
  const recorded = await deps.database.transaction(async (query) => {
    const claimed = await query<ClaimedReminder>(CLAIM_SQL, [now, REMIND_BATCH]);
    const ids: number[] = [];
    for (const r of claimed) {
      const id = await recordNotice(query, reminderNotice(r), now);
      if (id !== null) ids.push(id);
    }
    return ids;
  });
  // Each takes one unit of the owner's SMS count; one not sent (none left, refused) is not retried (docs/decisions.md).
  return recorded.length ? sendPendingNotices({ ...deps, now: () => now }, recorded) : 0;
}

/** 张三，您预约的「口腔检查」将于2026-12-08 09:00-10:00开始，2人，请准时到达。(signed by the SMS channel) */
function reminderNotice(r: ClaimedReminder): NoticeToRecord {
  const party = r.party_size > 1 ? `，${r.party_size}人` : '';
  return {
    projectId: r.project_id,
    kind: 'booking_reminder',
    // A booking is its participant's by the login, else by its own private page.
    recipient: { participant: r.user_id ? `u:${r.user_id}` : `b:${r.public_id}`, name: r.name, phone: r.phone, brand: '' },
    text: `${r.name ? `${r.name}，` : ''}您预约的「${plainTitle(r.title).slice(0, 30)}」将于${dateText(r.slot_date)} ${r.slot_start}-${r.slot_end}开始${party}，请准时到达。`,
    onceKey: `booking_reminder:${r.public_id}:${r.reminded_slot}`,
  };
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
