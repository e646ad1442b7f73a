import { LIST_SORTS, type TProjectDetail, type TProjectList } from '../../../schemas/api/question';
import type { Query } from '../../db/client';
import { ANSWER_COUNT_SQL } from '../answers/answer-store.service';
import { levelOf } from '../../../schemas/api/user';
import { likePattern, toProjectInfo, type ProjectListRow } from './projects.service';
import { RECORD_COUNT_SQL } from './record-count';
import { QUESTION_COUNT_SQL } from './subjects.service';

const SORT_COLUMNS: Record<(typeof LIST_SORTS)[number], string> = { createTime: 'p.created_at', updateTime: 'p.updated_at', dataCount: RECORD_COUNT_SQL };

interface Page {
  page: number;
  pageSize: number;
}

interface ListFilter extends Page {
  questionType?: number;
  keyword?: string;
}

const toPage = (rows: ProjectListRow[], viewerId: number, { page, pageSize }: Page): TProjectList => ({
  list: rows.map((r) => toProjectInfo(r, viewerId)),
  total: Number(rows[0]?.total ?? 0),
  page,
  pageSize,
});

/** Projects the user owns or joined (marked by isTeamWork), one kind at a time. */
export async function listProjects(
  query: Query,
  userId: number,
  filter: ListFilter & { status?: number; sort: keyof typeof SORT_COLUMNS; order: 'asc' | 'desc' },
): Promise<TProjectList> {
  const order = `${SORT_COLUMNS[filter.sort]} ${filter.order === 'asc' ? 'ASC' : 'DESC'}, p.id DESC`;
  const rows = await query<ProjectListRow>(
    `SELECT p.*, m.power_type, ${QUESTION_COUNT_SQL} AS subject_count, ${ANSWER_COUNT_SQL} AS answer_count, ${RECORD_COUNT_SQL} AS record_count, u.username AS owner_name, count(*) OVER () AS total
     FROM projects p JOIN users u ON u.id = p.owner_id
     LEFT JOIN project_members m ON m.project_id = p.id AND m.user_id = $1
     WHERE (p.owner_id = $1 OR m.user_id IS NOT NULL) AND p.deleted_at IS NULL AND NOT p.is_template
       AND ($2::int IS NULL OR p.question_type = $2) AND ($3::text IS NULL OR p.title ILIKE $3)
       AND ($4::int IS NULL OR p.status = $4)
     ORDER BY ${order} LIMIT $5 OFFSET $6`,
    [userId, filter.questionType ?? null, likePattern(filter.keyword), filter.status ?? null, filter.pageSize, (filter.page - 1) * filter.pageSize],
  );
  return toPage(rows, userId, filter);
}

/** The recycle bin is the owner's alone. */
export async function listBin(query: Query, userId: number, filter: ListFilter): Promise<TProjectList> {
  const rows = await query<ProjectListRow>(
    `SELECT p.*, 1 AS power_type, ${QUESTION_COUNT_SQL} AS subject_count, ${ANSWER_COUNT_SQL} AS answer_count, ${RECORD_COUNT_SQL} AS record_count, '' AS owner_name, count(*) OVER () AS total
     FROM projects p WHERE p.owner_id = $1 AND p.deleted_at IS NOT NULL AND NOT p.is_template
       AND ($2::int IS NULL OR p.question_type = $2) AND ($3::text IS NULL OR p.title ILIKE $3)
     ORDER BY p.deleted_at DESC, p.id DESC LIMIT $4 OFFSET $5`,
    [userId, filter.questionType ?? null, likePattern(filter.keyword), filter.pageSize, (filter.page - 1) * filter.pageSize],
  );
  return toPage(rows, userId, filter);
}

/** One project as a list shows it, with its owner's level and subject limit (the caller checked the power). */
export async function projectDetail(query: Query, questionId: string, viewerId: number | undefined): Promise<TProjectDetail> {
  const rows = await query<ProjectListRow & { owner_level: number }>(
    `SELECT p.*, m.power_type, ${QUESTION_COUNT_SQL} AS subject_count, ${ANSWER_COUNT_SQL} AS answer_count, ${RECORD_COUNT_SQL} AS record_count, u.username AS owner_name, u.member_level AS owner_level
     FROM projects p JOIN users u ON u.id = p.owner_id
     LEFT JOIN project_members m ON m.project_id = p.id AND m.user_id = $2 WHERE p.public_id = $1`,
    [questionId, viewerId ?? -1],
  );
  const row = rows[0]!;
  const level = levelOf(row.owner_level);
  return { ...toProjectInfo(row, viewerId ?? -1), ownerLevel: level.memberLevel, subjectLimit: level.subjectCount };
}
