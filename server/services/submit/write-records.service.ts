import type { Query } from '../../db/client';
import type { AnswerSheetRow, ProjectRow } from '../../db/rows';

/** 我的填写记录: the user's submitted sheets, newest first; the score only where the project shows it. */
export async function writeRecords(query: Query, userId: number, page: number, pageSize: number) {
  const rows = await query<
    Pick<AnswerSheetRow, 'public_id' | 'score' | 'created_at'> & Pick<ProjectRow, 'title' | 'question_type'> & { question_id: string; total: string }
  >(
    `SELECT a.public_id, p.public_id AS question_id, p.title, p.question_type,
       CASE WHEN coalesce((p.settings->>'showScore')::boolean, true) THEN a.score END AS score, a.created_at, count(*) OVER () AS total
     FROM answer_sheets a JOIN projects p ON p.id = a.project_id
     WHERE a.user_id = $1 AND a.status = 1 AND p.deleted_at IS NULL ORDER BY a.id DESC LIMIT $2 OFFSET $3`,
    [userId, pageSize, (page - 1) * pageSize],
  );
  return {
    list: rows.map((r) => ({
      sheetId: r.public_id,
      questionId: r.question_id,
      title: r.title,
      questionType: r.question_type,
      score: r.score,
      createTime: new Date(r.created_at).toISOString(),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}
