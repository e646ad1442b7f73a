import type { Database } from '../../db/client';
import { DATA_ARTICLES } from './articles-data';
import { EDITOR_ARTICLES } from './articles-editor';
import { KIND_ARTICLES } from './articles-kinds';
import { SCREEN_ARTICLES_SEED } from './articles-screens';
import { START_ARTICLES } from './articles-start';
import type { TArticleSeed } from './article-entry';

export const HELP_ARTICLES: readonly TArticleSeed[] = [...START_ARTICLES, ...EDITOR_ARTICLES, ...SCREEN_ARTICLES_SEED, ...DATA_ARTICLES, ...KIND_ARTICLES];

/** Bumped whenever the guides change: a database seeded under an earlier marker gets them rewritten in place. */
export const HELP_SEED_MARKER = 'seed:help:v2';

const rows = () =>
  HELP_ARTICLES.map((a, i) => ({
    slug: a.slug,
    type: a.articleType,
    title: a.title,
    summary: a.summary,
    body: a.body,
    sources: a.sources,
    related: a.related,
    sort: i + 1,
  }));

/**
 * Writes the help centre's guides once per database and version (a `meta` row marks it done), in one statement:
 * new ones added, changed ones rewritten by slug keeping their id and counts, none removed (a link to an old
 * article keeps working until a later version removes it on purpose). Returns whether this call wrote them.
 */
export async function seedHelpArticles(database: Database): Promise<boolean> {
  return database.transaction(async (query) => {
    const claimed = await query(`INSERT INTO meta (key, value) VALUES ($1, '1') ON CONFLICT (key) DO NOTHING RETURNING key`, [HELP_SEED_MARKER]);
    if (!claimed.length) return false;
    await query(
      `INSERT INTO help_articles (slug, article_type, title, summary, body, system_sources, related_slugs, sort)
       SELECT x->>'slug', (x->>'type')::int, x->>'title', x->>'summary', x->>'body',
         ARRAY(SELECT jsonb_array_elements_text(x->'sources')::smallint), ARRAY(SELECT jsonb_array_elements_text(x->'related')), (x->>'sort')::int
       FROM jsonb_array_elements($1::jsonb) AS x
       ON CONFLICT (slug) DO UPDATE SET article_type = EXCLUDED.article_type, title = EXCLUDED.title, summary = EXCLUDED.summary,
         body = EXCLUDED.body, system_sources = EXCLUDED.system_sources, related_slugs = EXCLUDED.related_slugs, sort = EXCLUDED.sort, updated_at = now()`,
      [JSON.stringify(rows())],
    );
    return true;
  });
}
