// The voting page's own tiny client: fetch + the spec's envelope (§8), no ky and no schema code, so its bundle
// stays small. "200" → data; anything else rejects with VoteError carrying resultCode, message and data (a
// refusal's reason is in data.reason).
import type { TEnvelope } from '../../schemas/envelope';
import type { TAnswerOf, TBodyOf, TCallPath } from '../../schemas/api/call-path-types';

const API_BASE = '/api/';
const TIMEOUT = 30_000;

export class VoteError extends Error {
  constructor(
    public readonly resultCode: string,
    message: string,
    public readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'VoteError';
  }
}

/** The login token is an HttpOnly cookie; a readable flag says one was set (src/api/token.ts). */
export const isLoggedIn = () => /(^|;\s*)(wj_login|token)=/.test(document.cookie);

async function send<T>(path: TCallPath, init: RequestInit): Promise<T> {
  const controller = typeof AbortController === 'undefined' ? undefined : new AbortController();
  const timer = controller ? setTimeout(() => controller.abort(), TIMEOUT) : undefined;
  let envelope: TEnvelope<T>;
  try {
    const response = await fetch(API_BASE + path, { ...init, signal: controller?.signal, credentials: 'same-origin' });
    envelope = (await response.json()) as TEnvelope<T>;
  } catch {
    throw new VoteError('network', '网络异常，请检查网络后重试');
  } finally {
    if (timer) clearTimeout(timer);
  }
  if (envelope.resultCode === '200') return envelope.data;
  const fallback = envelope.resultCode === '401' ? 'token失效' : '系统处理出错';
  throw new VoteError(envelope.resultCode, envelope.resultMsg || fallback, envelope.data);
}

/**
 * A registered call by its path (CALL_PATHS, schemas/api/paths/): the body and the answer are typed by its
 * contract, imported as types only, so no zod joins this bundle; a path that is no call does not compile.
 */
export const callOf = <P extends TCallPath>(path: P, body: TBodyOf<P>) =>
  send<TAnswerOf<P>>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A multipart upload (its contract's `request` describes the form's fields). */
export const uploadTo = <P extends TCallPath>(path: P, form: FormData) => send<TAnswerOf<P>>(path, { method: 'POST', body: form });

/** The message to show for any failure. */
export const messageOf = (error: unknown) => (error instanceof VoteError ? error.message : '系统处理出错');
