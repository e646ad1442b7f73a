/**
 * The calendar of a daily check-in (打卡接龙), shared by the server (which refuses), the phone page and the
 * creator's screen (which show). Days are 'YYYY-MM-DD' in Asia/Shanghai, which has no daylight saving, so a day
 * and a minute of the day come from UTC + 8 h; weekdays are 1 Monday … 7 Sunday.
 */
export type TContentMode = 'off' | 'optional' | 'required';
export const CONTENT_MODES = ['off', 'optional', 'required'] as const satisfies readonly TContentMode[];
/** How a check-in was made: within the window before the late time, after it, or a make-up of a missed day. */
export type TCheckInKind = 'ontime' | 'late' | 'makeup';
export const CHECKIN_KINDS = ['ontime', 'late', 'makeup'] as const satisfies readonly TCheckInKind[];

/** What the calendar shows for a day. `open`: today, check-in possible now; `pending`: today, window not open yet. */
export type TDayStatus = 'done' | 'late' | 'makeup' | 'missed' | 'open' | 'pending' | 'upcoming' | 'off';

/** The rules the calendar needs (the API settings carry these and more). */
export interface TCheckInRules {
  startDay: string | null;
  endDay: string | null;
  /** 1 Monday … 7 Sunday. */
  weekdays: number[];
  /** Minutes after midnight: from windowStart until before windowEnd (1440 = 24:00). */
  windowStart: number;
  windowEnd: number;
  lateAfter: number | null;
  makeupDays: number;
}

const SHANGHAI_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

export const shanghaiDay = (now: Date): string => new Date(now.getTime() + SHANGHAI_MS).toISOString().slice(0, 10);
export const shanghaiMinute = (now: Date): number => {
  const t = new Date(now.getTime() + SHANGHAI_MS);
  return t.getUTCHours() * 60 + t.getUTCMinutes();
};
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
/** 1 Monday … 7 Sunday. */
export const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
export const isDay = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && addDays(value, 0) === value;

/** 06:30 → 390; 24:00 → 1440. */
export const minuteOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const hhmmOf = (minute: number): string => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Weekdays as the database stores them (bit 1 Monday … bit 7 Sunday) and back. */
export const weekdayBits = (days: number[]): number => [...new Set(days)].reduce((bits, d) => bits | (1 << d), 0);
export const weekdaysOf = (bits: number): number[] => [1, 2, 3, 4, 5, 6, 7].filter((d) => bits & (1 << d));

/** Whether a day is in the period and on one of its weekdays. */
export const isCheckInDay = (rules: TCheckInRules, day: string): boolean =>
  (rules.startDay === null || day >= rules.startDay) && (rules.endDay === null || day <= rules.endDay) && rules.weekdays.includes(weekdayOf(day));

/** Why a check-in for today is refused now, or how it counts. */
export type TTodayVerdict = { ok: true; kind: 'ontime' | 'late' } | { ok: false; why: 'notStarted' | 'ended' | 'notToday' | 'beforeWindow' | 'afterWindow' };

export function todayVerdict(rules: TCheckInRules, now: Date): TTodayVerdict {
  const today = shanghaiDay(now);
  const minute = shanghaiMinute(now);
  if (rules.startDay !== null && today < rules.startDay) return { ok: false, why: 'notStarted' };
  if (rules.endDay !== null && today > rules.endDay) return { ok: false, why: 'ended' };
  if (!rules.weekdays.includes(weekdayOf(today))) return { ok: false, why: 'notToday' };
  if (minute < rules.windowStart) return { ok: false, why: 'beforeWindow' };
  if (minute >= rules.windowEnd) return { ok: false, why: 'afterWindow' };
  return { ok: true, kind: rules.lateAfter !== null && minute >= rules.lateAfter ? 'late' : 'ontime' };
}

/** Why a make-up for `day` is refused, or null when it may be made. */
export type TMakeUpRefusal = 'makeupOff' | 'notPast' | 'tooOld' | 'notCheckInDay';
export function makeUpRefusal(rules: TCheckInRules, day: string, now: Date): TMakeUpRefusal | null {
  const today = shanghaiDay(now);
  if (rules.makeupDays <= 0) return 'makeupOff';
  if (day >= today) return 'notPast';
  if (daysBetween(day, today) > rules.makeupDays) return 'tooOld';
  if (!isCheckInDay(rules, day)) return 'notCheckInDay';
  return null;
}

/** A day's status on the calendar, given the check-in made for it (if any). */
export function dayStatus(rules: TCheckInRules, day: string, made: TCheckInKind | undefined, now: Date): TDayStatus {
  if (made) return made === 'ontime' ? 'done' : made;
  if (!isCheckInDay(rules, day)) return 'off';
  const today = shanghaiDay(now);
  if (day > today) return 'upcoming';
  if (day < today) return 'missed';
  const minute = shanghaiMinute(now);
  if (minute < rules.windowStart) return 'pending';
  return minute < rules.windowEnd ? 'open' : 'missed';
}

export interface TStreaks {
  /** Check-in days in a row up to today (today not yet done does not break it). */
  current: number;
  longest: number;
  total: number;
}

/**
 * Streaks over check-in days only (days off the weekdays neither count nor break). A make-up fills its day.
 * `days` are the days checked in for; `today` still open counts neither way.
 */
export function streaksOf(rules: TCheckInRules, days: Iterable<string>, now: Date): TStreaks {
  const done = new Set(days);
  const today = shanghaiDay(now);
  const sorted = [...done].filter((d) => d <= today).sort();
  if (!sorted.length) return { current: 0, longest: 0, total: 0 };
  let longest = 0;
  let run = 0;
  for (let day = sorted[0]!; day <= today; day = addDays(day, 1)) {
    if (done.has(day)) run += 1;
    else if (isCheckInDay(rules, day) && day !== today) run = 0;
    longest = Math.max(longest, run);
  }
  return { current: run, longest, total: sorted.length };
}

/** The days of a month grid (Monday first): leading blanks as null, then each day of the month. */
export function monthGrid(month: string): (string | null)[] {
  const first = `${month}-01`;
  const next = addDays(`${month}-28`, 7).slice(0, 7);
  const count = daysBetween(first, `${next}-01`);
  const blanks = weekdayOf(first) - 1;
  return [...Array.from({ length: blanks }, () => null), ...Array.from({ length: count }, (_, i) => addDays(first, i))];
}

/** The calendar rules of the API's settings (times as HH:MM). */
export const rulesOfSettings = (s: {
  startDay: string | null;
  endDay: string | null;
  weekdays: number[];
  windowStart: string;
  windowEnd: string;
  lateAfter: string | null;
  makeupDays: number;
}): TCheckInRules => ({
  startDay: s.startDay,
  endDay: s.endDay,
  weekdays: s.weekdays,
  windowStart: minuteOf(s.windowStart),
  windowEnd: minuteOf(s.windowEnd),
  lateAfter: s.lateAfter === null ? null : minuteOf(s.lateAfter),
  makeupDays: s.makeupDays,
});

/** 周一 … 周日. */
export const WEEKDAY_NAMES = ['', '周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;
/** 12月3日. */
export const dayLabel = (day: string): string => `${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;
