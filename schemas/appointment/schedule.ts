import { z } from 'zod';

/**
 * An appointment project's schedule (issue 22 item 1): a weekly template (weekday → slots with capacity), a date
 * range, exceptions for single dates, the booking window and the project's time zone; optional resources (rooms,
 * staff) each with their own weekly slots. `slotsBetween` turns it into concrete slots.
 *
 * Zones are fixed offsets (the product's zones have no daylight saving): wall-clock times are turned into
 * instants with explicit arithmetic, never with the host's zone.
 */
export const ZONE_OFFSETS = { 'Asia/Shanghai': 480, 'Asia/Hong_Kong': 480, 'Asia/Taipei': 480, 'Asia/Singapore': 480, 'Asia/Tokyo': 540, UTC: 0 } as const;
export type TTimeZone = keyof typeof ZONE_OFFSETS;
export const TIME_ZONES = Object.keys(ZONE_OFFSETS) as [TTimeZone, ...TTimeZone[]];

export const APPOINTMENT_LIMITS = {
  maxCapacity: 10_000,
  maxPartySize: 50,
  slotsPerDay: 48,
  exceptions: 500,
  resources: 20,
  daysAhead: 365,
  /** Longest range slotsBetween and the weeks call cover in one go. */
  maxRangeDays: 120,
  /** Longest reminder ahead of a slot (minutes). */
  reminderMinutesMax: 7 * 24 * 60,
} as const;

const DATE_RE = /^(20\d\d|2100)-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const isRealDate = (s: string) => DATE_RE.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
export const ZDate = z.string({ error: '日期格式应为 YYYY-MM-DD' }).refine(isRealDate, '日期格式应为 YYYY-MM-DD');
export const ZTime = z.string({ error: '时间格式应为 HH:MM' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间格式应为 HH:MM');
export const ZResourceKey = z
  .string()
  .max(32, '资源编号不能超过32个字符')
  .regex(/^[\w-]*$/, '资源编号只能包含字母、数字、下划线和短横线');

export const ZSlotTemplate = z
  .object({
    start: ZTime,
    end: ZTime,
    capacity: z.number().int('名额须为整数').min(1, '名额至少为1').max(APPOINTMENT_LIMITS.maxCapacity, `名额不能超过${APPOINTMENT_LIMITS.maxCapacity}`),
  })
  .refine((s) => s.start < s.end, { message: '结束时间须晚于开始时间', path: ['end'] });
export type TSlotTemplate = z.infer<typeof ZSlotTemplate>;

const ZDaySlots = z
  .array(ZSlotTemplate)
  .max(APPOINTMENT_LIMITS.slotsPerDay, `每天最多${APPOINTMENT_LIMITS.slotsPerDay}个时段`)
  .refine((slots) => new Set(slots.map((s) => s.start)).size === slots.length, '同一天的时段开始时间不能重复');

/** Weekday (ISO: 1 Monday … 7 Sunday) → its slots. */
export const ZWeekly = z
  .array(z.object({ weekday: z.number().int().min(1).max(7), slots: ZDaySlots }))
  .max(7)
  .refine((days) => new Set(days.map((d) => d.weekday)).size === days.length, '每个星期几只能设置一次');
export type TWeekly = z.infer<typeof ZWeekly>;

/** A date's exception; `resourceKey` absent: every resource. */
export const ZException = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('closed'), date: ZDate, resourceKey: ZResourceKey.optional() }),
  z.object({
    kind: z.literal('capacity'),
    date: ZDate,
    start: ZTime,
    capacity: ZSlotTemplate.shape.capacity,
    resourceKey: ZResourceKey.optional(),
  }),
  z.object({ kind: z.literal('extra'), date: ZDate, slot: ZSlotTemplate, resourceKey: ZResourceKey.optional() }),
]);
export type TException = z.infer<typeof ZException>;

export const ZResource = z.object({
  key: ZResourceKey.min(1, '请填写资源编号'),
  name: z.string().trim().min(1, '请填写资源名称').max(30, '资源名称不能超过30个字'),
  weekly: ZWeekly,
});
export type TResource = z.infer<typeof ZResource>;

