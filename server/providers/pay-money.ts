/**
 * Yuan strings ↔ integer fen with string arithmetic only: Alipay writes amounts as "12.30", and a float
 * (12.3 * 100 = 1230.0000000000002) must never decide what was paid.
 */

/** 1230 → "12.30"; 1 → "0.01". Only non-negative safe integers. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`not an amount in fen: ${fen}`);
  const digits = String(fen).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** "12.30" / "12.3" / "12" → 1230 / 1230 / 1200; anything else (sign, exponent, 3 decimals, spaces) → undefined. */
export function yuanToFen(yuan: string): number | undefined {
  const match = /^(0|[1-9]\d{0,11})(?:\.(\d{1,2}))?$/.exec(yuan);
  if (!match) return undefined;
  return Number(`${match[1]}${(match[2] ?? '').padEnd(2, '0')}`);
}

/** "2026-11-27 15:46:15" in Asia/Shanghai (UTC+8 all year): Alipay's timestamp and time_expire. */
export function shanghaiDateTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** "2026-11-27T15:46:15+08:00": WeChat Pay's RFC 3339 time_expire, in Beijing time as its examples write it. */
export function shanghaiRfc3339(at: Date): string {
  return `${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

/** Cut a string to at most `max` UTF-8 bytes without splitting a character (WeChat's description ≤ 127 bytes). */
export function cutUtf8(text: string, max: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > max) break;
    out += ch;
    bytes += size;
  }
  return out;
}
