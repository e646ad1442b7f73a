import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/**
 * The signature of an AI call (spec §7 "AI": "headers for token, timestamp, a random 16-character nonce and a
 * signature"; issue 52 item 1). Pure: the same code signs in the page (plain-http LAN hosts have no crypto.subtle,
 * hence @noble/hashes), in the tests, and checks on the server.
 *
 * signature = hex(HMAC-SHA256(key, METHOD\nPATH\nTIMESTAMP\nNONCE\nhex(SHA-256(body))))
 * - key: the per-session key of activity/ai/getAiSession (its base64url text, as UTF-8 bytes);
 * - PATH: the call's route on our server, `/api/` + the contract's path (`/api/ai/question/ai_question_type`),
 *   whatever base address the client posts to;
 * - TIMESTAMP: milliseconds since 1970 (decimal), within ±5 minutes of the server's clock;
 * - NONCE: 16 random letters or digits, never used twice within the window;
 * - body: the exact bytes sent (an empty body hashes the empty string).
 */
export const AI_SIGN_HEADERS = {
  /** The login token (API clients; the page's HttpOnly cookie stands for it). */
  token: 'token',
  timestamp: 'timestamp',
  nonce: 'nonce',
  signature: 'signature',
} as const;

/** The refusals of a signature check (the page mends the first two itself once: a new key, the server's clock). */
export const AI_SIGN_MESSAGES = {
  badSignature: '签名校验失败',
  stale: '请求时间已过期，请校准设备时间后重试',
  replay: '请求重复，请重新发起',
} as const;

/** How far a timestamp may be from the server's clock, either way. */
export const AI_SIGN_WINDOW_MS = 5 * 60_000;
export const AI_NONCE_LENGTH = 16;
export const AI_NONCE_PATTERN = /^[A-Za-z0-9]{16}$/;
export const AI_TIMESTAMP_PATTERN = /^\d{1,16}$/;
export const AI_SIGNATURE_PATTERN = /^[0-9a-f]{64}$/;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The route a contract path is served at and signed as: `ai/question/x` → `/api/ai/question/x`. */
export const aiSignedPath = (contractPath: string): string => `/api/${contractPath.replace(/^\//, '')}`;

/** 16 random letters or digits (crypto.getRandomValues is there on plain http too; rejection keeps it uniform). */
export function aiNonce(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => globalThis.crypto.getRandomValues(b)): string {
  let out = '';
  while (out.length < AI_NONCE_LENGTH) {
    for (const byte of random(new Uint8Array(32))) {
      // 248 = 4 × 62: bytes above it would favour the first letters.
      if (byte < 248 && out.length < AI_NONCE_LENGTH) out += ALPHANUMERIC[byte % 62];
    }
  }
  return out;
}

export const sha256Hex = (body: string | Uint8Array): string => bytesToHex(sha256(typeof body === 'string' ? utf8ToBytes(body) : body));

export interface AiSignInput {
  method: string;
  /** The signed path (aiSignedPath). */
  path: string;
  timestamp: string;
  nonce: string;
  /** The body exactly as sent: its text, or its bytes. */
  body: string | Uint8Array;
}

export const aiCanonical = (input: AiSignInput): string =>
  [input.method.toUpperCase(), input.path, input.timestamp, input.nonce, sha256Hex(input.body)].join('\n');

export const aiSignature = (key: string, input: AiSignInput): string => bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(aiCanonical(input))));

/** The headers of one signed POST (the login token header is the caller's: the page's cookie stands for it). */
export function aiSignedHeaders(
  key: string,
  path: string,
  body: string,
  options: { now?: number; nonce?: string } = {},
): { timestamp: string; nonce: string; signature: string } {
  const timestamp = String(Math.round(options.now ?? Date.now()));
  const nonce = options.nonce ?? aiNonce();
  return { timestamp, nonce, signature: aiSignature(key, { method: 'POST', path, timestamp, nonce, body }) };
}

/** Equal strings, compared in time that does not depend on where they differ. */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
