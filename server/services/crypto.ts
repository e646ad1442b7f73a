import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 128-bit random token, URL-safe. */
export const randomToken = (bytes = 16): string => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
export const hmac = (secret: string, value: string): string => createHmac('sha256', secret).update(value).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Opaque, non-sequential public id (ids in routes are never walkable). */
export const publicId = (): string => randomBytes(12).toString('base64url');

/** A uniformly random 6-digit code. */
export function sixDigits(): string {
  return String(randomBytes(4).readUInt32BE(0) % 1_000_000).padStart(6, '0');
}
