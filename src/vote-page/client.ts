// The voting page's own tiny client: fetch + the spec's envelope (§8), no ky and no schema code, so its bundle
// stays small. "200" → data; anything else rejects with VoteError carrying resultCode, message and data (a
// refusal's reason is in data.reason).
import type { TEnvelope } from '../../schemas/envelope';
import type { Contract, TRequestOf, TResponseOf } from '../../schemas/api/contract';

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

export async function post<T>(path: string, body: unknown): Promise<T> {
  const controller = typeof AbortController === 'undefined' ? undefined : new AbortController();
  const timer = controller ? setTimeout(() => controller.abort(), TIMEOUT) : undefined;
  let envelope: TEnvelope<T>;
  try {
    const response = await fetch(API_BASE + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller?.signal,
      credentials: 'same-origin',
    });
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

/** A call typed by its contract (schemas/api/, imported as types only, so no zod joins this bundle). */
export const callOf = <C extends Contract>(path: C['path'], body: TRequestOf<C>) => post<TResponseOf<C>>(path, body);

/** The message to show for any failure. */
export const messageOf = (error: unknown) => (error instanceof VoteError ? error.message : '系统处理出错');
