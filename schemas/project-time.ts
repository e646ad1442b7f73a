/**
 * The project's time zone (design/patterns.md "show times in the project's zone, Asia/Shanghai by default").
 * Every project uses it: the report screens, the sheet page, the answer list and the exported files write
 * times in it, whatever zone the viewer's computer is set to, so a file never disagrees with the screen.
 * China has kept UTC+8 without daylight saving since 1991, so a fixed offset gives the same text as
 * Intl's `Asia/Shanghai` and works the same in every browser.
 */
export const PROJECT_TIME_ZONE = 'Asia/Shanghai';
export const PROJECT_ZONE_LABEL = '北京时间 UTC+8';
const OFFSET_MS = 8 * 3600_000;

/** "2026-03-08 14:05:09" in the project's zone; '' for something that is not a time. */
export function formatProjectTime(value: string | number | Date): string {
  const ms = new Date(value).getTime();
  if (Number.isNaN(ms)) return '';
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** A `datetime-local` value ("2026-03-08T14:05") read as a time in the project's zone, as ISO text; '' when invalid. */
export function parseProjectTime(local: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?$/.exec(local);
  if (!m) return '';
  const ms = Date.parse(`${m[1]}T${m[2]}${m[3] ?? ':00'}+08:00`);
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString();
}
