import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { FILE_ROUTES } from '../../../schemas/api/calls';
import { openApiDocument, type OpenApiDocument } from '../../http/openapi';

/** The routes of this module: the document does not describe itself. */
export const DOC_PATHS = ['openapi.json', 'docs', 'docs/:asset'] as const;

/** The reference page's files, served from the installed swagger-ui-dist package (no CDN). */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'docs-init.js': 'text/javascript; charset=utf-8',
};
const swaggerDir = () => path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API 参考</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="api-reference"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/docs-init.js"></script>
</body>
</html>
`;
// A file of its own, so the page needs no inline script (a strict content security policy stays possible).
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#api-reference', deepLinking: true, docExpansion: 'none', filter: true, validatorUrl: 'none', showExtensions: true });\n`;

/** GET /api/openapi.json (OpenAPI 3.1, built from the contracts of the calls registered on this app) and GET /api/docs. */
export function apiDocsRoutes(app: FastifyInstance): void {
  let document: OpenApiDocument | null = null;
  // Built on first use: by then every call is registered.
  const built = () =>
    (document ??= openApiDocument(
      app.calls.map((c) => c.contract),
      FILE_ROUTES.filter((r) => app.hasRoute({ method: 'GET', url: `/api/${r.path}` })),
    ));

  app.get('/api/openapi.json', async (_request, reply) => reply.header('cache-control', 'no-cache').send(built()));
  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE));
  app.get<{ Params: { asset: string } }>('/api/docs/:asset', async (request, reply) => {
    const type = ASSETS[request.params.asset];
    if (!type) return reply.callNotFound();
    const body = request.params.asset === 'docs-init.js' ? INIT : await readFile(path.join(swaggerDir(), request.params.asset));
    return reply.type(type).header('cache-control', 'public, max-age=86400').send(body);
  });
}
