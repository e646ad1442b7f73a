import type { ProjectRow } from '../../../db/rows';
import { col, defineSql } from '../../../db/sql';
import type { IndexHeadRow } from './index-rows';
import type { Database, Query } from '../../../db/client';
import { planShape, type FactPlan } from '../report-facts';
import { highWater, nthSheetAfter, rollUpStep } from '../report-rollup';
import { reportPlan } from '../report-subjects';
import { collectIndexIds } from './build-from-sql';
import { appendToSegments } from './index-segments';
import { ANSWER_COUNT_SQL } from '../../answers/answer-store.service';

type Db = Pick<Database, 'query' | 'transaction'> & Partial<Pick<Database, 'engine'>>;

/**
 * The report-index job's work for one project (issue 54 items 1–2): bring the stored bitmaps and the report's
 * rollup up to the project's exact high water (report-rollup's highWater), a batch at a time, each batch its own
 * short transaction. Index batches hold INDEX_LOCK (an advisory transaction lock per project, re-reading the
 * watermark under it), as do an edit's sheetAnswersChanged and the clear's dropSheetIndex, so two runners never
 * apply the same sheets twice (the second one finds the watermark moved) and an edit never races a batch. Rollup steps hold
 * ROLLUP_LOCK the same way. The two never nest, so no lock order is needed between them.
 */
export const INDEX_BATCH = 20_000;
/**
 * PGlite has one connection: a batch's transaction holds every other request (submits included) until it ends, so
 * its batches are a tenth of PostgreSQL's (a few hundred milliseconds at most).
 */
export const PGLITE_INDEX_BATCH = 2_000;
export const INDEX_LOCK = 7310;

const tryLockSql = defineSql('report-index.tryLock', { ok: col.bool }, 'SELECT pg_try_advisory_xact_lock($1, $2) AS ok');

export async function projectPlan(query: Query, projectId: number): Promise<FactPlan | null> {
  const [project] = await query<Pick<ProjectRow, 'id' | 'question_type'>>('SELECT id, question_type FROM projects WHERE id = $1', [projectId]);
  return project ? reportPlan(query, project) : null;
}

/**
 * One index batch: under INDEX_LOCK, the sheets in (watermark, batch end] enter their keys' segments and
 * the watermark and version move. A head made for another plan starts over (its bitmaps deleted). 'done' when the
 * watermark reached `high`; 'busy' when another runner holds the head (skipLocked).
 */
async function indexBatch(
  database: Db,
  projectId: number,
  plan: FactPlan,
  high: number,
  skipLocked: boolean,
  batch: number,
): Promise<'done' | 'more' | 'busy'> {
  const shape = planShape(plan);
  return database.transaction(async (query) => {
    if (skipLocked) {
      const [got] = await tryLockSql.run(query, [INDEX_LOCK, projectId]);
      if (!got?.ok) return 'busy';
    } else await query('SELECT pg_advisory_xact_lock($1, $2)', [INDEX_LOCK, projectId]);
    await query('INSERT INTO sheet_index_heads (project_id, shape) VALUES ($1, $2) ON CONFLICT (project_id) DO NOTHING', [projectId, shape]);
    const [head] = (await query<Pick<IndexHeadRow, 'shape' | 'watermark' | 'state'>>(
      'SELECT shape, watermark, state FROM sheet_index_heads WHERE project_id = $1',
      [projectId],
    )) as [Pick<IndexHeadRow, 'shape' | 'watermark' | 'state'>];
    let watermark = head.watermark;
    if (head.shape !== shape) {
      await query('DELETE FROM sheet_index_bitmaps WHERE project_id = $1', [projectId]);
      await query(
        `UPDATE sheet_index_heads SET shape = $2, watermark = 0, version = version + 1, state = 'building', updated_at = now() WHERE project_id = $1`,
        [projectId, shape],
      );
      watermark = 0;
    }
    if (watermark >= high) {
      // Also after a plan change on a project without sheets: 'building' must not stay, or every round takes it again.
      await query(`UPDATE sheet_index_heads SET state = 'ready' WHERE project_id = $1 AND state <> 'ready'`, [projectId]);
      return 'done';
    }
    const end = (await nthSheetAfter(query, projectId, watermark, batch, high)) ?? high;
    await appendToSegments(query, projectId, await collectIndexIds(query, projectId, plan, watermark, end));
    await query(`UPDATE sheet_index_heads SET watermark = $2, version = version + 1, state = $3, updated_at = now() WHERE project_id = $1`, [
      projectId,
      end,
      end >= high ? 'ready' : 'building',
    ]);
    return end >= high ? 'done' : 'more';
  });
}

/**
 * Bring one project's index and rollup up to its newest sheet. `skipLocked`: the runner leaves a project another
 * runner is working on (it returns at once, 0 when it did nothing); a test or a bench waits its turn instead. How
 * many transactions it ran (index batches and rollup steps, each at least one).
 */
export async function catchUpProject(database: Db, projectId: number, options: { skipLocked?: boolean; batch?: number } = {}): Promise<number> {
  const plan = await projectPlan(database.query, projectId);
  if (!plan) return 0;
  const high = await highWater(database, projectId);
  const batch = options.batch ?? (database.engine === 'pglite' ? PGLITE_INDEX_BATCH : INDEX_BATCH);
  let transactions = 0;
  for (;;) {
    const step = await indexBatch(database, projectId, plan, high, options.skipLocked ?? false, batch);
    if (step === 'busy') return transactions;
    transactions++;
    if (step === 'done') break;
  }
  do transactions++;
  while (!(await rollUpStep(database, projectId, plan, high, batch)));
  return transactions;
}

/**
 * The projects a round looks at: heads marked 'building' or with sheets past their index's or their rollup's
 * watermark; and, every `enrol` rounds, projects with at least `minSheets` sheets and no head yet (their heads are
 * made by catchUpProject). The answer count (data_count and its counters) is the cheap measure of size here.
 */
export async function projectsBehind(query: Query, limit: number, enrol: { minSheets: number } | null): Promise<number[]> {
  const behind = await query<Pick<IndexHeadRow, 'project_id'>>(
    `SELECT h.project_id FROM sheet_index_heads h
     WHERE h.state = 'building'
        OR EXISTS (SELECT 1 FROM answer_sheets a WHERE a.project_id = h.project_id AND a.id > h.watermark)
        OR EXISTS (SELECT 1 FROM answer_sheets a WHERE a.project_id = h.project_id AND a.status = 1
                     AND a.id > coalesce((SELECT r.watermark FROM report_rollups r WHERE r.project_id = h.project_id), 0))
     ORDER BY h.updated_at LIMIT $1`,
    [limit],
  );
  const out = behind.map((r) => r.project_id);
  if (enrol && out.length < limit) {
    const fresh = await query<Pick<ProjectRow, 'id'>>(
      `SELECT p.id FROM projects p
       WHERE p.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM sheet_index_heads h WHERE h.project_id = p.id)
         AND ${ANSWER_COUNT_SQL} >= $2
       LIMIT $1`,
      [limit - out.length, Math.max(1, enrol.minSheets)],
    );
    out.push(...fresh.map((r) => r.id));
  }
  return out;
}
