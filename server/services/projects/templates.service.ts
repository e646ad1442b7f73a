import type { TTemplateSummary } from '../../../schemas/api/question';
import type { Query } from '../../db/client';
import { likePattern } from './projects.service';
import { QUESTION_COUNT_SQL } from './subjects.service';
import { col, defineSql } from '../../db/sql';

interface TemplateRow {
  public_id: string;
  title: string;
  subtitle: string;
  question_type: number;
  template_type_id: number | null;
  type_name: string | null;
  subject_count: number;
  hot: number;
  total: string | number;
}

const toSummary = (r: TemplateRow): TTemplateSummary => ({
  questionId: r.public_id,
  title: r.title,
  subtitle: r.subtitle,
  questionType: r.question_type,
  templateTypeId: r.template_type_id,
  typeName: r.type_name ?? '',
  subjectCount: Number(r.subject_count),
  hot: r.hot,
});

export interface TemplateSearch {
  questionType?: number;
  templateTypeId?: number;
  keyword?: string;
  page: number;
  pageSize: number;
}

/** The template library (spec §2): by kind, category and words in the title or subtitle; `order` is the ORDER BY. */
export async function searchTemplates(query: Query, where: TemplateSearch, order: 'p.id ASC' | 'p.hot DESC, p.id ASC') {
  const { page, pageSize } = where;
  const rows = await query<TemplateRow>(
    `SELECT p.public_id, p.title, p.subtitle, p.question_type, p.template_type_id, t.name AS type_name, p.hot,
       ${QUESTION_COUNT_SQL} AS subject_count, count(*) OVER () AS total
     FROM projects p LEFT JOIN template_types t ON t.id = p.template_type_id
     WHERE p.is_template AND p.deleted_at IS NULL AND ($1::int IS NULL OR p.question_type = $1)
       AND ($2::int IS NULL OR p.template_type_id = $2) AND ($3::text IS NULL OR p.title ILIKE $3 OR p.subtitle ILIKE $3)
     ORDER BY ${order} LIMIT $4 OFFSET $5`,
    [where.questionType ?? null, where.templateTypeId ?? null, likePattern(where.keyword), pageSize, (page - 1) * pageSize],
  );
  return { list: rows.map(toSummary), total: Number(rows[0]?.total ?? 0), page, pageSize };
}

/** One template of the library as its card shows it (a shared link's card), or null when it is gone. */
export async function templateSummary(query: Query, questionId: string): Promise<TTemplateSummary | null> {
  const rows = await query<TemplateRow>(
    `SELECT p.public_id, p.title, p.subtitle, p.question_type, p.template_type_id, t.name AS type_name, p.hot,
       ${QUESTION_COUNT_SQL} AS subject_count, 1 AS total
     FROM projects p LEFT JOIN template_types t ON t.id = p.template_type_id
     WHERE p.public_id = $1 AND p.is_template AND p.deleted_at IS NULL`,
    [questionId],
  );
  return rows[0] ? toSummary(rows[0]) : null;
}

const templateTypesSql = defineSql(
  'templates.templateTypes',
  { templateTypeId: col.int, name: col.text, questionType: col.int },
  `SELECT id AS "templateTypeId", name, question_type AS "questionType" FROM template_types
     WHERE ($1::int IS NULL OR question_type = $1) ORDER BY sort, id`,
);

/** The library's categories, of one kind or all. */
export async function templateTypes(query: Query, questionType: number | undefined) {
  return templateTypesSql.run(query, [questionType ?? null]);
}
