import { AI_SIGN_MESSAGES, aiSignedHeaders, aiSignedPath } from '../../schemas/ai/signature';
import { aiServiceCalls, type TAiStreamEvent } from '../../schemas/api/ai';
import type { Contract, TRequestOf, TResponseOf } from '../../schemas/api/contract';
import type { TEnvelope } from '../../schemas/envelope';
import { ApiError, call, unwrap } from './client';
import { sessionGeneration } from './token';

/** Spec §9: AI timeout 600000 ms. */
export const AI_TIMEOUT = 600_000;

/**
 * The AI base (spec §7 "AI"): our own server's /api/ai/ unless VITE_AI_BASE names another (a host that shares the
 * login cookie: a path behind the same proxy). A contract's path `ai/question/ai_question_type` is read there as
 * `question/ai_question_type`.
 */
export const aiUrl = (path: string): string => {
  const base = (import.meta.env?.VITE_AI_BASE as string | undefined) ?? '/api/ai/';
  return `${base.replace(/\/?$/, '/')}${path.replace(/^ai\//, '')}`;
};

const SYSTEM_ERROR = '系统处理出错';

// ---- the session key -------------------------------------------------------------------------------------------

let cachedKey: { generation: number; key: Promise<string> } | null = null;
/** How far the server's clock is from this device's (learnt from a "timestamp expired" refusal's Date header). */
let clockSkew = 0;

/** Forget the signing key (a "401", a key the server no longer takes); the next AI call asks for it again. */
export function forgetAiKey(): void {
  cachedKey = null;
}

/** The session's signing key, asked once per login (activity/ai/getAiSession; its refusals shown by the main client). */
function aiKey(quiet: boolean): Promise<string> {
  const generation = sessionGeneration();
  if (!cachedKey || cachedKey.generation !== generation) {
    const key = call(aiServiceCalls.getAiSession, {}, { quiet }).then((session) => session.key);
    const entry = { generation, key };
    cachedKey = entry;
    key.catch(() => {
      if (cachedKey === entry) cachedKey = null;
    });
  }
  return cachedKey.key;
}

/** The server's clock ahead of this device's, by the Date header of its answer; null without one. */
function skewOf(response: Response): number | null {
  const server = Date.parse(response.headers.get('date') ?? '');
  return Number.isNaN(server) ? null : server - Date.now();
}

/**
 * A refusal the client mends by itself, once: a signature the server no longer takes (the login changed: a new
 * key), or a timestamp out of the window (this device's clock is off: sign by the server's clock).
 */
function mend(envelope: TEnvelope<unknown>, response: Response): boolean {
  if (envelope.resultCode === '403' && envelope.resultMsg === AI_SIGN_MESSAGES.badSignature) {
    forgetAiKey();
    return true;
  }
  if (envelope.resultCode === '400' && envelope.resultMsg === AI_SIGN_MESSAGES.stale) {
    const skew = skewOf(response);
    if (skew === null || Math.abs(skew - clockSkew) < 1_000) return false;
    clockSkew = skew;
    return true;
  }
  return false;
}

// ---- one signed POST -------------------------------------------------------------------------------------------

async function post(path: string, text: string, key: string, accept: string, signal?: AbortSignal): Promise<Response> {
  const timeout = AbortSignal.timeout(AI_TIMEOUT);
  const signed = aiSignedHeaders(key, aiSignedPath(path), text, { now: Date.now() + clockSkew });
  return fetch(aiUrl(path), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept, ...signed },
    body: text,
    signal: signal ? anySignal([signal, timeout]) : timeout,
  });
}

/** What a signed call got: the envelope of a plain answer (or of a refusal before a stream), or the stream. */
type Answer = { envelope: TEnvelope<unknown>; stream?: undefined } | { stream: Response; envelope?: undefined };

async function exchange(path: string, body: unknown, accept: string, quiet: boolean, signal?: AbortSignal): Promise<Answer> {
  const text = JSON.stringify(body);
  for (let attempt = 0; ; attempt += 1) {
    const response = await post(path, text, await aiKey(quiet), accept, signal);
    if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) return { stream: response };
    const envelope = (await response.json()) as TEnvelope<unknown>;
    if (envelope.resultCode === '401') forgetAiKey();
    if (attempt === 0 && mend(envelope, response)) continue;
    return { envelope };
  }
}

/** AbortSignal.any is newer than the build target: one signal aborted by either. */
function anySignal(signals: AbortSignal[]): AbortSignal {
  const controller = new AbortController();
  for (const s of signals) {
    if (s.aborted) controller.abort(s.reason);
    else s.addEventListener('abort', () => controller.abort(s.reason), { once: true });
  }
  return controller.signal;
}

/**
 * A call that never got its envelope (network, timeout, a cut stream): 系统处理出错, shown unless quiet. The key's
 * own refusal (an ApiError) was shown by the main client already.
 */
const failed = (quiet: boolean, error: unknown): never => {
  if (error instanceof ApiError) throw error;
  unwrap({ resultCode: '500', resultMsg: SYSTEM_ERROR, data: error instanceof Error ? error.message : null }, quiet);
  throw new ApiError('500', SYSTEM_ERROR);
};

/**
 * One AI call, answered whole. Spec §8's AI client: "200" → data; "401" → log out, go to /login, message or
 * 'token失效'; anything else → message or 系统处理出错, then reject (unwrap, as the main client).
 */
export async function aiCall<C extends Contract>(contract: C, body: TRequestOf<C>, options: { quiet?: boolean } = {}): Promise<TResponseOf<C>> {
  const quiet = options.quiet ?? false;
  let answer: Answer;
  try {
    answer = await exchange(contract.path, body, 'application/json', quiet);
  } catch (error) {
    return failed(quiet, error);
  }
  if (!answer.envelope) return failed(quiet, new Error('a stream where an envelope was expected'));
  return unwrap(answer.envelope as TEnvelope<TResponseOf<C>>, quiet);
}

/**
 * One AI call answered as a stream (a generation, an answer): every event reaches `onEvent` as it arrives; the
 * promise ends with the last event's envelope read as aiCall reads it.
 */
export async function aiStream<C extends Contract>(
  contract: C,
  body: TRequestOf<C>,
  onEvent: (event: TAiStreamEvent) => void,
  options: { quiet?: boolean; signal?: AbortSignal } = {},
): Promise<TResponseOf<C>> {
  let end: TEnvelope<TResponseOf<C>> | null = null;
  try {
    const answer = await exchange(contract.path, body, 'text/event-stream', options.quiet ?? false, options.signal);
    if (answer.envelope) {
      // Refused before the stream began (not logged in, a bad signature or body): a plain envelope.
      end = answer.envelope as TEnvelope<TResponseOf<C>>;
    } else {
      const reader = answer.stream.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        buffer += decoder.decode(value ?? new Uint8Array(), { stream: !done });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = frame
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trimStart())
            .join('\n');
          if (data) {
            const event = JSON.parse(data) as TAiStreamEvent;
            if (event.type === 'end') end = event.envelope as TEnvelope<TResponseOf<C>>;
            else onEvent(event);
          }
          cut = buffer.indexOf('\n\n');
        }
        if (done) break;
      }
    }
  } catch (error) {
    return failed(options.quiet ?? false, error);
  }
  if (!end) return failed(options.quiet ?? false, new Error('stream ended without its envelope'));
  return unwrap(end, options.quiet ?? false);
}
