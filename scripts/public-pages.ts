/**
 * `node --import tsx scripts/public-pages.ts [clientDir]` (part of `npm run build`): writes
 * `<clientDir>/public-pages.json`, the public pages a search engine may list, with their titles, read from the one
 * route table (src/app/route-table.ts). The server answers /sitemap.xml from it and gives each of these pages its
 * brand's title and share card in the HTML itself (server/plugins/site-files.ts), so the server bundle never loads
 * the client's route table.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TRouteEntry } from '../src/app/route-entry';
import { ROUTE_TABLE } from '../src/app/route-table';
import { CASES, casePath } from '../src/features/cases/cases-data';
import { PLANS, planPath } from '../src/features/cases/plans-data';

export interface TPublicPage {
  path: string;
  /** The route's title (`{coin}`: the brand's coin name); '' for the home page, which shows the brand's slogan. */
  title: string;
  /** The page's own description (`{brand}`: the brand's name); without one, the brand's slogan. */
  description?: string;
}

/**
 * Public pages not worth listing: those that show nothing without a query naming what to show (a template, a
 * plan, a search), and the visitor's own account (public by spec §2 only to ask an anonymous visitor to log in).
 */
const NOT_LISTED = new Set(['/template/detail.html', '/template/detailQuestion.html', '/programme/detail.html', '/help/search.html', '/account']);

/**
 * The pages worth listing: public, built, a page of its own (not a redirect, an alias of the home page, a path
 * with a parameter, a login or result screen drawn without the site's frame), whole without a query and not
 * the visitor's own.
 */
export function publicPages(table: readonly TRouteEntry[]): TPublicPage[] {
  return table
    .filter((e) => e.public && !e.placeholder && !e.redirect && !e.path.includes('$'))
    .filter((e) => !(e.home && e.path !== '/') && e.layout !== 'full' && e.layout !== 'bare' && !NOT_LISTED.has(e.path))
    .map((e) => ({ path: e.path, title: e.home ? '' : e.title, ...(e.description ? { description: e.description } : {}) }))
    .concat(detailPages());
}

/**
 * The pages a path parameter or a query names that exist for sure (spec §2: the 12 public case pages; the activity
 * plans by id), each with its own title and description, so a shared case or plan shows what it is.
 */
export function detailPages(): TPublicPage[] {
  return [
    ...CASES.map((c) => ({ path: casePath(c.index), title: c.title, description: c.summary })),
    ...PLANS.map((p) => ({ path: planPath(p.id), title: p.title, description: p.summary })),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? process.env.CLIENT_DIR ?? 'dist/client');
  const pages = publicPages(ROUTE_TABLE);
  writeFileSync(path.join(dir, 'public-pages.json'), `${JSON.stringify(pages)}\n`);
  console.log(`public pages: ${pages.length}`);
}
