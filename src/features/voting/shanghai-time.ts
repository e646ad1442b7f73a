/** Vote windows are shown and typed in Asia/Shanghai (UTC+8, no daylight saving), whatever the browser's zone. */
const OFFSET_MS = 8 * 3_600_000;

/** ISO instant → the `YYYY-MM-DDTHH:mm` a DateTimeField shows; '' for none. */
export function toShanghaiField(iso: string | null | undefined): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : new Date(ms + OFFSET_MS).toISOString().slice(0, 16);
}

/** `YYYY-MM-DDTHH:mm` typed in Shanghai time → an ISO instant with its offset; null for ''. */
export function fromShanghaiField(value: string): string | null {
  return value ? `${value.slice(0, 16)}:00+08:00` : null;
}
