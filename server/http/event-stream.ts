import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * Take over the reply and open a text/event-stream on it (a chain's live feed, a streamed AI call): no caching,
 * kept alive, unbuffered through nginx (deploy/nginx/wenjuan.conf), and the node's name as on every answer.
 */
export function openEventStream(reply: FastifyReply): ServerResponse {
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-wj-node': String(reply.getHeader('x-wj-node') ?? ''),
  });
  return out;
}
