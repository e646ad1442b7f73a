import { z } from 'zod/mini';
import { ZId, ZParts, ZSubjectBase, baseDefaults, defineSubjectType, newUuid } from '../base';
import { msg } from '../messages';
import { isIsoText } from './date-time';

const ZTime = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/));
const ZDate = z.string().check(z.refine((s) => isIsoText('date', s), { message: '日期格式应为 YYYY-MM-DD' }));

export const ZSlotTime = z
  .object({
    uuid: ZId,
    start: ZTime,
    end: ZTime,
    /** People per slot; counted by the server, not here. */
    capacity: z.optional(z.number().check(z.int(), z.gte(1), z.lte(100_000))),
  })
  .check(z.refine((t) => t.start < t.end, { message: '结束时间须晚于开始时间', path: ['end'] }));

/** ISO weekday of a YYYY-MM-DD date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The slots come from the project's weeks and times (catalogue, type 37). */
export const ZAppointmentSubject = z
  .extend(ZSubjectBase, {
    subjectType: z.literal(37),
    weeks: z.array(z.number().check(z.int(), z.gte(1), z.lte(7))).check(
      z.minLength(1),
      z.maxLength(7),
      z.refine((w) => new Set(w).size === w.length),
    ),
    times: ZParts(ZSlotTime, 1, 100),
    startDate: z.optional(ZDate),
    endDate: z.optional(ZDate),
  })
  .check(
    z.refine(
      (c) => {
        // Zod runs this even when a date failed its own format check; such a date is already reported.
        if (c.startDate === undefined || c.endDate === undefined) return true;
        if (!isIsoText('date', c.startDate) || !isIsoText('date', c.endDate)) return true;
        // At least one bookable weekday between the two dates.
        for (let i = 0, d = c.startDate; i < 7 && d <= c.endDate; i++, d = addDays(d, 1)) {
          if (c.weeks.includes(isoWeekday(d))) return true;
        }
        return false;
      },
      { message: '预约日期范围内没有可预约的星期', path: ['endDate'] },
    ),
  );
export type TAppointmentSubject = z.infer<typeof ZAppointmentSubject>;

/** The counter of one slot on one date (places taken are counted by the server, keyed like this). */
export const slotKey = (subject: string, date: string, time: string) => `${subject}|${date}|${time}`;

/**
 * The slot chosen. On a project with an appointment schedule (issue 22) the answer also names the calendar
 * (`resourceKey`, '' for the one shared calendar), the party size and whether a full slot's waitlist is accepted;
 * such an answer is checked against the schedule by the server (closed dates, window, places), not by the
 * subject's own weeks and times.
 */
export const ZAppointmentAnswer = z.object({
  date: z.string().check(z.maxLength(10)),
  start: ZTime,
  end: ZTime,
  resourceKey: z.optional(z.string().check(z.maxLength(32), z.regex(/^[\w-]*$/))),
  partySize: z.optional(z.number().check(z.int(), z.gte(1), z.lte(50))),
  waitlist: z.optional(z.boolean()),
});
export type TAppointmentAnswer = z.infer<typeof ZAppointmentAnswer>;
/** An answer booked against the project's schedule (it names its calendar). */
export const isScheduledAnswer = (a: TAppointmentAnswer): boolean => a.resourceKey !== undefined;

export const appointment = defineSubjectType(
  ZAppointmentSubject,
  ZAppointmentAnswer,
)({
  subjectType: 37,
  create: (init) => ({
    ...baseDefaults(init, '预约时段'),
    subjectType: 37,
    weeks: [1, 2, 3, 4, 5],
    times: [
      { uuid: (init.newId ?? newUuid)(), start: '09:00', end: '12:00' },
      { uuid: (init.newId ?? newUuid)(), start: '14:00', end: '17:00' },
    ],
  }),
  rules: (s, a) => {
    if (!isIsoText('date', a.date)) return [msg.dateFormat('date')];
    if (isScheduledAnswer(a)) return [];
    const open =
      s.weeks.includes(isoWeekday(a.date)) &&
      (s.startDate === undefined || a.date >= s.startDate) &&
      (s.endDate === undefined || a.date <= s.endDate) &&
      s.times.some((t) => t.start === a.start && t.end === a.end);
    return open ? [] : [msg.slotUnavailable()];
  },
  // "date start–end"
  format: (_s, a) => `${a.date} ${a.start}–${a.end}${a.partySize && a.partySize > 1 ? ` ${a.partySize}人` : ''}`,
});
