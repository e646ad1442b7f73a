import type { Database, Query } from '../../db/client';
import type { RowOf } from '../../db/rows';
import type { reportRollups } from '../../db/tables';
import { addFacts, collectFacts, emptyFacts, planShape, type FactPlan, type Facts } from './report-facts';
import { Params } from './report-filter';
import { col, defineSql } from '../../db/sql';

/**
 * The unfiltered report of a project reads its rolled-up facts (report_rollups: the valid sheets up to a
 * watermark id) plus the facts of the sheets past the watermark, so its cost follows the sheets since the last
 * rollup, not the project's size. A report that finds more than ROLLUP_TAIL sheets past the watermark rolls
 * them up first.
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
export const ROLLUP_TAIL = 1000;

/** `facts` is the jsonb of report-facts.ts. */
type RollupRow = Pick<RowOf<typeof reportRollups>, 'shape' | 'watermark' | 'sheets'> & { facts: Facts };

const validSheets = (projectId: number, after: number, upTo?: number) => {
  const params = new Params([projectId, after]);
  const range = (id: string) => `${id} > $2${upTo === undefined ? '' : ` AND ${id} <= $3`}`;
  if (upTo !== undefined) params.add(upTo);
  return { where: `a.project_id = $1 AND a.status = 1 AND ${range('a.id')}`, params, choices: range('c.sheet_id') };
};

async function readRollup(query: Query, projectId: number, lock = false): Promise<RollupRow | null> {
  const [row] = await query<RollupRow>(`SELECT shape, watermark, sheets, facts FROM report_rollups WHERE project_id = $1${lock ? ' FOR UPDATE' : ''}`, [
    projectId,
  ]);
  return row ?? null;
}

const rollUpSql = defineSql('report-rollup.rollUp', { w: col.int }, 'SELECT coalesce(max(id), 0)::int AS w FROM answer_sheets WHERE project_id = $1');

/** Roll the valid sheets past the watermark into report_rollups (from the start when the plan changed). */
export async function rollUp(database: Pick<Database, 'transaction'>, projectId: number, plan: FactPlan): Promise<void> {
  const watermark = await database.transaction(async (query) => {
    await query('SELECT pg_advisory_xact_lock($1, $2)', [SUBMIT_LOCK, projectId]);
    const [row] = await rollUpSql.run(query, [projectId]);
    return row?.w ?? 0;
  });
  const shape = planShape(plan);
  await database.transaction(async (query) => {
    await query('SELECT pg_advisory_xact_lock($1, $2)', [ROLLUP_LOCK, projectId]);
    const row = await readRollup(query, projectId, true);
    const base = row && row.shape === shape ? row : { watermark: 0, facts: emptyFacts() };
    if (row && row.shape === shape && watermark <= row.watermark) return;
    const facts = addFacts(base.facts, await collectFacts(query, validSheets(projectId, base.watermark, watermark), plan));
    await query(
      `INSERT INTO report_rollups (project_id, shape, watermark, sheets, facts, updated_at) VALUES ($1, $2, $3, $4, $5::jsonb, now())
       ON CONFLICT (project_id) DO UPDATE SET shape = EXCLUDED.shape, watermark = EXCLUDED.watermark, sheets = EXCLUDED.sheets, facts = EXCLUDED.facts, updated_at = now()`,
      [projectId, shape, watermark, facts.sheets, JSON.stringify(facts)],
    );
  });
}

/**
 * The facts of a project's valid sheets: the rollup plus the sheets past its watermark. `validCount` (the
 * project's answer count) tells how many sheets the rollup misses, so a long tail is rolled up first.
 */
export async function projectFacts(database: Pick<Database, 'query' | 'transaction'>, projectId: number, plan: FactPlan, validCount: number): Promise<Facts> {
  const shape = planShape(plan);
  let row = await readRollup(database.query, projectId);
  if (!row || row.shape !== shape || validCount - row.sheets > ROLLUP_TAIL) {
    await rollUp(database, projectId, plan);
    row = await readRollup(database.query, projectId);
  }
  const base = row && row.shape === shape ? row : { watermark: 0, facts: emptyFacts() };
  return addFacts(base.facts, await collectFacts(database.query, validSheets(projectId, base.watermark), plan));
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