export const ZSchedule = z
  .object({
    timeZone: z.enum(TIME_ZONES).default('Asia/Shanghai'),
    startDate: ZDate,
    endDate: ZDate,
    weekly: ZWeekly,
    partySizeMax: z.number().int().min(1, '每次预约人数至少为1').max(APPOINTMENT_LIMITS.maxPartySize).default(1),
    /** How far ahead a slot may be booked (days, counted from today in the project's zone) and the cut-off. */
    window: z
      .object({
        daysAhead: z.number().int().min(0).max(APPOINTMENT_LIMITS.daysAhead).default(30),
        cutoffMinutes: z
          .number()
          .int()
          .min(0)
          .max(7 * 24 * 60)
          .default(0),
      })
      .default({ daysAhead: 30, cutoffMinutes: 0 }),
    /** Minutes before a booked slot the booker is reminded by SMS (0: no reminders). */
    reminderMinutes: z
      .number()
      .int('提醒时间须为整数分钟')
      .min(0, '提醒时间不能为负数')
      .max(APPOINTMENT_LIMITS.reminderMinutesMax, `提前提醒最多${APPOINTMENT_LIMITS.reminderMinutesMax / 60}小时`)
      .default(60),
    exceptions: z.array(ZException).max(APPOINTMENT_LIMITS.exceptions).default([]),
    /** Empty: one shared calendar (resource key ''). Otherwise each resource has its own weekly slots. */
    resources: z.array(ZResource).max(APPOINTMENT_LIMITS.resources).default([]),
  })
  .refine((s) => s.startDate <= s.endDate, { message: '结束日期不能早于开始日期', path: ['endDate'] })
  .refine((s) => new Set(s.resources.map((r) => r.key)).size === s.resources.length, { message: '资源编号不能重复', path: ['resources'] });
export type TSchedule = z.infer<typeof ZSchedule>;
export type TScheduleInput = z.input<typeof ZSchedule>;

/** One bookable slot on one date. `startsAt`/`endsAt` are the instants (ISO, UTC). */
export interface TConcreteSlot {
  resourceKey: string;
  date: string;
  start: string;
  end: string;
  capacity: number;
  startsAt: string;
  endsAt: string;
}

const DAY_MS = 86_400_000;
export const addDays = (date: string, n: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
export const weekdayOf = (date: string): number => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
};

/** The instant of a wall-clock `date` `time` in `zone` (fixed offset: no gaps or repeats). */
export function instantOf(zone: TTimeZone, date: string, time: string): Date {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return new Date(Date.parse(`${date}T00:00:00Z`) + (h * 60 + m - ZONE_OFFSETS[zone]) * 60_000);
}

/** Today's date in `zone` at `now`. */
export const todayIn = (zone: TTimeZone, now: Date): string => new Date(now.getTime() + ZONE_OFFSETS[zone] * 60_000).toISOString().slice(0, 10);

const appliesTo = (e: TException, resourceKey: string) => e.resourceKey === undefined || e.resourceKey === resourceKey;

/** The calendars of a schedule: '' alone, or one per resource. */
export const calendarsOf = (schedule: TSchedule): { key: string; weekly: TWeekly }[] =>
  schedule.resources.length ? schedule.resources.map((r) => ({ key: r.key, weekly: r.weekly })) : [{ key: '', weekly: schedule.weekly }];

/** Whether `date` is closed for `resourceKey` by an exception. */
export const isClosed = (schedule: TSchedule, date: string, resourceKey: string): boolean =>
  schedule.exceptions.some((e) => e.kind === 'closed' && e.date === date && appliesTo(e, resourceKey));

/**
 * The concrete slots from `from` to `to` (inclusive dates), in the schedule's range, sorted by resource, date and
 * start. Closed dates have none; a changed capacity replaces the template's for that date; extra slots are added
 * (an extra slot with a template slot's start replaces it).
 */
