import { CONFLICT_MESSAGE, type TConflict } from '../../../schemas/api/editor';
import { SUBJECT_LIMIT_MESSAGE } from '../../../schemas/api/question';
import type { TRefusalReason } from '../../../schemas/refusals';
import { levelOf } from '../../../schemas/api/user';
import { EditError } from '../../../schemas/editor/operations';
import { ZSubject, type TSubject } from '../../../schemas/subjects/registry';
import type { Database, Query } from '../../db/client';
import { AppError, badInput, conflict } from '../errors';
import { refuseWhileCollecting } from './collecting-guard.service';
import { accessProject } from '../access/powers.service';
import type { ProjectRow } from '../../db/rows';
import type { AuthUser } from '../access/sessions.service';
import { countQuestions, insertSubjects, listSubjects } from './subjects.service';
import { col, defineSql } from '../../db/sql';

/** Lock the project row for this transaction: concurrent edits of one project queue up here. */
export async function lockProject(query: Query, projectId: number): Promise<ProjectRow> {
  return (await query<ProjectRow>('SELECT * FROM projects WHERE id = $1 FOR UPDATE', [projectId]))[0]!;
}

const conflictOfSql = defineSql(
  'editor.conflictOf',
  { version: col.int, updated_at: col.timestamp, username: col.text.orNull() },
  'SELECT p.version, p.updated_at, u.username FROM projects p LEFT JOIN users u ON u.id = p.updated_by WHERE p.id = $1',
);

async function conflictOf(query: Query, projectId: number): Promise<AppError> {
  const rows = await conflictOfSql.run(query, [projectId]);
  const row = rows[0]!;
  const data: TConflict = { version: row.version, updatedBy: row.username ?? '其他协作者', updateTime: new Date(row.updated_at).toISOString() };
  return conflict(CONFLICT_MESSAGE(data.updatedBy), data);
}

const bumpVersionSql = defineSql(
  'editor.bumpVersion',
  { version: col.int },
  `UPDATE projects SET version = version + 1, updated_at = now(), updated_by = $3
     WHERE id = $1 AND ($2::int IS NULL OR version = $2) RETURNING version`,
);

/**
 * Move the version forward: when the caller says which version it edited, a different current version is
 * a "409" conflict naming who changed it (never a silent overwrite).
 */
export async function bumpVersion(query: Query, projectId: number, expected: number | undefined, userId: number): Promise<number> {
  const rows = await bumpVersionSql.run(query, [projectId, expected ?? null, userId]);
  if (!rows[0]) throw await conflictOf(query, projectId);
  return rows[0].version;
}

const checkSubjectLimitSql = defineSql('editor.checkSubjectLimit', { member_level: col.int }, 'SELECT member_level FROM users WHERE id = $1');

/** The subject limit is the owner's level, checked on every add. */
async function checkSubjectLimit(query: Query, project: ProjectRow, subjects: readonly TSubject[]): Promise<void> {
  const owner = await checkSubjectLimitSql.run(query, [project.owner_id]);
  if (countQuestions(subjects) > levelOf(owner[0]?.member_level ?? 1).subjectCount)
    throw new AppError('400', SUBJECT_LIMIT_MESSAGE, { field: 'subjects', reason: 'subjectLimit' satisfies TRefusalReason });
}

/** Replace the subject list, but only rows that changed, so a one-subject edit of an 800-subject project stays cheap. */
async function writeSubjects(query: Query, projectId: number, before: readonly TSubject[], after: readonly TSubject[]): Promise<void> {
  const old = new Map(before.map((s) => [s.uuid, JSON.stringify(s)]));
  const keep = new Set(after.map((s) => s.uuid));
  const gone = before.filter((s) => !keep.has(s.uuid)).map((s) => s.uuid);
  if (gone.length) await query('DELETE FROM subjects WHERE project_id = $1 AND uuid = ANY($2::text[])', [projectId, gone]);
  const changed = after.filter((s) => old.get(s.uuid) !== JSON.stringify(s));
  if (!changed.length) return;
  await query('DELETE FROM subjects WHERE project_id = $1 AND uuid = ANY($2::text[])', [projectId, changed.map((s) => s.uuid)]);
  await insertSubjects(query, projectId, changed);
}

export interface EditResult<T> {
  version: number;
  subjects: TSubject[];
  extra: T;
}

/**
 * One shape for every subject edit: lock, check power, the paused status (spec §4) and version, apply a pure operation, check the subject
 * limit and every subject's schema, write what changed, bump the version.
 */
export async function editSubjects<T = null>(
  database: Database,
  user: AuthUser | null,
  questionId: string,
  version: number | undefined,
  operation: (subjects: TSubject[]) => { subjects: TSubject[]; extra?: T } | TSubject[],
): Promise<EditResult<T | null>> {
  return database.transaction(async (query) => {
    const { project } = await accessProject(query, user, questionId, 'edit');
    await refuseWhileCollecting(query, await lockProject(query, project.id));
    const before = await listSubjects(query, project.id);
    let outcome;
    try {
      outcome = operation(before);
    } catch (error) {
      if (error instanceof EditError) throw badInput(error.message);
      throw error;
    }
    const after = Array.isArray(outcome) ? outcome : outcome.subjects;
    const extra = Array.isArray(outcome) ? null : (outcome.extra ?? null);
    for (const [i, subject] of after.entries()) {
      const parsed = ZSubject.safeParse(subject);
      if (!parsed.success) throw badInput(`subjects.${i}: ${parsed.error.issues[0]!.message}`, `subjects.${i}`);
    }
    if (countQuestions(after) > countQuestions(before)) await checkSubjectLimit(query, project, after);
    const next = await bumpVersion(query, project.id, version, user!.id);
    await writeSubjects(query, project.id, before, after);
    return { version: next, subjects: after, extra };
  });
}

export { checkSubjectLimit, writeSubjects };
