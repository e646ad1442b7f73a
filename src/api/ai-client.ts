import type { TAiStreamEvent } from '../../schemas/api/ai';
import type { Contract, TRequestOf, TResponseOf } from '../../schemas/api/contract';
import type { TEnvelope } from '../../schemas/envelope';
import { ApiError, unwrap } from './client';

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

async function post(path: string, body: unknown, accept: string, signal?: AbortSignal): Promise<Response> {
  const text = JSON.stringify(body);
  const timeout = AbortSignal.timeout(AI_TIMEOUT);
  return fetch(aiUrl(path), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept },
    body: text,
    signal: signal ? anySignal([signal, timeout]) : timeout,
  });
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

/** A call that never got its envelope (network, timeout, a cut stream): 系统处理出错, shown unless quiet. */
const failed = (quiet: boolean, error: unknown): never => {
  unwrap({ resultCode: '500', resultMsg: SYSTEM_ERROR, data: error instanceof Error ? error.message : null }, quiet);
  throw new ApiError('500', SYSTEM_ERROR);
};

/**
 * One AI call, answered whole. Spec §8's AI client: "200" → data; "401" → log out, go to /login, message or
 * 'token失效'; anything else → message or 系统处理出错, then reject (unwrap, as the main client).
 */
export async function aiCall<C extends Contract>(contract: C, body: TRequestOf<C>, options: { quiet?: boolean } = {}): Promise<TResponseOf<C>> {
  let envelope: TEnvelope<TResponseOf<C>>;
  try {
    envelope = (await (await post(contract.path, body, 'application/json')).json()) as TEnvelope<TResponseOf<C>>;
  } catch (error) {
    return failed(options.quiet ?? false, error);
  }
  return unwrap(envelope, options.quiet ?? false);
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
    const response = await post(contract.path, body, 'text/event-stream', options.signal);
    if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      // Refused before the stream began (not logged in, a bad body): a plain envelope.
      end = (await response.json()) as TEnvelope<TResponseOf<C>>;
    } else {
      const reader = response.body!.getReader();
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
