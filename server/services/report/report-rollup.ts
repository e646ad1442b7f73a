import type { Database, Query } from '../../db/client';
import type { AnswerSheetRow, RowOf } from '../../db/rows';
import type { reportRollups } from '../../db/tables';
import { addFacts, collectFacts, emptyFacts, planShape, type FactPlan, type Facts } from './report-facts';
import { Params } from './report-filter';
import { col, defineSql } from '../../db/sql';
import type { TCounting } from '../../../schemas/api/report';
import { wantSheetIndex } from './sheet-index/index-wanted';

/**
 * The unfiltered report of a project reads its rolled-up facts (report_rollups: the valid sheets up to a
 * watermark id) plus the facts of the sheets past the watermark, so its cost follows the sheets since the last
 * rollup, not the project's size. The report-index job (server/jobs/report-index-runner.ts) rolls sheets up in
 * the background as they arrive; a report that finds more than REPORT_INDEX_TAIL sheets past the watermark answers
 * with a `counting` note instead of rolling them up itself.
 *
 * Exactness: every submit holds a shared advisory lock (SUBMIT_LOCK, project) until it commits (wj_submit).
 * The rollup takes it exclusively in a transaction of its own and reads the highest sheet id: submits already
 * writing have committed by then and later ones get higher ids from the sequence, so every sheet at or below
 * the watermark is in the rollup. Moving a sheet in or out of the answer bin adds or takes away that sheet's
 * facts when it is at or below the watermark; 清空数据 drops the rollup. The rollup, the moves and the clear
 * take ROLLUP_LOCK, so none of them works from facts another is about to replace.
 */
export const SUBMIT_LOCK = 7301;
export const ROLLUP_LOCK = 7302;
let rollupTail = 1000;
/** Sheets past the rollup a report reads itself (REPORT_INDEX_TAIL through configureSheetIndex; tests make it small). */
export function setRollupTail(sheets: number): void {
  rollupTail = sheets;
}
/** Sheets one background rollup step reads (report-index job): ROLLUP_LOCK is held for one step only. */
export const ROLLUP_BATCH = 20_000;

/** `facts` is the jsonb of report-facts.ts. */
type RollupRow = Pick<RowOf<typeof reportRollups>, 'shape' | 'watermark' | 'sheets'> & { facts: Facts };

const validSheets = (projectId: number, after: number, upTo?: number) => {
  const params = new Params([projectId, after]);
  const range = (id: string) => `${id} > $2${upTo === undefined ? '' : ` AND ${id} <= $3`}`;
  if (upTo !== undefined) params.add(upTo);
  return { where: `a.project_id = $1 AND a.status = 1 AND ${range('a.id')}`, params };
};

async function readRollup(query: Query, projectId: number, lock = false): Promise<RollupRow | null> {
  const [row] = await query<RollupRow>(`SELECT shape, watermark, sheets, facts FROM report_rollups WHERE project_id = $1${lock ? ' FOR UPDATE' : ''}`, [
    projectId,
  ]);
  return row ?? null;
}

const rollUpSql = defineSql('report-rollup.rollUp', { w: col.int }, 'SELECT coalesce(max(id), 0)::int AS w FROM answer_sheets WHERE project_id = $1');

/**
 * The project's highest sheet id, exact: SUBMIT_LOCK taken exclusively (in a transaction of its own, held only
 * for the read) waits for the submits already writing; later submits get higher ids.
 */
export async function highWater(database: Pick<Database, 'transaction'>, projectId: number): Promise<number> {
  return database.transaction(async (query) => {
    await query('SELECT pg_advisory_xact_lock($1, $2)', [SUBMIT_LOCK, projectId]);
    const [row] = await rollUpSql.run(query, [projectId]);
    return row?.w ?? 0;
  });
}

/** The id of the `n`-th sheet (any status) past `after`, if the project has that many up to `upTo`. */
export async function nthSheetAfter(query: Query, projectId: number, after: number, n: number, upTo: number, valid = false): Promise<number | null> {
  const [row] = await query<Pick<AnswerSheetRow, 'id'>>(
    `SELECT id FROM answer_sheets WHERE project_id = $1 AND id > $2 AND id <= $3${valid ? ' AND status = 1' : ''} ORDER BY id OFFSET $4 LIMIT 1`,
    [projectId, after, upTo, n - 1],
  );
  return row?.id ?? null;
}

/**
 * One step of the rollup toward `upTo` (a highWater): at most `batch` sheets past the watermark are rolled into
 * report_rollups (from the start when the plan changed), so ROLLUP_LOCK is held for one batch only. True when the
 * rollup has reached `upTo`.
 */
