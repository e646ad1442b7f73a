import type { z } from 'zod';
import type { TSearchHitOut, ZTitleSearchRequest } from '../../../schemas/api/article';
import { bodyText } from '../../../schemas/help/article-body';
import { articleTypeName, type TSystemSource } from '../../../schemas/help/article-types';
import { searchArticles, type TSearchDoc } from '../../../schemas/help/search';
import type { Query } from '../../db/client';
import { col, defineSql } from '../../db/sql';

const docsSql = defineSql(
  'help-search.docs',
  { id: col.int, article_type: col.int, title: col.text, summary: col.text, body: col.text, read_count: col.int },
  'SELECT id, article_type, title, summary, body, read_count FROM help_articles WHERE $1 = ANY(system_sources)',
);

/**
 * 搜索: the brand's articles are read and searched here (schemas/help/search.ts). A few hundred guides take well
 * under a millisecond to scan (bench/help-search.ts); nothing is kept between calls, so every process answers alike.
 */
export async function searchHelp(query: Query, source: TSystemSource, body: z.output<typeof ZTitleSearchRequest>) {
  const rows = await docsSql.run(query, [source]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const docs: TSearchDoc[] = rows.map((r) => ({ id: r.id, title: r.title, summary: r.summary, text: bodyText(r.body), readCount: r.read_count }));
  const { total, hits } = searchArticles(docs, body.keyword, { offset: (body.pageNum - 1) * body.pageSize, limit: body.pageSize });
  const list: TSearchHitOut[] = hits.map((hit) => {
    const row = byId.get(hit.id)!;
    return {
      articleId: hit.id,
      articleType: row.article_type,
      typeName: articleTypeName(row.article_type),
      readCount: row.read_count,
      title: hit.title,
      snippet: hit.snippet,
    };
  });
  return { list, total };
}
