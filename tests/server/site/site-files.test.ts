import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPages } from '../../../scripts/public-pages';
import { buildApp } from '../../../server/app';
import type { Database } from '../../../server/db/client';
import { HELP_ARTICLES, seedHelpArticles } from '../../../server/seed/help/seed-help';
import { ROUTE_TABLE } from '../../../src/app/route-table';
import { openTestDatabase } from '../../helpers/test-db';

// Issue 48 item 6: robots.txt and sitemap.xml on each brand's own host; the sitemap lists the public pages the
// build found in the route table, and robots.txt keeps search engines off what creators share with their people.
// Those public pages carry their brand's title and card in the HTML, for crawlers and previews that run no script.
let database: Database;
let clientDir: string;
let app: FastifyInstance;
beforeAll(async () => {
  database = await openTestDatabase();
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'wenjuan-site-files-'));
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><head><meta name="description" content="通用描述" /><title>问卷通 - 通用标题</title></head><div id="root"></div>',
  );
  writeFileSync(path.join(clientDir, 'public-pages.json'), JSON.stringify(publicPages(ROUTE_TABLE)));
  await seedHelpArticles(database);
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

  it("lists the help search page and each of the brand's help articles, none of another brand's", async () => {
    const locsOf = async (host: string) =>
      [...(await get('/sitemap.xml', host)).body.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>(\d{4}-\d\d-\d\d)<\/lastmod>)?<\/url>/g)].map((m) => ({
        loc: m[1]!,
        lastmod: m[2],
      }));
    const rows = await database.query<{ id: number; slug: string }>('SELECT id, slug FROM help_articles');
    const idOf = new Map(rows.map((r) => [r.slug, r.id]));
    const articleLoc = (host: string, slug: string) => `http://${host}/help.html?articleId=${idOf.get(slug)}`;
    for (const [host, source] of [
      ['wenjuan.example.test', 1],
      ['jielong.example.test', 7],
    ] as const) {
      const urls = await locsOf(host);
      const locs = urls.map((u) => u.loc);
      expect(locs).toContain(`http://${host}/help/search.html`);
      const mine = HELP_ARTICLES.filter((a) => a.sources.includes(source));
      for (const article of mine) expect(locs, article.slug).toContain(articleLoc(host, article.slug));
      const others = HELP_ARTICLES.filter((a) => !a.sources.includes(source));
      expect(others.length, 'a brand-only guide exists').toBeGreaterThan(0);
      for (const article of others) expect(locs, article.slug).not.toContain(articleLoc(host, article.slug));
      expect(locs.filter((l) => l.includes('/help.html?articleId='))).toHaveLength(mine.length);
      expect(urls.filter((u) => u.loc.includes('articleId=')).every((u) => /^\d{4}-\d\d-\d\d$/.test(u.lastmod ?? ''))).toBe(true);
    }
  });

  it('lists no placeholder screen, so a page still 即将上线 is not offered to search engines', () => {
    const listed = new Set(publicPages(ROUTE_TABLE).map((p) => p.path));
    for (const entry of ROUTE_TABLE) if (entry.placeholder || !entry.public) expect(listed.has(entry.path), entry.path).toBe(false);
  });

  const tag = (html: string, attr: string, name: string) => new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1];

  it("gives each listed page its brand's title, description and card in the HTML", async () => {
    const home = (await get('/', 'toupiao.example.test')).body;
    expect(home).toContain('<title>投票通 - 免费的在线投票、评选与问卷制作平台</title>');
    expect(tag(home, 'property', 'og:title')).toBe('投票通 - 免费的在线投票、评选与问卷制作平台');
    expect(tag(home, 'property', 'og:image')).toBe('http://toupiao.example.test/share-logo.png');
    expect(home.match(/<meta name="description"/g)).toHaveLength(1);
    expect(tag(home, 'name', 'description')).toBe('投票通 - 免费的在线投票、评选与问卷制作平台');
    const templates = await get('/template/list.html?kind=vote', 'jielong.example.test');
    expect(templates.body).toContain('<title>免费模板 - 接龙通</title>');
    expect(tag(templates.body, 'property', 'og:url')).toBe('http://jielong.example.test/template/list.html');
  });

  it('lists each case and plan page with its own title and description (issue 48 item 2)', async () => {
    const locs = [...(await get('/sitemap.xml', 'localhost')).body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    for (const p of ['/CollaborationCases/index.html', '/programme/index.html', '/scene.html', '/CollaborationCasesDetail/1', '/CollaborationCasesDetail/12'])
      expect(locs, p).toContain(`http://localhost${p}`);
    expect(locs).toContain('http://localhost/programme/detail.html?id=store-opening');
    expect(locs).not.toContain('http://localhost/CollaborationCasesDetail/$caseIndex');
    const casePage = (await get('/CollaborationCasesDetail/5', 'localhost')).body;
    expect(casePage).toContain('<title>诊所预约挂号：按时段放号，到店签到 - 问卷通</title>');
    expect(tag(casePage, 'name', 'description')).toMatch(/^口腔诊所按医生和时段开放预约/);
    const plan = (await get('/programme/detail.html?id=store-opening', 'jielong.example.test')).body;
    expect(plan).toContain('<title>门店开业：新品投票、社区团购与扫码点单 - 接龙通</title>');
    expect(tag(plan, 'property', 'og:url')).toBe('http://jielong.example.test/programme/detail.html?id=store-opening');
    const scene = (await get('/scene.html', 'toupiao.example.test')).body;
    expect(tag(scene, 'name', 'description')).toMatch(/^投票通应用场景：/);
  });

  it('leaves pages behind a login as the build made them', async () => {
    const work = (await get('/questionnaire/list.html', 'jielong.example.test')).body;
    expect(work).toContain('<title>问卷通 - 通用标题</title>');
    expect(work).not.toContain('og:title');
  });
});
