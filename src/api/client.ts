import ky, { type Options } from 'ky';
import type { Contract, TRequestOf, TResponseOf } from '../../schemas/api/contract';
import type { TEnvelope } from '../../schemas/envelope';
import { currentBrand } from '../app/brand';

/** Spec §9: HTTP timeout 600000 ms. */
export const HTTP_TIMEOUT = 600_000;

export class ApiError extends Error {
  constructor(
    public readonly resultCode: string,
    message: string,
    public readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Hooks the app installs once: what to do on "401" and how to show an error message. */
export interface ApiHooks {
  onUnauthorized: (message: string) => void;
  onError: (message: string, resultCode: string) => void;
}
const hooks: ApiHooks = { onUnauthorized: () => {}, onError: () => {} };
export function setApiHooks(next: Partial<ApiHooks>): void {
  Object.assign(hooks, next);
}

function prefix(): string {
  const base = currentBrand().apiBase;
  return typeof location === 'undefined' ? base : new URL(base, location.origin).toString();
}

const http = () =>
  ky.create({
    prefixUrl: prefix(),
    timeout: HTTP_TIMEOUT,
    retry: 0,
    // The token travels in its HttpOnly cookie (src/api/token.ts), which the browser adds to same-origin calls.
    credentials: 'same-origin',
  });

/**
 * The one client of spec §8: "200" → data; "401" → log out, go to /login, message or 'token失效';
 * anything else → message or '系统处理出错', then reject. The contract (schemas/api/) gives the path, the body's
 * type and the answer's type.
 */
export async function call<C extends Contract>(
  contract: C,
  body: TRequestOf<C>,
  options: Options & { /** The page shows the refusal itself (no toast as well). */ quiet?: boolean } = {},
): Promise<TResponseOf<C>> {
  const { quiet = false, ...kyOptions } = options;
  let envelope: TEnvelope<TResponseOf<C>>;
  try {
    envelope = await http()
      .post(contract.path.replace(/^\//, ''), { json: body, ...kyOptions })
      .json<TEnvelope<TResponseOf<C>>>();
  } catch (error) {
    const message = '系统处理出错';
    if (!quiet) hooks.onError(message, '500');
    throw new ApiError('500', message, error instanceof Error ? error.message : null);
  }
  return unwrap(envelope, quiet);
}

export function unwrap<T>(envelope: TEnvelope<T>, quiet = false): T {
  if (envelope.resultCode === '200') return envelope.data;
  if (envelope.resultCode === '401') {
    const message = envelope.resultMsg || 'token失效';
    hooks.onUnauthorized(message);
    throw new ApiError('401', message);
  }
  const message = envelope.resultMsg || '系统处理出错';
  if (!quiet) hooks.onError(message, envelope.resultCode);
  throw new ApiError(envelope.resultCode, message, envelope.data);
}

/** Multipart upload (a contract marked multipart) through the same envelope rules; `quiet`: the page shows the refusal itself. */
export async function upload<C extends Contract>(contract: C, form: FormData, quiet = false): Promise<TResponseOf<C>> {
  const envelope = await http().post(contract.path, { body: form }).json<TEnvelope<TResponseOf<C>>>();
  return unwrap(envelope, quiet);
}
