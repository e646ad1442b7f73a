import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../schemas/envelope';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

/** Serves the built client: hashed assets immutable, HTML no-cache, and the SPA fallback for app routes. */
export async function clientAppPlugin(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : '';
  const hasClient = Boolean(clientDir && existsSync(indexFile));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir!,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }
  let indexHtml: string | null = null;
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]!;
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET' || !hasClient || (/\.[a-z0-9]{2,5}$/i.test(url) && !url.endsWith('.html'))) {
      return reply.code(200).send(fail('404', '请求的接口或资源不存在'));
    }
    indexHtml ??= await readFile(indexFile, 'utf8');
    return reply.header('cache-control', 'no-cache').header('content-security-policy', CSP).type('text/html').send(indexHtml);
  });
}