export function slotsBetween(schedule: TSchedule, from: string, to: string): TConcreteSlot[] {
  const first = from > schedule.startDate ? from : schedule.startDate;
  const last = to < schedule.endDate ? to : schedule.endDate;
  const out: TConcreteSlot[] = [];
  for (const calendar of calendarsOf(schedule)) {
    for (let date = first, i = 0; date <= last && i <= APPOINTMENT_LIMITS.maxRangeDays * 4; date = addDays(date, 1), i++) {
      if (isClosed(schedule, date, calendar.key)) continue;
      const byStart = new Map<string, TSlotTemplate>();
      for (const slot of calendar.weekly.find((d) => d.weekday === weekdayOf(date))?.slots ?? []) byStart.set(slot.start, slot);
      for (const e of schedule.exceptions) {
        if (e.date !== date || !appliesTo(e, calendar.key)) continue;
        if (e.kind === 'extra') byStart.set(e.slot.start, e.slot);
      }
      for (const e of schedule.exceptions) {
        if (e.date !== date || !appliesTo(e, calendar.key) || e.kind !== 'capacity') continue;
        const slot = byStart.get(e.start);
        if (slot) byStart.set(e.start, { ...slot, capacity: e.capacity });
      }
      for (const slot of [...byStart.values()].sort((a, b) => (a.start < b.start ? -1 : 1))) {
        out.push({
          resourceKey: calendar.key,
          date,
          start: slot.start,
          end: slot.end,
          capacity: slot.capacity,
          startsAt: instantOf(schedule.timeZone, date, slot.start).toISOString(),
          endsAt: instantOf(schedule.timeZone, date, slot.end).toISOString(),
        });
      }
    }
  }
  return out;
}

/** The one slot at (resource, date, start), or null. */
export const findSlot = (schedule: TSchedule, resourceKey: string, date: string, start: string): TConcreteSlot | null =>
  slotsBetween(schedule, date, date).find((s) => s.resourceKey === resourceKey && s.start === start) ?? null;

export const APPOINTMENT_MESSAGES = {
  notAppointment: '该项目不是预约项目',
  noSchedule: '预约时间尚未设置',
  notCollecting: '预约尚未发布或已暂停',
  closedDate: '该日期不开放预约',
  noSuchSlot: '该时段不存在',
  pastSlot: '该时段已过，不能预约',
  pastCutoff: '已过预约截止时间',
  tooFarAhead: '超出可预约的日期范围',
  partyTooLarge: (max: number) => `每次预约最多${max}人`,
  full: '该时段已约满',
  badToken: '预约链接无效或已失效',
  badTransition: '当前预约状态不能进行此操作',
  sameSlot: '新时段与原时段相同',
  versionConflict: '预约设置已被他人修改，请刷新后重试',
  changedMeanwhile: '预约已变更，请刷新后重试',
  started: '预约时段已开始，不能取消或改约',
} as const;

export type TBookableRefusal = 'closedDate' | 'noSuchSlot' | 'pastSlot' | 'pastCutoff' | 'tooFarAhead';

/** Why (resource, date, start) cannot be booked at `now`, or the slot. */
export function bookableSlot(
  schedule: TSchedule,
  resourceKey: string,
  date: string,
  start: string,
  now: Date,
): { slot: TConcreteSlot } | { refusal: TBookableRefusal } {
  if (isClosed(schedule, date, resourceKey)) return { refusal: 'closedDate' };
  const slot = findSlot(schedule, resourceKey, date, start);
  if (!slot) return { refusal: slotsBetween(schedule, date, date).some((s) => s.resourceKey === resourceKey) ? 'noSuchSlot' : 'closedDate' };
  const startsAt = Date.parse(slot.startsAt);
  if (startsAt <= now.getTime()) return { refusal: 'pastSlot' };
  if (startsAt - schedule.window.cutoffMinutes * 60_000 <= now.getTime()) return { refusal: 'pastCutoff' };
  if (date > addDays(todayIn(schedule.timeZone, now), schedule.window.daysAhead)) return { refusal: 'tooFarAhead' };
  return { slot };
}
