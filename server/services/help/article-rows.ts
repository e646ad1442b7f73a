import type { TArticleSummary } from '../../../schemas/api/article';
import { articleTypeName, type TSystemSource } from '../../../schemas/help/article-types';
import type { TBrand } from '../../../schemas/brands';
import { col } from '../../db/sql';

/** The columns every list of articles reads (one declared row for all the statements that select them). */
export const SUMMARY_COLUMNS = 'a.id, a.article_type, a.title, a.summary, a.read_count, a.updated_at';
export const summaryRow = { id: col.int, article_type: col.int, title: col.text, summary: col.text, read_count: col.int, updated_at: col.timestamp };

export interface TSummaryRow {
  id: number;
  article_type: number;
  title: string;
  summary: string;
  read_count: number;
  updated_at: Date;
}

export const toSummary = (row: TSummaryRow): TArticleSummary => ({
  articleId: row.id,
  articleType: row.article_type,
  typeName: articleTypeName(row.article_type),
  title: row.title,
  summary: row.summary,
  readCount: row.read_count,
  updateTime: row.updated_at.toISOString(),
});

/** The applet source asked for, or the one of the brand the page is served under (spec §7: 1 or 7 by brand). */
export const sourceOf = (asked: TSystemSource | undefined, brand: TBrand): TSystemSource => asked ?? brand.appletSource;
