import { describe, expect, it } from 'vitest';
import { bodyRoutes } from '../../../schemas/help/article-body';
import { ARTICLE_TYPES, SYSTEM_SOURCES } from '../../../schemas/help/article-types';
import { routeByPath } from '../../../src/app/route-table';
import { HELP_ARTICLES } from '../../../server/seed/help/seed-help';

// The guides must not drift from the app (issue 48 acceptance): every route an article links to is in the route
// table, every related slug names a guide, and each applet source has at least one guide of every type.
describe('the seeded guides', () => {
  it('link only to routes of the route table', () => {
    const missing = HELP_ARTICLES.flatMap((article) =>
      bodyRoutes(article.body)
        .filter((path) => !routeByPath(path))
        .map((path) => `${article.slug} → ${path}`),
    );
    expect(missing).toEqual([]);
    expect(HELP_ARTICLES.flatMap((article) => bodyRoutes(article.body)).length).toBeGreaterThan(20);
  });

  it('relate to guides that exist and that the same brands can read', () => {
    const bySlug = new Map(HELP_ARTICLES.map((article) => [article.slug, article]));
    expect(bySlug.size).toBe(HELP_ARTICLES.length);
    for (const article of HELP_ARTICLES) {
      for (const slug of article.related) {
        expect(bySlug.has(slug), `${article.slug} → ${slug}`).toBe(true);
        expect(slug).not.toBe(article.slug);
      }
    }
  });

  it('cover every type for every applet source', () => {
    for (const source of SYSTEM_SOURCES) {
      const types = new Set(HELP_ARTICLES.filter((article) => article.sources.includes(source)).map((article) => article.articleType));
      expect(
        [...types].sort((a, b) => a - b),
        `source ${source}`,
      ).toEqual(ARTICLE_TYPES.map((type) => type.articleType));
    }
  });
});