export async function rollUpStep(
  database: Pick<Database, 'transaction'>,
  projectId: number,
  plan: FactPlan,
  upTo: number,
  batch = ROLLUP_BATCH,
): Promise<boolean> {
  const shape = planShape(plan);
  return database.transaction(async (query) => {
    await query('SELECT pg_advisory_xact_lock($1, $2)', [ROLLUP_LOCK, projectId]);
    const row = await readRollup(query, projectId, true);
    const base = row && row.shape === shape ? row : { watermark: 0, facts: emptyFacts() };
    if (row && row.shape === shape && upTo <= row.watermark) return true;
    const end = Math.min(upTo, (await nthSheetAfter(query, projectId, base.watermark, batch, upTo)) ?? upTo);
    const facts = addFacts(base.facts, await collectFacts(query, validSheets(projectId, base.watermark, end), plan));
    await query(
      `INSERT INTO report_rollups (project_id, shape, watermark, sheets, facts, updated_at) VALUES ($1, $2, $3, $4, $5::jsonb, now())
       ON CONFLICT (project_id) DO UPDATE SET shape = EXCLUDED.shape, watermark = EXCLUDED.watermark, sheets = EXCLUDED.sheets, facts = EXCLUDED.facts, updated_at = now()`,
      [projectId, shape, end, facts.sheets, JSON.stringify(facts)],
    );
    return end >= upTo;
  });
}

/** Roll the valid sheets past the watermark into report_rollups, batch by batch, up to the exact high water. */
export async function rollUp(database: Pick<Database, 'transaction'>, projectId: number, plan: FactPlan): Promise<void> {
  const high = await highWater(database, projectId);
  while (!(await rollUpStep(database, projectId, plan, high)));
}

/**
 * The facts of a project's valid sheets: the rollup plus the sheets past its watermark. `validCount` (the
 * project's answer count) tells how many sheets the rollup misses. A short tail is read whole (a project never
 * rolled up is rolled up first: at most that many sheets). A long one (a bulk load, a changed plan) is never
 * rolled up on the request (issue 54 item 2): the report counts the rollup plus the next REPORT_INDEX_TAIL valid
 * sheets and says so (`counting`), the project is marked for the index job, which catches up in the background.
 */
export async function projectFacts(
  database: Pick<Database, 'query' | 'transaction'>,
  projectId: number,
  plan: FactPlan,
  validCount: number,
): Promise<{ facts: Facts; counting?: TCounting }> {
  const shape = planShape(plan);
  let row = await readRollup(database.query, projectId);
  let base = row && row.shape === shape ? row : null;
  if (validCount - (base?.sheets ?? 0) <= rollupTail) {
    if (!base && validCount > 0) {
      await rollUp(database, projectId, plan);
      row = await readRollup(database.query, projectId);
      base = row && row.shape === shape ? row : null;
    }
    const from = base ?? { watermark: 0, facts: emptyFacts() };
    return { facts: addFacts(from.facts, await collectFacts(database.query, validSheets(projectId, from.watermark), plan)) };
  }
  await wantSheetIndex(database.query, projectId, shape);
  const from = base ?? { watermark: 0, facts: emptyFacts() };
  const end = await nthSheetAfter(database.query, projectId, from.watermark, rollupTail, 2 ** 31 - 1, true);
  const facts = addFacts(from.facts, await collectFacts(database.query, validSheets(projectId, from.watermark, end ?? undefined), plan));
  return { facts, counting: { counted: facts.sheets, total: Math.max(validCount, facts.sheets) } };
}

/**
 * In the caller's transaction, after a sheet left (-1) or re-entered (+1) the valid set: a rolled-up sheet's
 * facts leave or re-enter the rollup with it. A rollup made for another plan is dropped (the next report
 * rebuilds it).
 */
export async function moveInRollup(query: Query, projectId: number, sheetId: number, sign: 1 | -1, plan: FactPlan): Promise<void> {
  await query('SELECT pg_advisory_xact_lock($1, $2)', [ROLLUP_LOCK, projectId]);
  const row = await readRollup(query, projectId, true);
  if (!row || sheetId > row.watermark) return;
  if (row.shape !== planShape(plan)) {
    await query('DELETE FROM report_rollups WHERE project_id = $1', [projectId]);
    return;
  }
  const one = await collectFacts(query, { where: 'a.project_id = $1 AND a.id = $2', params: new Params([projectId, sheetId]) }, plan);
  const facts = addFacts(row.facts, one, sign);
  await query('UPDATE report_rollups SET sheets = $2, facts = $3::jsonb, updated_at = now() WHERE project_id = $1', [
    projectId,
    facts.sheets,
    JSON.stringify(facts),
  ]);
}

/** 清空数据, in the caller's transaction: the rollup goes with the sheets. */
export async function dropRollup(query: Query, projectId: number): Promise<void> {
  await query('SELECT pg_advisory_xact_lock($1, $2)', [ROLLUP_LOCK, projectId]);
  await query('DELETE FROM report_rollups WHERE project_id = $1', [projectId]);
}
