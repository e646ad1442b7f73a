import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../schemas/logic/piping';
import { requestOrigin } from '../http/request-info';

/**
 * What search engines read (issue 48 item 6), on each brand's own host. robots.txt lets them in everywhere but
 * the API and the pages of what creators made (/s/ respondent pages, /v/ votes, /x/ short links, booking pages):
 * a creator shares those with the people meant to answer, not with a search engine. sitemap.xml lists the public
 * pages the build found in the route table (scripts/public-pages.ts writes public-pages.json beside the client).
 */
export const ROBOTS_DISALLOW = ['/api/', '/s/', '/v/', '/x/', '/appointment/booking/'] as const;

export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeHtml(`${origin}${p}`)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

/** A public page's card text: its title ('' for the home page) and its own description, if any. */
export interface TPageCard {
  title: string;
  description?: string;
}

const isPage = (p: unknown): p is { path: string } & TPageCard =>
  typeof p === 'object' &&
  p !== null &&
  typeof (p as { path: unknown }).path === 'string' &&
  typeof (p as { title: unknown }).title === 'string' &&
  ['string', 'undefined'].includes(typeof (p as { description: unknown }).description);

/**
 * The public pages of a build, path (with its query for a plan's page) → card; without a build (a server started
 * before `npm run build`) the home page alone.
 */
export function publicPagesOf(clientDir: string | undefined): Map<string, TPageCard> {
  const file = clientDir ? path.join(clientDir, 'public-pages.json') : '';
  const read: unknown = file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
  const pages = new Map((Array.isArray(read) ? read.filter(isPage) : []).map((p) => [p.path, { title: p.title, description: p.description }] as const));
  return pages.size ? pages : new Map([['/', { title: '' }]]);
}

export async function siteFilesPlugin(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
  let paths: string[] | null = null;
  app.get('/robots.txt', async (request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(requestOrigin(request))),
  );
  app.get('/sitemap.xml', async (request, reply) => {
    paths ??= [...publicPagesOf(clientDir).keys()];
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(sitemapXml(requestOrigin(request), paths));
  });
}
