import type { Database, Query } from '../../../db/client';
import { planShape, type FactPlan } from '../report-facts';
import { bitmapsOf, collectIndexIds, readFlags } from './build-from-sql';
import { ALL_KEY } from './index-keys';
import { disposeIndex, type SheetIndex } from './sheet-index';

type Db = Pick<Database, 'query' | 'transaction' | 'engine'>;

/**
 * Run `use` with the project's filter index for `plan`, or answer null while the index is being built (the
 * report then answers from SQL with a counting note). The loader owns the index: `use` must not keep or dispose
 * it past its promise.
 *
 * SEAM (issue 54, lead): this body builds the whole index from SQL at every call, exact but as slow as the SQL
 * report. The index helper replaces it with the persisted bitmaps (sheet_index_heads / sheet_index_bitmaps), a
 * per-process cache checked by version with bounded memory, the tail past the watermark read from SQL, and null
 * while the background job builds; the signature stays.
 */
export async function withSheetIndex<T>(
  database: Db,
  projectId: number,
  plan: FactPlan,
  use: (index: SheetIndex) => T | Promise<T>,
): Promise<{ value: T } | null> {
  const ids = await collectIndexIds(database.query, projectId, plan, 0);
  const flags = await readFlags(database.query, projectId);
  const all = ids.get(ALL_KEY) ?? [];
  const index: SheetIndex = {
    projectId,
    shape: planShape(plan),
    watermark: all.length ? all[all.length - 1]! : 0,
    version: 0,
    bitmaps: bitmapsOf(ids),
    ...flags,
  };
  try {
    return { value: await use(index) };
  } finally {
    disposeIndex(index);
  }
}

/**
 * In the caller's transaction, after a sheet's answers were rewritten (an edit): its old keys must leave the
 * persisted bitmaps and its new ones enter. SEAM (issue 54, lead): nothing is persisted yet; the index helper fills it.
 */
export async function sheetAnswersChanged(_query: Query, _projectId: number, _sheetId: number): Promise<void> {}

/** 清空数据, in the caller's transaction: the index goes with the sheets. SEAM (issue 54, lead): the index helper fills it. */
export async function dropSheetIndex(_query: Query, _projectId: number): Promise<void> {}

/**
 * Bring a project's index (and the report's rollup) up to its newest sheet now: what the background job does for
 * one project, callable by a bench or a test that must not wait for the job's next round.
 * SEAM (issue 54, lead): nothing is persisted yet; the index helper fills it.
 */
export async function catchUpSheetIndex(_database: Db, _projectId: number): Promise<void> {}
