import { AiModelError, type AiChatAnswer, type AiChatRequest, type AiModel } from './model';

/** Where and how to reach an OpenAI-compatible chat-completions endpoint (server/providers/ai/from-env.ts). */
export interface OpenAiCompatibleOptions {
  /** Without /chat/completions: https://dashscope.aliyuncs.com/compatible-mode/v1, http://127.0.0.1:11434/v1. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** The whole call (every attempt and the stream) ends past it: AiModelError('timeout'); 0: no limit. */
  timeoutMs: number;
  /** Further attempts after a network fault or a 429/5xx. */
  retries: number;
  /** Ask for response_format json_object when the request wants JSON. */
  jsonMode: boolean;
  /** Pause before attempt n (1-based); small by default. Tests pass 0. */
  backoffMs?: (attempt: number) => number;
  fetch?: typeof fetch;
}

interface StreamChunk {
  choices?: { delta?: { content?: string | null } }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
}

/** A status the endpoint may answer differently a moment later (rate limit, overload, a gateway's fault). */
const retryable = (status: number) => status === 429 || status >= 500;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Any OpenAI-compatible chat-completions endpoint (a hosted Qwen or DeepSeek, vLLM, Ollama): one streamed POST
 * {baseUrl}/chat/completions, its `data: {...}` lines read as they arrive (choices[0].delta.content, usage when
 * sent, `data: [DONE]` at the end). Network faults and 429/5xx are tried again (retries, small backoff) and then
 * reported as 'unavailable'; another 4xx (a bad key, an unknown model) as 'refused'; the whole call past
 * timeoutMs as 'timeout'; the caller's signal as 'aborted'.
 */
export function openAiCompatibleModel(options: OpenAiCompatibleOptions): AiModel {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const doFetch = options.fetch ?? fetch;
  const backoff = options.backoffMs ?? ((attempt: number) => 250 * 2 ** (attempt - 1));
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;

  async function attempt(request: AiChatRequest, signal: AbortSignal, progress: { started: boolean }): Promise<AiChatAnswer> {
    const body = {
      model: options.model,
      messages: request.messages,
      stream: true,
      stream_options: { include_usage: true },
      ...(request.json && options.jsonMode ? { response_format: { type: 'json_object' } } : {}),
    };
    const response = await doFetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 300);
      throw Object.assign(new Error(`HTTP ${response.status} ${detail}`), { status: response.status });
    }
    if (!response.body) throw new Error('empty response');
    // Once a piece has reached the caller the answer cannot be started again: a fault after it is not retried.
    const onDelta = (piece: string) => {
      progress.started = true;
      request.onDelta?.(piece);
    };
    return readStream(response.body, onDelta);
  }

  return {
    name: options.model,
    async chat(request) {
      const deadline = options.timeoutMs > 0 ? AbortSignal.timeout(options.timeoutMs) : new AbortController().signal;
      const signal = request.signal ? AbortSignal.any([deadline, request.signal]) : deadline;
      let last: unknown = null;
      const progress = { started: false };
      for (let n = 0; n <= options.retries; n++) {
        if (n > 0) await pause(backoff(n), signal);
        try {
          if (signal.aborted) throw signal.reason;
          return await attempt(request, signal, progress);
        } catch (error) {
          if (deadline.aborted) throw new AiModelError('timeout', `the model did not finish within ${options.timeoutMs} ms`);
          if (request.signal?.aborted) throw new AiModelError('aborted', 'the caller went away');
          const status = (error as { status?: number }).status;
          if (status !== undefined && !retryable(status)) throw new AiModelError('refused', `the model endpoint refused the call: ${(error as Error).message}`);
          if (progress.started) throw new AiModelError('unavailable', `the model's answer broke off: ${(error as Error).message}`);
          last = error;
        }
      }
      throw new AiModelError('unavailable', `the model endpoint failed after ${options.retries + 1} attempts: ${(last as Error)?.message ?? last}`);
    },
  };
}

/** Read an SSE body of chat-completion chunks: the text (each piece to onDelta as it comes) and the usage. */
async function readStream(body: ReadableStream<Uint8Array>, onDelta?: (text: string) => void): Promise<AiChatAnswer> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let text = '';
  let usage: AiChatAnswer['usage'] = null;
  const line = (raw: string): boolean => {
    const l = raw.trim();
    if (!l.startsWith('data:')) return false;
    const data = l.slice(5).trim();
    if (data === '[DONE]') return true;
    let chunk: StreamChunk;
    try {
      chunk = JSON.parse(data) as StreamChunk;
    } catch {
      return false;
    }
    const piece = chunk.choices?.[0]?.delta?.content;
    if (piece) {
      text += piece;
      onDelta?.(piece);
    }
    if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens ?? 0, completionTokens: chunk.usage.completion_tokens ?? 0 };
    return false;
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n')) >= 0) {
      const raw = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 1);
      if (line(raw)) {
        await reader.cancel().catch(() => {});
        return { text, usage };
      }
    }
  }
  if (buffer) line(buffer);
  return { text, usage };
}
