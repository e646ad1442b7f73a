import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A webhook receiver on 127.0.0.1 for the tests: keeps each request, answers what `answer` says. */
export interface Receiver {
  url: string;
  received: { headers: IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}

export type Answer = (n: number) => { status: number; body?: string; headers?: Record<string, string> };

export async function startReceiver(answer: Answer = () => ({ status: 200, body: 'ok' })): Promise<Receiver> {
  const received: Receiver['received'] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const a = answer(received.length);
      response.writeHead(a.status, { 'content-type': 'text/plain; charset=utf-8', ...a.headers });
      response.end(a.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
