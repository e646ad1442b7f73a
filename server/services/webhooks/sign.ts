import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How a delivery is signed (Stripe's scheme, issue 53 item 3): `Wenjuan-Signature: t=<unix seconds>,v1=<hex>` where
 * v1 = HMAC-SHA256(secret, `${t}.${body}`) over the exact bytes sent. A receiver recomputes it over the raw body and
 * refuses a timestamp further than the tolerance from its clock (a replayed old delivery).
 */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The header value for a body sent at `now`. */
export function signWebhookBody(secret: string, body: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${signatureOf(secret, t, body)}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/** What a receiver does with the header (the docs show it): true only for this secret, this body, a recent time. */
export function verifyWebhookSignature(secret: string, header: string | undefined, rawBody: string, now: Date, toleranceSeconds: number): SignatureCheck {
  if (!header) return { ok: false, reason: '缺少签名' };
  const parts = header.split(',').map((p) => p.trim());
  const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
  const given = parts.filter((p) => p.startsWith('v1=')).map((p) => p.slice(3));
  if (!Number.isInteger(t) || !given.length) return { ok: false, reason: '签名格式不正确' };
  if (Math.abs(Math.floor(now.getTime() / 1000) - t) > toleranceSeconds) return { ok: false, reason: '签名时间超出允许范围' };
  const expected = Buffer.from(signatureOf(secret, t, rawBody), 'hex');
  const match = given.some((v) => {
    const b = Buffer.from(v, 'hex');
    return b.length === expected.length && timingSafeEqual(b, expected);
  });
  return match ? { ok: true } : { ok: false, reason: '签名不匹配' };
}
