/** Weekday names (ISO: 1 Monday … 7 Sunday). */
export const WEEKDAY_LABELS = ['', '周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;

const DAY_MS = 86_400_000;
export const addDays = (date: string, n: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
export const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
/** The Monday of `date`'s week. */
export const mondayOf = (date: string): string => addDays(date, 1 - weekdayOf(date));
/** "12月8日 周二". */
export const dayText = (date: string): string => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日 ${WEEKDAY_LABELS[weekdayOf(date)]}`;
/** Today in Asia/Shanghai (the screens' default zone). */
export const shanghaiToday = (): string => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
export const percent = (rate: number): string => `${Math.round(rate * 100)}%`;
