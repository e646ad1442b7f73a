/** A server-sent events reader for tests: connects with fetch and collects parsed events. */
export interface SseEvent {
  id: number;
  event: string;
  data: unknown;
}

export interface SseStream {
  events: SseEvent[];
  /** Resolves when at least `n` events arrived (rejects after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<SseEvent[]>;
  status: number;
  headers: Headers;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  void (async () => {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => line && !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart()]),
          );
          if (fields.data === undefined) continue;
          events.push({ id: Number(fields.id), event: fields.event ?? 'message', data: JSON.parse(fields.data) });
          waiters.splice(0).forEach((wake) => wake());
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    events,
    status: response.status,
    headers: response.headers,
    async waitFor(n, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < n) {
        if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${n} events, got ${events.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return events;
    },
    close: () => abort.abort(),
  };
}
