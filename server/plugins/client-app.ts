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

/**
 * Headers of every HTML page, whichever way it is reached (/index.html and /respond.html as static files, the
 * SPA fallback, /s/…): the CSP keeps scripts and images to this site (a remote image in rich text is a tracking
 * beacon), the referrer of links leaving the site is only our origin, and nothing is sniffed into another type.
 */
export const HTML_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CSP,
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
};

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
        if (filePath.endsWith('.html')) res.headers(HTML_HEADERS);
      },
    });
  }
  // Short link (spec §2 /x/{id}): the same on every brand's host, to the respondent page.
  app.get<{ Params: { id: string } }>('/x/:id', async (request, reply) => {
    const { id } = request.params;
    if (!/^[\w-]{8,64}$/.test(id)) return reply.code(200).send(fail('404', '链接无效'));
    return reply.redirect(`/s/${id}`, 302);
  });
  // The respondent page is its own entry: no editor, charts or service worker code.
  const respondFile = clientDir ? path.join(clientDir, 'respond.html') : '';
  let respondHtml: string | null = null;
  app.get('/s/*', async (_request, reply) => {
    if (!respondFile || !existsSync(respondFile)) return reply.code(200).send(fail('404', '答题页面尚未构建，请先运行 npm run build'));
    respondHtml ??= await readFile(respondFile, 'utf8');
    return reply.header('cache-control', 'no-cache').headers(HTML_HEADERS).type('text/html').send(respondHtml);
  });
  let indexHtml: string | null = null;
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]!;
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET' || !hasClient || (/\.[a-z0-9]{2,5}$/i.test(url) && !url.endsWith('.html'))) {
      return reply.code(200).send(fail('404', '请求的接口或资源不存在'));
    }
    indexHtml ??= await readFile(indexFile, 'utf8');
    return reply.header('cache-control', 'no-cache').headers(HTML_HEADERS).type('text/html').send(indexHtml);
  });
}
