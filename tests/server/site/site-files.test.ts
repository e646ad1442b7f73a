import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitemapPaths } from '../../../scripts/sitemap-paths';
import { buildApp } from '../../../server/app';
import type { Database } from '../../../server/db/client';
import { ROUTE_TABLE } from '../../../src/app/route-table';
import { openTestDatabase } from '../../helpers/test-db';

// Issue 48 item 6: robots.txt and sitemap.xml on each brand's own host; the sitemap lists the public pages the
// build found in the route table, and robots.txt keeps search engines off what creators share with their people.
let database: Database;
let clientDir: string;
let app: FastifyInstance;
beforeAll(async () => {
  database = await openTestDatabase();
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'wenjuan-site-files-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>问卷通</title><div id="root"></div>');
  writeFileSync(path.join(clientDir, 'sitemap-paths.json'), JSON.stringify(sitemapPaths(ROUTE_TABLE)));
  app = await buildApp({ database, clientDir });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, host: string) => app.inject({ method: 'GET', url, headers: { host } });

describe('robots.txt and sitemap.xml', () => {
  it("robots.txt keeps out the API and creators' pages and names the brand's own sitemap", async () => {
    const response = await get('/robots.txt', 'toupiao.example.test');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    for (const p of ['/api/', '/s/', '/v/', '/x/']) expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).toContain('Sitemap: http://toupiao.example.test/sitemap.xml');
  });

  it("lists the public built pages at the brand's address, and none that needs a login", async () => {
    const response = await get('/sitemap.xml', 'jielong.example.test');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toContain('http://jielong.example.test/');
    expect(locs).toContain('http://jielong.example.test/template/list.html');
    expect(locs).toContain('http://jielong.example.test/index/solitaire');
    expect(locs.every((l) => l.startsWith('http://jielong.example.test/'))).toBe(true);
    for (const hidden of ['/login', '/questionnaire/list.html', '/account', '/article.html', '/index', '/x/$id', '/pay/result.html'])
      expect(locs, hidden).not.toContain(`http://jielong.example.test${hidden}`);
  });

  it('lists no placeholder screen, so a page still 即将上线 is not offered to search engines', () => {
    const listed = new Set(sitemapPaths(ROUTE_TABLE));
    for (const entry of ROUTE_TABLE) if (entry.placeholder || !entry.public) expect(listed.has(entry.path), entry.path).toBe(false);
  });
});
