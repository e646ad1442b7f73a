import type { FastifyInstance } from 'fastify';
import { questionCalls } from '../../../schemas/api/question';
import { defineCall } from '../../http/define-call';
import { ANSWER_COUNT_SQL } from '../../services/submit/answer-store.service';
import { accessProject } from '../../services/access/powers.service';
import { likePattern, toProjectInfo, type ProjectListRow } from '../../services/projects/projects.service';
import { QUESTION_COUNT_SQL } from '../../services/projects/subjects.service';

const SORT_COLUMNS = { createTime: 'p.created_at', updateTime: 'p.updated_at', dataCount: ANSWER_COUNT_SQL } as const;

export function listRoutes(app: FastifyInstance): void {
  const { database } = app.deps;
  const page = (rows: ProjectListRow[], viewerId: number, pageNo: number, pageSize: number) => ({
    list: rows.map((r) => toProjectInfo(r, viewerId)),
    total: Number(rows[0]?.total ?? 0),
    page: pageNo,
    pageSize,
  });

  // Projects the user owns or joined (marked by isTeamWork), one kind at a time.
  defineCall(app, questionCalls.getWxQuestionList, async (body, { user }) => {
    const order = `${SORT_COLUMNS[body.sort]} ${body.order === 'asc' ? 'ASC' : 'DESC'}, p.id DESC`;
    const rows = await database.query<ProjectListRow>(
      `SELECT p.*, m.power_type, ${QUESTION_COUNT_SQL} AS subject_count, ${ANSWER_COUNT_SQL} AS answer_count, u.username AS owner_name, count(*) OVER () AS total
       FROM projects p JOIN users u ON u.id = p.owner_id
       LEFT JOIN project_members m ON m.project_id = p.id AND m.user_id = $1
       WHERE (p.owner_id = $1 OR m.user_id IS NOT NULL) AND p.deleted_at IS NULL AND NOT p.is_template
         AND ($2::int IS NULL OR p.question_type = $2) AND ($3::text IS NULL OR p.title ILIKE $3)
         AND ($4::int IS NULL OR p.status = $4)
       ORDER BY ${order} LIMIT $5 OFFSET $6`,
      [user!.id, body.questionType ?? null, likePattern(body.keyword), body.status ?? null, body.pageSize, (body.page - 1) * body.pageSize],
    );
    return page(rows, user!.id, body.page, body.pageSize);
  });

  // The recycle bin is the owner's alone.
  defineCall(app, questionCalls.getWxQuestionDelList, async (body, { user }) => {
    const rows = await database.query<ProjectListRow>(
      `SELECT p.*, 1 AS power_type, ${QUESTION_COUNT_SQL} AS subject_count, ${ANSWER_COUNT_SQL} AS answer_count, '' AS owner_name, count(*) OVER () AS total
       FROM projects p WHERE p.owner_id = $1 AND p.deleted_at IS NOT NULL AND NOT p.is_template
         AND ($2::int IS NULL OR p.question_type = $2) AND ($3::text IS NULL OR p.title ILIKE $3)
       ORDER BY p.deleted_at DESC, p.id DESC LIMIT $4 OFFSET $5`,
      [user!.id, body.questionType ?? null, likePattern(body.keyword), body.pageSize, (body.page - 1) * body.pageSize],
    );
    return page(rows, user!.id, body.page, body.pageSize);
  });

  defineCall(app, questionCalls.getWxQuestionDel, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'owner');
    await database.query('UPDATE projects SET deleted_at = now(), status = 0 WHERE id = $1 AND deleted_at IS NULL', [project.id]);
    return null;
  });

  defineCall(app, questionCalls.getRetrieveWxQuestion, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'owner', { allowDeleted: true });
    await database.query('UPDATE projects SET deleted_at = NULL, updated_at = now() WHERE id = $1', [project.id]);
    return null;
  });

  /** Projects matching `where` deleted with everything of theirs: the cascade, and answer_choices, which has no foreign key. */
  const deleteProjects = (where: string) =>
    `WITH gone AS (DELETE FROM projects WHERE ${where} RETURNING id), choices AS (DELETE FROM answer_choices WHERE project_id IN (SELECT id FROM gone)) SELECT id FROM gone`;

  // Delete for good: one project from the bin, or empty the bin of one kind.
  defineCall(app, questionCalls.getWxQuestionCompletelyDel, async (body, { user }) => {
    if ('questionId' in body) {
      const { project } = await accessProject(database.query, user, body.questionId, 'owner', { allowDeleted: true });
      const gone = await database.query(deleteProjects('id = $1 AND deleted_at IS NOT NULL'), [project.id]);
      return { deleted: gone.length };
    }
    const gone = await database.query(deleteProjects('owner_id = $1 AND question_type = $2 AND deleted_at IS NOT NULL AND NOT is_template'), [
      user!.id,
      body.questionType,
    ]);
    return { deleted: gone.length };
  });
}
