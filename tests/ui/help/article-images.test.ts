import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bodyRoutes, bodyShots, bodyText, parseBody } from '../../../schemas/help/article-body';
import { SCREEN_ARTICLES } from '../../../schemas/help/screen-articles';
import { HELP_SHOTS, shotById } from '../../../scripts/help-shots/shots';
import { routeByPath } from '../../../src/app/route-table';
import { HELP_ARTICLES } from '../../../server/seed/help/seed-help';
import type { TArticleSeed } from '../../../server/seed/help/article-entry';

// Issue 48 acceptance: every article's images exist, and a test fails when an article names a route that is not in
// the route table (the elements a shot names are checked where the shot is taken: tests/e2e/help-shots.spec.ts).
const PUBLIC_HELP = path.resolve(__dirname, '../../../public/help');
const isRoute = (p: string) => routeByPath(p) !== undefined;

/** Every `[text](/route)` of the articles whose route is not one of the app's, as `slug → route`. */
const missingRoutes = (articles: readonly Pick<TArticleSeed, 'slug' | 'body'>[], known: (p: string) => boolean = isRoute) =>
  articles.flatMap((article) => bodyRoutes(article.body).flatMap((route) => (known(route) ? [] : [`${article.slug} → ${route}`])));

describe('help articles against the app', () => {
  it('link only to routes of the route table', () => {
    expect(missingRoutes(HELP_ARTICLES)).toEqual([]);
  });

  it('fails on a route that is not in the table, or that was removed from it', () => {
    const guide = { slug: 'x', body: '1. 打开[逻辑设置](/questionnaire/edit/logic.html?questionId=1)。\n2. 再打开[旧页面](/no-such-page.html)。' };
    expect(missingRoutes([guide])).toEqual(['x → /no-such-page.html']);
    // The same guide once the logic page left the route table.
    const removed = (p: string) => p !== '/questionnaire/edit/logic.html' && isRoute(p);
    expect(missingRoutes([guide], removed)).toEqual(['x → /questionnaire/edit/logic.html', 'x → /no-such-page.html']);
  });

  it('show only committed images, each from a defined shot and small', () => {
    const used = HELP_ARTICLES.flatMap((article) => bodyShots(article.body).map((shot) => ({ slug: article.slug, shot })));
    expect(used.length).toBeGreaterThanOrEqual(10);
    for (const { slug, shot } of used) {
      expect(shotById(shot), `${slug} → ${shot}: no shot in scripts/help-shots/shots.ts`).toBeDefined();
      const file = path.join(PUBLIC_HELP, `${shot}.png`);
      expect(existsSync(file), `${slug} → public/help/${shot}.png`).toBe(true);
      expect(readFileSync(file).subarray(1, 4).toString()).toBe('PNG');
      expect(statSync(file).size).toBeLessThan(80 * 1024);
    }
  });

  it('use every shot, and every shot opens a route of the table and names what the article talks about', () => {
    const used = new Set(HELP_ARTICLES.flatMap((article) => bodyShots(article.body)));
    for (const shot of HELP_SHOTS) {
      expect(used.has(shot.id), `shot ${shot.id} is in no article`).toBe(true);
      expect(isRoute(shot.route.split('?')[0]!), shot.route).toBe(true);
      expect(shot.names.length, shot.id).toBeGreaterThan(0);
    }
    expect(new Set(HELP_SHOTS.map((shot) => shot.id)).size).toBe(HELP_SHOTS.length);
  });

  it('give every editor screen its own seeded article', () => {
    const slugs = new Set(HELP_ARTICLES.map((article) => article.slug));
    const screens = Object.entries(SCREEN_ARTICLES);
    expect(screens.map(([screen]) => screen)).toEqual(['subject', 'outline', 'bank', 'setting', 'logic', 'style', 'release', 'report']);
    for (const [screen, { slug }] of screens) expect(slugs.has(slug), `${screen} → ${slug}`).toBe(true);
    expect(new Set(screens.map(([, { slug }]) => slug)).size).toBe(screens.length);
  });
});

describe('the image line of the article markup', () => {
  it('is a screenshot with its alt text, only for a help: shot id', () => {
    const blocks = parseBody('## 步骤\n![编辑页](help:editor-subject)\n![外链](https://example.com/a.png)\n![脚本](help:../x)');
    expect(blocks[1]).toEqual({ kind: 'image', alt: '编辑页', shot: 'editor-subject' });
    // Anything else stays text: a body can show no other picture.
    expect(blocks.slice(2).every((block) => block.kind === 'paragraph')).toBe(true);
    expect(bodyShots('![编辑页](help:editor-subject)\n正文')).toEqual(['editor-subject']);
    expect(bodyText('![编辑页](help:editor-subject)\n正文')).toBe('正文');
  });
});
