import { createHmac, hash, randomBytes, randomFillSync, timingSafeEqual } from 'node:crypto';

/** 128-bit random token, URL-safe. */
export const randomToken = (bytes = 16): string => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string): string => hash('sha256', value, 'hex');
export const hmac = (secret: string, value: string): string => createHmac('sha256', secret).update(value).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

// Public ids are made on every submit: their random bytes come from a pool filled 4 KiB at a time.
const pool = Buffer.alloc(4096);
let poolAt = pool.length;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Opaque, non-sequential public id (ids in routes are never walkable): 12 random bytes, base64url, never starting
 * with '-' or '_': a spreadsheet reads a cell starting with '-' as a formula, so the exports had to quote such an id
 * ('-abc…), and it no longer matched the id on screen (one sheet in 32).
 */
export function publicId(): string {
  if (poolAt + 12 > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  poolAt += 12;
  const id = pool.toString('base64url', poolAt - 12, poolAt);
  return id[0] === '-' || id[0] === '_' ? `${ALPHANUMERIC[pool[poolAt - 1]! % ALPHANUMERIC.length]}${id.slice(1)}` : id;
}

/** A uniformly random 6-digit code. */
export function sixDigits(): string {
  return String(randomBytes(4).readUInt32BE(0) % 1_000_000).padStart(6, '0');
}
