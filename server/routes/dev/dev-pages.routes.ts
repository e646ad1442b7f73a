import type { FastifyInstance } from 'fastify';
import { fail } from '../../../schemas/envelope';

/**
 * The development pages (/dev/outbox, /dev/merchant-review) are pages of the client app, which the SPA fallback
 * would serve anywhere. When their calls are off (production without DEV_OUTBOX=1 / DEV_MERCHANT=1) the page is
 * refused too, with the answer of an unknown address.
 */
export function devPagesOff(app: FastifyInstance, pages: readonly string[]): void {
  for (const page of pages) {
    for (const url of [page, `${page}/`]) {
      app.get(url, async (_request, reply) => reply.code(200).header('cache-control', 'no-cache').send(fail('404', '请求的接口或资源不存在')));
    }
  }
}
