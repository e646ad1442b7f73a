/** Value strings of the date/time picker: the same ones the native inputs produce (date `YYYY-MM-DD`,
 *  time `HH:mm`, datetime `YYYY-MM-DDTHH:mm`); the text box shows them zh-CN style (`YYYY-MM-DD HH:mm`, 24-hour). */
export type TDateTimeMode = 'date' | 'time' | 'datetime';

export interface TDay {
  y: number;
  m: number;
  d: number;
}

export const FORMAT_HINT: Record<TDateTimeMode, string> = { date: 'YYYY-MM-DD', time: 'HH:mm', datetime: 'YYYY-MM-DD HH:mm' };

export const pad = (n: number) => String(n).padStart(2, '0');

export const dayValue = ({ y, m, d }: TDay) => `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;

export function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The day `delta` days away (calendar arithmetic in UTC, so no daylight-saving surprises). */
export function addDays(day: TDay, delta: number): TDay {
  const at = new Date(Date.UTC(day.y, day.m - 1, day.d + delta));
  return { y: at.getUTCFullYear(), m: at.getUTCMonth() + 1, d: at.getUTCDate() };
}

/** Same day of month `delta` months away, clamped to that month's length (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: TDay, delta: number): TDay {
  const index = day.y * 12 + (day.m - 1) + delta;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return { y, m, d: Math.min(day.d, daysInMonth(y, m)) };
}

/** Monday-first weekday index, 0 = 周一 … 6 = 周日. */
export function weekdayOf(day: TDay): number {
  return (new Date(Date.UTC(day.y, day.m - 1, day.d)).getUTCDay() + 6) % 7;
}

/** The month as weeks of seven cells, Monday first; cells outside the month are null. */
export function monthWeeks(y: number, m: number): Array<Array<TDay | null>> {
  const cells: Array<TDay | null> = Array.from({ length: weekdayOf({ y, m, d: 1 }) }, () => null);
  for (let d = 1; d <= daysInMonth(y, m); d += 1) cells.push({ y, m, d });
  while (cells.length % 7) cells.push(null);
  const weeks: Array<Array<TDay | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

export function today(now = new Date()): TDay {
  return { y: now.getFullYear(), m: now.getMonth() + 1, d: now.getDate() };
}

function validDay(y: number, m: number, d: number): TDay | null {
  if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return { y, m, d };
}

const DATE_RE = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/;
const TIME_RE = /^(\d{1,2})\s*[:：时]\s*(\d{1,2})\s*分?$/;

function parseTime(text: string): string | null {
  const found = TIME_RE.exec(text.trim());
  if (!found) return null;
  const h = Number(found[1]);
  const min = Number(found[2]);
  return h <= 23 && min <= 59 ? `${pad(h)}:${pad(min)}` : null;
}

function parseDate(text: string): string | null {
  const found = DATE_RE.exec(text.trim());
  const day = found && validDay(Number(found[1]), Number(found[2]), Number(found[3]));
  return day ? dayValue(day) : null;
}

/** Typed text → value string, or null when it is not a real date/time of that mode. */
export function parseText(mode: TDateTimeMode, text: string): string | null {
  const trimmed = text.trim();
  if (mode === 'time') return parseTime(trimmed);
  if (mode === 'date') return parseDate(trimmed);
  const split = /^(.+?日?)(?:\s+|T)(\d{1,2}\s*[:：时].*)$/.exec(trimmed);
  if (!split) return null;
  const date = parseDate(split[1]!);
  const time = parseTime(split[2]!);
  return date && time ? `${date}T${time}` : null;
}

/** Value string → what the text box shows (seconds, if a caller passes them, are not shown). */
export function toText(mode: TDateTimeMode, value: string): string {
  if (!value) return '';
  if (mode === 'time') return value.slice(0, 5);
  if (mode === 'date') return value.slice(0, 10);
  return `${value.slice(0, 10)} ${value.slice(11, 16)}`;
}

/** The date and time parts of a value string (either may be missing). */
export function partsOf(mode: TDateTimeMode, value: string): { day: TDay | null; h: number; min: number } {
  const date = mode === 'time' ? null : /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const time = mode === 'date' ? null : /(?:^|T)(\d{2}):(\d{2})/.exec(value);
  return {
    day: date ? validDay(Number(date[1]), Number(date[2]), Number(date[3])) : null,
    h: time ? Number(time[1]) : 0,
    min: time ? Number(time[2]) : 0,
  };
}
