import type { Database, Query } from '../../db/client';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { releaseProjectUploads } from '../uploads/answer-uploads.service';
import { lockProject } from '../projects/editor.service';
import { dropRollup } from './report-rollup';
import { dropSheetIndex } from './sheet-index/index-store';
import { col, defineSql } from '../../db/sql';

const clearProjectDataSql = defineSql(
  'project-data.clearProjectData',
  { n: col.int },
  'WITH gone AS (DELETE FROM answer_sheets WHERE project_id = $1 RETURNING 1) SELECT count(*)::int AS n FROM gone',
);

/**
 * 清空数据: every collected answer of a project and everything counted from them (choice rows, the report's
 * rollup, quota and per-respondent counters, the answer count: data_count and its shards), in the caller's
 * transaction. option_keys stay: they are stable ids, not data.
 *
 * The project row is locked first. A submit holds a lock on that row while it writes (a share lock from its
 * start when the project has no total cap, else a key-share lock from its sheet's foreign key), so the clear
 * waits for submits already writing, and submits that have not inserted their sheet yet wait for the clear:
 * no sheet outlives the clear with its counts wiped, and no count survives without its sheet.
 */
export async function clearProjectData(query: Query, projectId: number): Promise<{ sheets: number }> {
  await lockProject(query, projectId);
  // Respondents' files go with their sheets (the upload cleanup job removes them).
  await releaseProjectUploads(query, projectId);
  const [gone] = await clearProjectDataSql.run(query, [projectId]);
  await dropRollup(query, projectId);
  await dropSheetIndex(query, projectId);
  for (const table of ['quota_counters', 'respondent_counters', 'project_answer_counts']) {
    await query(`DELETE FROM ${table} WHERE project_id = $1`, [projectId]);
  }
  await query('UPDATE projects SET data_count = 0, updated_at = now() WHERE id = $1', [projectId]);
  return { sheets: gone?.n ?? 0 };
}

/** 清空数据 as a manager asks it: the power checked and the data cleared in one transaction. */
export async function clearProject(database: Database, user: AuthUser | null, questionId: string): Promise<{ sheets: number }> {
  return database.transaction(async (query) => {
    const { project } = await accessProject(query, user, questionId, 'manage');
    return clearProjectData(query, project.id);
  });
}
