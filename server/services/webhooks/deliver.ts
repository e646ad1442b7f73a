import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_DELIVERY_HEADER, WEBHOOK_EVENT_HEADER, WEBHOOK_LIMITS, WEBHOOK_SIGNATURE_HEADER } from '../../../schemas/webhooks/events';
import type { Deps } from '../deps';
import { signWebhookBody } from './sign';
import { vetWebhookUrl, type HostResolver } from './ssrf-guard';

/** One attempt's outcome, as the delivery log keeps it. */
export interface AttemptOutcome {
  ok: boolean;
  /** The receiver's status code; null when none came (refused, timed out, blocked). */
  status: number | null;
  /** Why it failed, in Chinese; null on success. */
  error: string | null;
  durationMs: number;
  /** The start of the receiver's answer (at most 500 characters). */
  excerpt: string | null;
}

export interface DeliveryToSend {
  publicId: string;
  event: string;
  url: string;
  secret: string;
  body: string;
}

export const EXCERPT_MAX = 500;
const READ_MAX = 16 * 1024;
export const USER_AGENT = 'Wenjuan-Webhook/1.0';

function networkError(error: NodeJS.ErrnoException, timeoutMs: number): string {
  if (error.message === 'timeout') return `接收端 ${Math.round(timeoutMs / 1000)} 秒内未响应`;
  switch (error.code) {
    case 'ECONNREFUSED':
      return '连接被拒绝';
    case 'ECONNRESET':
      return '连接被接收端中断';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return '无法连接到接收端';
    default:
      return `连接失败（${error.code ?? error.message}）`;
  }
}

/**
 * POST one delivery: the address is vetted again (the guard) and the connection goes to that address only (the
 * request's lookup answers it, the Host header and SNI keep the name), so DNS cannot swap it between check and
 * connect. Redirects are never followed; a 2xx within the timeout is success.
 */
export async function deliverOnce(
  deps: Pick<Deps, 'env' | 'now'>,
  d: DeliveryToSend,
  options: { resolve?: HostResolver; timeoutMs?: number } = {},
): Promise<AttemptOutcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const vetted = await vetWebhookUrl(d.url, deps, options.resolve);
  if (!vetted.ok) return { ok: false, status: null, error: vetted.reason, durationMs: took(), excerpt: null };
  const timeoutMs = options.timeoutMs ?? WEBHOOK_LIMITS.timeoutMs;
  const { url, address, family } = vetted;
  const pinned: LookupFunction = (_host, opts, callback) => {
    if ((opts as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(d.body)),
    'user-agent': USER_AGENT,
    [WEBHOOK_EVENT_HEADER]: d.event,
    [WEBHOOK_DELIVERY_HEADER]: d.publicId,
    [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(d.secret, d.body, deps.now()),
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const finish = (o: Omit<AttemptOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...o, durationMs: took() });
    };
    const request = client.request(url, { method: 'POST', headers, lookup: pinned, agent: false }, (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const text = Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_MAX);
        const excerpt = text || null;
        if (status >= 200 && status < 300) finish({ ok: true, status, error: null, excerpt });
        else if (status >= 300 && status < 400) finish({ ok: false, status, error: '接收端返回重定向，未跟随', excerpt });
        else finish({ ok: false, status, error: `接收端返回 HTTP ${status}`, excerpt });
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= READ_MAX) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    const timer = setTimeout(() => request.destroy(new Error('timeout')), timeoutMs);
    request.on('error', (error) => finish({ ok: false, status: null, error: networkError(error, timeoutMs), excerpt: null }));
    request.end(d.body);
  });
}
