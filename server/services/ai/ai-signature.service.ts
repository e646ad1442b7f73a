import { createHmac } from 'node:crypto';
import {
  AI_NONCE_PATTERN,
  AI_SIGN_MESSAGES,
  AI_SIGN_HEADERS,
  AI_SIGN_WINDOW_MS,
  AI_SIGNATURE_PATTERN,
  AI_TIMESTAMP_PATTERN,
  aiSignature,
  sameText,
} from '../../../schemas/ai/signature';
import type { Query } from '../../db/client';
import { AppError, badInput, conflict } from '../errors';

/**
 * The checks of a signed AI call (schemas/ai/signature.ts; issue 52 item 1), made before its body is read: the
 * headers are there and well formed ("400" naming the header), the timestamp is within ±5 minutes of the
 * application clock ("400"), the signature matches the session's key over the exact bytes received ("403"), and the
 * nonce was never seen in the window ("409": the database decides, so a replay sent to another process is refused
 * as well).
 */

export const STALE_MESSAGE = AI_SIGN_MESSAGES.stale;
export const REPLAY_MESSAGE = AI_SIGN_MESSAGES.replay;
export const BAD_SIGNATURE_MESSAGE = AI_SIGN_MESSAGES.badSignature;

/**
 * A nonce is kept twice the window: a timestamp up to 5 minutes ahead of the clock is accepted until 5 minutes after
 * it, so its nonce must be remembered 10 minutes from its arrival.
 */
export const NONCE_KEEP_MS = 2 * AI_SIGN_WINDOW_MS;
/** Expired nonces are deleted a few at a time, on the inserts (no sweep job; any process does it). */
const PURGE_BATCH = 200;

/** The session's signing key: HMAC(server secret, 'ai-sign:' + token hash), base64url. Derived, never stored. */
export const aiSessionKey = (secret: string, tokenHash: string): string => createHmac('sha256', secret).update(`ai-sign:${tokenHash}`).digest('base64url');

export interface SignedRequest {
  method: string;
  /** The route's path (`/api/ai/…`), which the client signed. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Uint8Array;
}

const header = (headers: SignedRequest['headers'], name: string): string | null => {
  const value = headers[name];
  return typeof value === 'string' && value ? value : null;
};

function required(headers: SignedRequest['headers'], name: string, pattern: RegExp): string {
  const value = header(headers, name);
  if (!value) throw badInput(`缺少请求头 ${name}`, name);
  if (!pattern.test(value)) throw badInput(`请求头 ${name} 格式错误`, name);
  return value;
}

/** Throws the refusal of a call whose signature does not hold; resolves when the call may go on (its nonce now taken). */
export async function verifyAiSignature(q: Query, key: string, userId: number, request: SignedRequest, now: Date): Promise<void> {
  const timestamp = required(request.headers, AI_SIGN_HEADERS.timestamp, AI_TIMESTAMP_PATTERN);
  const nonce = required(request.headers, AI_SIGN_HEADERS.nonce, AI_NONCE_PATTERN);
  const signature = required(request.headers, AI_SIGN_HEADERS.signature, AI_SIGNATURE_PATTERN);
  if (Math.abs(Number(timestamp) - now.getTime()) > AI_SIGN_WINDOW_MS) throw badInput(STALE_MESSAGE, AI_SIGN_HEADERS.timestamp);
  const expected = aiSignature(key, { method: request.method, path: request.path, timestamp, nonce, body: request.body });
  if (!sameText(signature, expected)) throw new AppError('403', BAD_SIGNATURE_MESSAGE);
  if (!(await takeNonce(q, nonce, userId, now))) throw conflict(REPLAY_MESSAGE);
}

/** Record a nonce unless it was seen; true when it was new. One statement: two processes never both take it. */
export async function takeNonce(q: Query, nonce: string, userId: number, now: Date): Promise<boolean> {
  const rows = await q<{ nonce: string }>(
    `INSERT INTO ai_nonces (nonce, user_id, seen_at) VALUES ($1, $2, $3) ON CONFLICT (nonce) DO NOTHING RETURNING nonce`,
    [nonce, userId, now],
  );
  if (rows.length) await purgeNonces(q, now);
  return rows.length === 1;
}

/** Delete a batch of nonces older than their keeping time; what was deleted. */
export async function purgeNonces(q: Query, now: Date): Promise<number> {
  const rows = await q<{ nonce: string }>(
    `DELETE FROM ai_nonces WHERE nonce IN (SELECT nonce FROM ai_nonces WHERE seen_at < $1 LIMIT ${PURGE_BATCH}) RETURNING nonce`,
    [new Date(now.getTime() - NONCE_KEEP_MS)],
  );
  return rows.length;
}
