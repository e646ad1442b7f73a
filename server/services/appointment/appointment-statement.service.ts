import type { TAppointmentStatement, TStatementCounts } from '../../../schemas/api/appointment';
import { addDays, APPOINTMENT_LIMITS, slotsBetween, weekdayOf, type TSchedule } from '../../../schemas/appointment/schedule';
import type { Query } from '../../db/client';
import { badInput } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { dateText, managedAppointment, requireSchedule } from './appointment-project.service';

/** One concrete slot's counts as the statement's one SQL aggregates them. */
interface SlotCountRow {
  resource_key: string;
  slot_date: Date | string;
  slot_start: string;
  slot_end: string;
  bookings: string | number;
  booked: string | number;
  checked_in: string | number;
  no_show: string | number;
  cancelled: string | number;
  waitlisted: string | number;
  people: string | number;
}

const emptyCounts = (): TStatementCounts => ({
  bookings: 0,
  booked: 0,
  checkedIn: 0,
  noShow: 0,
  cancelled: 0,
  waitlisted: 0,
  people: 0,
  capacity: 0,
  fillRate: 0,
});

function add(into: TStatementCounts, row: SlotCountRow | undefined, capacity: number): void {
  into.capacity += capacity;
  if (!row) return;
  into.bookings += Number(row.bookings);
  into.booked += Number(row.booked);
  into.checkedIn += Number(row.checked_in);
  into.noShow += Number(row.no_show);
  into.cancelled += Number(row.cancelled);
  into.waitlisted += Number(row.waitlisted);
  into.people += Number(row.people);
}

const withRate = <T extends TStatementCounts>(c: T): T => ({ ...c, fillRate: c.capacity ? Math.round((c.people / c.capacity) * 10_000) / 10_000 : 0 });

/** Every booking of the range counted per concrete slot in ONE statement (state counts and the people holding places). */
export async function slotCounts(query: Query, projectId: number, from: string, to: string): Promise<SlotCountRow[]> {
  return query<SlotCountRow>(
    `SELECT resource_key, slot_date, slot_start, max(slot_end) AS slot_end,
       count(*) AS bookings,
       count(*) FILTER (WHERE state = 'booked') AS booked,
       count(*) FILTER (WHERE state = 'checkedIn') AS checked_in,
       count(*) FILTER (WHERE state = 'noShow') AS no_show,
       count(*) FILTER (WHERE state = 'cancelled') AS cancelled,
       count(*) FILTER (WHERE state = 'waitlisted') AS waitlisted,
       COALESCE(sum(party_size) FILTER (WHERE state IN ('booked', 'checkedIn', 'noShow')), 0) AS people
     FROM appointment_bookings WHERE project_id = $1 AND slot_date BETWEEN $2::date AND $3::date
     GROUP BY resource_key, slot_date, slot_start`,
    [projectId, from, to],
  );
}

/** The range asked, or the schedule's; at most APPOINTMENT_LIMITS.maxRangeDays × 4 days (slotsBetween's reach). */
export function rangeOf(schedule: TSchedule, from: string | undefined, to: string | undefined): { from: string; to: string } {
  const first = from ?? schedule.startDate;
  const reach = addDays(first, APPOINTMENT_LIMITS.maxRangeDays * 4);
  const last = to ?? (schedule.endDate < reach ? schedule.endDate : reach);
  if (last > reach) throw badInput(`统计范围最多${APPOINTMENT_LIMITS.maxRangeDays * 4}天`, 'to');
  return { from: first, to: last };
}

/**
 * The appointment statement (report power): bookings by state, no-shows and the fill rate (people holding places
 * over places offered) per day and per slot of the day, from one aggregate of the bookings and the schedule's
 * slots of the range (their capacity). A booking of a slot the schedule no longer has counts with no capacity.
 */
export async function getStatement(
  deps: Deps,
  user: AuthUser | null,
  questionId: string,
  range: { from?: string; to?: string },
): Promise<TAppointmentStatement> {
  const { query } = deps.database;
  const project = await managedAppointment(query, user, questionId, 'report');
  const schedule = await requireSchedule(query, project.id);
  return statementOf(query, project, schedule, rangeOf(schedule, range.from, range.to));
}

/** The statement of a project whose power was checked (the export's 每日统计 sheet uses it too). */
export async function statementOf(
  query: Query,
  project: { id: number; title: string },
  schedule: TSchedule,
  { from, to }: { from: string; to: string },
): Promise<TAppointmentStatement> {
  const rows = await slotCounts(query, project.id, from, to);
  const key = (resourceKey: string, date: string, start: string) => `${resourceKey}|${date}|${start}`;
  const byKey = new Map(rows.map((r) => [key(r.resource_key, dateText(r.slot_date), r.slot_start), r]));
  const names = new Map(schedule.resources.map((r) => [r.key, r.name]));

  const totals = emptyCounts();
  const days = new Map<string, TStatementCounts>();
  const slots = new Map<string, TStatementCounts & { resourceKey: string; resourceName: string; start: string; end: string }>();
  const dayOf = (date: string) => days.get(date) ?? days.set(date, emptyCounts()).get(date)!;
  const slotOf = (resourceKey: string, start: string, end: string) => {
    const k = `${resourceKey}|${start}`;
    return slots.get(k) ?? slots.set(k, { ...emptyCounts(), resourceKey, resourceName: names.get(resourceKey) ?? '', start, end }).get(k)!;
  };
  const counted = (r: SlotCountRow | undefined, capacity: number, date: string, resourceKey: string, start: string, end: string) => {
    add(totals, r, capacity);
    add(dayOf(date), r, capacity);
    add(slotOf(resourceKey, start, end), r, capacity);
  };
  for (const slot of slotsBetween(schedule, from, to)) {
    const k = key(slot.resourceKey, slot.date, slot.start);
    counted(byKey.get(k), slot.capacity, slot.date, slot.resourceKey, slot.start, slot.end);
    byKey.delete(k);
  }
  for (const r of byKey.values()) counted(r, 0, dateText(r.slot_date), r.resource_key, r.slot_start, r.slot_end);

  return {
    title: project.title,
    timeZone: schedule.timeZone,
    from,
    to,
    totals: withRate(totals),
    days: [...days].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, c]) => withRate({ ...c, date, weekday: weekdayOf(date) })),
    slots: [...slots.values()]
      .sort((a, b) => (a.resourceKey === b.resourceKey ? (a.start < b.start ? -1 : 1) : a.resourceKey < b.resourceKey ? -1 : 1))
      .map(withRate),
  };
}
