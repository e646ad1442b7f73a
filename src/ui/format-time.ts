const pad = (n: number) => String(n).padStart(2, '0');

/** "2025-03-08 14:05" in the viewer's time zone; the raw text when it is not a date. */
export function formatDateTime(value: string | number | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A moment as milliseconds: Dates, ISO text, ms numbers, and 10-digit timestamps, which are seconds (spec §9). */
export function toMillis(value: string | number | Date): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value >= 1e9 && value < 1e10 ? value * 1000 : value;
  const text = value.trim();
  if (/^\d{10}$/.test(text)) return Number(text) * 1000;
  if (/^\d{13}$/.test(text)) return Number(text);
  return new Date(text).getTime();
}

export interface TRelativeWords {
  justNow: string;
  minutes: (n: number) => string;
  hours: (n: number) => string;
  days: (n: number) => string;
}

export const RELATIVE_ZH: TRelativeWords = {
  justNow: '刚刚',
  minutes: (n) => `${n}分钟前`,
  hours: (n) => `${n}小时前`,
  days: (n) => `${n}天前`,
};

export const RELATIVE_EN: TRelativeWords = {
  justNow: 'just now',
  minutes: (n) => `${n} minute${n === 1 ? '' : 's'} ago`,
  hours: (n) => `${n} hour${n === 1 ? '' : 's'} ago`,
  days: (n) => `${n} day${n === 1 ? '' : 's'} ago`,
};

/**
 * Spec §9 relative time: under a minute 刚刚, then N分钟前, N小时前, N天前; anything older than 7 days reads
 * 7天前. Times in the future (clock skew) read 刚刚; text that is not a time is returned as it is.
 */
export function relativeTime(value: string | number | Date, now: number | Date = Date.now(), words: TRelativeWords = RELATIVE_ZH): string {
  const at = toMillis(value);
  if (Number.isNaN(at)) return String(value);
  const diff = (now instanceof Date ? now.getTime() : now) - at;
  if (diff < MINUTE) return words.justNow;
  if (diff < HOUR) return words.minutes(Math.floor(diff / MINUTE));
  if (diff < DAY) return words.hours(Math.floor(diff / HOUR));
  return words.days(Math.min(7, Math.floor(diff / DAY)));
}
