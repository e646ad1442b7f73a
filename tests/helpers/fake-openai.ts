import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake answers to one call of /chat/completions. */
export type FakeReply =
  /** A streamed answer: each piece one `data:` chunk (usage at the end), then `data: [DONE]`. */
  | { kind: 'stream'; pieces: string[]; delayMs?: number }
  /** An HTTP status with a JSON error body (429, 500, 401 …). */
  | { kind: 'status'; status: number }
  /** The pieces, then the connection cut before the end. */
  | { kind: 'drop'; pieces: string[] }
  /** Headers sent, then nothing for `ms` (past the caller's timeout), then the pieces. */
  | { kind: 'stall'; ms: number; pieces?: string[] };

export interface FakeCall {
  body: { model: string; messages: { role: string; content: string }[]; stream: boolean; response_format?: { type: string } };
  authorization: string | undefined;
}

export interface FakeOpenAi {
  /** The base URL to configure (AI_BASE_URL), ending in /v1. */
  baseUrl: string;
  /** Every call received, in order. */
  calls: FakeCall[];
  /** Queue replies, answered in order; when the queue is empty `fallback` answers (if set). */
  script(...replies: FakeReply[]): void;
  fallback: ((call: FakeCall) => FakeReply) | null;
  close(): Promise<void>;
}

const chunk = (content: string) => `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A local HTTP server playing an OpenAI-compatible chat-completions endpoint, answering as scripted. */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const queue: FakeReply[] = [];
  const calls: FakeCall[] = [];
  const open = new Set<ServerResponse>();
  const fake: FakeOpenAi = {
    baseUrl: '',
    calls,
    fallback: null,
    script: (...replies) => void queue.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        open.forEach((r) => r.destroy());
        server.close(() => resolve());
      }),
  };

  async function answer(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const piece of req) raw += piece;
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    const call: FakeCall = { body: JSON.parse(raw) as FakeCall['body'], authorization: req.headers.authorization };
    calls.push(call);
    const reply = queue.shift() ?? fake.fallback?.(call) ?? { kind: 'status', status: 500 };
    if (reply.kind === 'status') {
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `status ${reply.status}` } }));
      return;
    }
    open.add(res);
    res.on('close', () => open.delete(res));
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (reply.kind === 'stall') await sleep(reply.ms);
    const pieces = reply.kind === 'stall' ? (reply.pieces ?? []) : reply.pieces;
    for (const piece of pieces) {
      if (res.destroyed) return;
      res.write(chunk(piece));
      if (reply.kind === 'stream' && reply.delayMs) await sleep(reply.delayMs);
    }
    if (reply.kind === 'drop') {
      await sleep(20);
      res.destroy();
      return;
    }
    res.write(`data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 100, completion_tokens: pieces.length } })}\n\n`);
    res.end('data: [DONE]\n\n');
  }

  const server = createServer((req, res) => {
    answer(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
