import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_PAGE_PATTERNS } from '../../schemas/server-pages';
import { ROUTE_TABLE } from '../../src/app/route-table';

/**
 * The service worker answers a navigation from its cache with the creator app's index.html unless the address is
 * one of SERVER_PAGE_PATTERNS. Every page the server answers itself must be there: the sandbox cashier and an
 * appointment's booking page were not, and a browser whose worker was ready showed the creator app instead (a pay
 * journey found it). And no page of the app may be there, or it would not open offline.
 */
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );

/** The literal first argument of every app.get(…) in the server, as an address a browser could open. */
function serverGetPaths(): string[] {
  const found: string[] = [];
  for (const file of files(path.resolve('server'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/app\.get(?:<[^(]*>)?\(\s*(['`])(\/[^'`]*)\1/g)) {
      found.push(
        match[2]!
          .replace(/\$\{[^}]*\}/g, 'x')
          .replace(/:[A-Za-z]+/g, 'x')
          .replace(/\*/g, 'x'),
      );
    }
  }
  return found;
}

const bypassed = (url: string) => SERVER_PAGE_PATTERNS.some((pattern) => pattern.test(url));
/**
 * App routes the network answers on purpose: the server forwards a respondent's old order link from /wechatPay.html
 * and a vote's short link from /x/{id}; the development pages (/dev/…) are refused by a production server.
 */
const networkRoute = (url: string) => url === '/wechatPay.html' || url === '/x/x' || url.startsWith('/dev/');

describe('the service worker lets the server answer its own pages', () => {
  it('finds the server pages (the scan still works)', () => {
    const paths = serverGetPaths();
    expect(paths).toEqual(expect.arrayContaining(['/pay/sandbox/x', '/appointment/booking/x', '/robots.txt', '/s/x', '/healthz']));
  });

  it('bypasses every address the server answers with a GET', () => {
    expect(serverGetPaths().filter((url) => !bypassed(url))).toEqual([]);
    // The development pages a production server refuses (server/routes/dev/dev-pages.routes.ts).
    expect(['/dev/outbox', '/dev/merchant-review', '/dev/transfers', '/dev/mailbox', '/dev/sms-sign-review'].filter((url) => !bypassed(url))).toEqual([]);
  });

  it('keeps every page of the app in the worker, so it opens offline', () => {
    const appPages = ROUTE_TABLE.map((entry) => entry.path.replace(/\$[A-Za-z]+/g, 'x')).filter((url) => !networkRoute(url));
    expect(appPages.filter(bypassed)).toEqual([]);
    expect(bypassed('/pay/result.html')).toBe(false);
  });
});
