import type { z } from 'zod';
import type { TArticleCount, TArticleDetail, TArticleSummary, TTypeGroup, ZListRequest } from '../../../schemas/api/article';
import { ARTICLE_MESSAGES } from '../../../schemas/api/article';
import { ARTICLE_TYPES, articleTypeName, type TSystemSource } from '../../../schemas/help/article-types';
import type { Query } from '../../db/client';
import { col, defineSql } from '../../db/sql';
import { notFound } from '../errors';
import { SUMMARY_COLUMNS, summaryRow, toSummary } from './article-rows';

type TListBody = z.output<typeof ZListRequest>;

const listSql = defineSql(
  'help-articles.list',
  { ...summaryRow, total: col.int },
  (order: 'sort' | 'read') =>
    `SELECT ${SUMMARY_COLUMNS}, count(*) OVER ()::int AS total FROM help_articles a
     WHERE $1 = ANY(a.system_sources) AND ($2::int IS NULL OR a.article_type = $2)
     ORDER BY ${order === 'sort' ? 'a.article_type, a.sort, a.id' : 'a.read_count DESC, a.id'} LIMIT $3 OFFSET $4`,
  [['sort'], ['read']],
);

/** A page of articles, by type and sort (getArticleList) or most read first (getArticleByReadList). */
export async function articleList(query: Query, source: TSystemSource, body: TListBody, order: 'sort' | 'read') {
  const rows = await listSql.run(query, [source, body.articleType ?? null, body.pageSize, (body.pageNum - 1) * body.pageSize], order);
  return { list: rows.map(toSummary), total: rows[0]?.total ?? 0 };
}

const hotSql = defineSql(
  'help-articles.hot',
  summaryRow,
  `SELECT ${SUMMARY_COLUMNS} FROM help_articles a WHERE $1 = ANY(a.system_sources)
   ORDER BY a.read_count + 3 * a.useful_count DESC, a.article_type, a.sort, a.id LIMIT $2`,
);

/** 热门文章: most read, an article found useful counting as three reads. */
export async function hotList(query: Query, source: TSystemSource, size: number): Promise<TArticleSummary[]> {
  return (await hotSql.run(query, [source, size])).map(toSummary);
}

const readSql = defineSql(
  'help-articles.read',
  { ...summaryRow, body: col.text, useful_count: col.int, useless_count: col.int, related_slugs: col.textArray },
  `UPDATE help_articles a SET read_count = read_count + 1 WHERE (a.id = $1::int OR a.slug = $3::text) AND $2 = ANY(a.system_sources)
   RETURNING ${SUMMARY_COLUMNS}, a.body, a.useful_count, a.useless_count, a.related_slugs`,
);
const relatedSql = defineSql(
  'help-articles.related',
  summaryRow,
  `SELECT ${SUMMARY_COLUMNS} FROM help_articles a WHERE a.slug = ANY($1::text[]) AND $2 = ANY(a.system_sources)
   ORDER BY array_position($1::text[], a.slug)`,
);

/** One article, its read count moved by one in the same statement that reads it; other brands' are not found. */
/** One article by its id or its slug (whichever is given; the id when both are). */
export async function articleDetail(query: Query, source: TSystemSource, key: { articleId?: number; slug?: string }): Promise<TArticleDetail> {
  const [row] = await readSql.run(query, [key.articleId ?? null, source, key.articleId === undefined ? (key.slug ?? null) : null]);
  if (!row) throw notFound(ARTICLE_MESSAGES.notFound);
  const related = await relatedSql.run(query, [row.related_slugs, source]);
  return { ...toSummary(row), body: row.body, usefulCount: row.useful_count, uselessCount: row.useless_count, related: related.map(toSummary) };
}

const countSql = defineSql(
  'help-articles.count',
  { article_type: col.int, n: col.int },
  'SELECT article_type, count(*)::int AS n FROM help_articles WHERE $1 = ANY(system_sources) GROUP BY article_type',
);

/** How many articles each type holds (types without any are left out). */
export async function articleCount(query: Query, source: TSystemSource): Promise<TArticleCount> {
  const counts = new Map((await countSql.run(query, [source])).map((r) => [r.article_type, r.n]));
  const types = ARTICLE_TYPES.filter((t) => counts.has(t.articleType)).map((t) => ({ ...t, typeName: t.name, count: counts.get(t.articleType)! }));
  return { total: types.reduce((sum, t) => sum + t.count, 0), types: types.map(({ articleType, typeName, count }) => ({ articleType, typeName, count })) };
}

const groupsSql = defineSql(
  'help-articles.groups',
  { ...summaryRow, n: col.int, rank: col.int },
  `SELECT * FROM (
     SELECT ${SUMMARY_COLUMNS}, count(*) OVER (PARTITION BY a.article_type)::int AS n,
       row_number() OVER (PARTITION BY a.article_type ORDER BY a.sort, a.id)::int AS rank
     FROM help_articles a WHERE $1 = ANY(a.system_sources)) x
   WHERE rank <= $2 ORDER BY article_type, rank`,
);

/** The home page's groups: each type with its first `size` articles, in the types' order. */
export async function typeGroups(query: Query, source: TSystemSource, size: number): Promise<TTypeGroup[]> {
  const groups = new Map<number, TTypeGroup>();
  for (const row of await groupsSql.run(query, [source, size])) {
    const group = groups.get(row.article_type) ?? { articleType: row.article_type, typeName: articleTypeName(row.article_type), count: row.n, list: [] };
    group.list.push(toSummary(row));
    groups.set(row.article_type, group);
  }
  return ARTICLE_TYPES.flatMap((t) => groups.get(t.articleType) ?? []);
}

const sitemapSql = defineSql(
  'help-articles.sitemap',
  { id: col.int, updated_at: col.timestamp },
  'SELECT id, updated_at FROM help_articles WHERE $1 = ANY(system_sources) ORDER BY article_type, sort, id',
);

/** The brand's articles for sitemap.xml: their ids (the address /help.html?articleId=…) and when each last changed. */
export async function sitemapArticles(query: Query, source: TSystemSource): Promise<{ articleId: number; updated: Date }[]> {
  return (await sitemapSql.run(query, [source])).map((row) => ({ articleId: row.id, updated: row.updated_at }));
}
