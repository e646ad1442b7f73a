import { sanitizeSubjectRichText } from '../../../schemas/rich-text/sanitize-server';
import type { TSubject } from '../../../schemas/subjects/registry';
import { UNNUMBERED_SUBJECT_TYPES } from '../../../schemas/subjects/subject-types';
import type { Query } from '../../db/client';
import { col, defineSql } from '../../db/sql';

/** Rich text is sanitised when it is saved (reliability.md rule 5): every rich-text field, one shared function. */
export function sanitizeSubject<T extends TSubject>(subject: T): T {
  return sanitizeSubjectRichText(subject);
}

/** Questions count against the level's subject limit; layout blocks do not. */
export const countQuestions = (subjects: readonly { subjectType: number }[]): number =>
  subjects.filter((s) => !UNNUMBERED_SUBJECT_TYPES.has(s.subjectType)).length;

export const QUESTION_COUNT_SQL = `(SELECT count(*)::int FROM subjects s WHERE s.project_id = p.id AND s.deleted_at IS NULL
  AND s.subject_type NOT IN (${[...UNNUMBERED_SUBJECT_TYPES].join(', ')}))`;

/** Insert a whole list of subjects in one statement, keeping their order. */
export async function insertSubjects(query: Query, projectId: number, subjects: readonly TSubject[]): Promise<void> {
  if (!subjects.length) return;
  const ordered = subjects.map((s, i) => sanitizeSubject({ ...s, indexSort: Number.isFinite(s.indexSort) ? s.indexSort : i + 1 }));
  await query(
    `INSERT INTO subjects (project_id, uuid, subject_type, index_sort, config)
     SELECT $1, x->>'uuid', (x->>'subjectType')::int, (x->>'indexSort')::float8, x FROM jsonb_array_elements($2::jsonb) AS x`,
    [projectId, JSON.stringify(ordered)],
  );
}

const listSubjectsSql = defineSql(
  'subjects.listSubjects',
  { config: col.json.as<TSubject>() },
  'SELECT config FROM subjects WHERE project_id = $1 AND deleted_at IS NULL ORDER BY index_sort, id',
);

export async function listSubjects(query: Query, projectId: number): Promise<TSubject[]> {
  const rows = await listSubjectsSql.run(query, [projectId]);
  return rows.map((r) => r.config);
}
