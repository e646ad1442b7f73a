import type { Database, Query } from '../../../db/client';
import { col, defineSql } from '../../../db/sql';
import type { IndexHeadRow } from './index-rows';
import { planShape, type FactPlan } from '../report-facts';
import { setRollupTail } from '../report-rollup';
import { collectIndexIds, readFlags } from './build-from-sql';
import { acquireIndex, releaseIndex, setIndexMemoryBound, type CachedIndex } from './index-cache';
import { catchUpProject, INDEX_LOCK } from './index-job';
import { indexHeadSql, moveSheetKeys } from './index-segments';
import { wantSheetIndex } from './index-wanted';
import { noteExtended } from './bitmap-mirror';
import { RoaringBitmap32, type SheetIndex } from './sheet-index';

type Db = Pick<Database, 'query' | 'transaction' | 'engine'>;

/** Sheets past the stored watermark a use reads from SQL itself (REPORT_INDEX_TAIL); more: null (still building). */
let tailLimit = 1000;

/** server/app.ts sets these from REPORT_INDEX_MEMORY_MB and REPORT_INDEX_TAIL. */
export function configureSheetIndex(options: { memoryMb?: number; tail?: number }): void {
  if (options.memoryMb !== undefined) setIndexMemoryBound(options.memoryMb);
  if (options.tail !== undefined) {
    tailLimit = options.tail;
    setRollupTail(options.tail);
  }
}

const tailCountSql = defineSql(
  'report-index.tailCount',
  { n: col.int },
  'SELECT count(*)::int AS n FROM (SELECT 1 FROM answer_sheets WHERE project_id = $1 AND id > $2 LIMIT $3) s',
);
/**
 * Run `use` with the project's filter index for `plan`, or answer null while the index is being built (the
 * report then answers from SQL with a counting note). The loader owns the index: `use` must not keep or dispose
 * it past its promise.
 *
 * One cheap SELECT of the head per use: the cached bitmaps (index-cache.ts) are reused while its version is
 * unchanged, else loaded again. The sheets past the stored watermark (a few, while the job keeps up) are read from
 * SQL and added to copies of the keys they touch, with the flags, in one repeatable-read snapshot (PostgreSQL), so
 * the tail and the flags agree. A project never asked before gets a head (the job builds its index); a small one is
 * served from its tail alone meanwhile.
 */
export async function withSheetIndex<T>(
  database: Db,
  projectId: number,
  plan: FactPlan,
  use: (index: SheetIndex) => T | Promise<T>,
): Promise<{ value: T } | null> {
  const shape = planShape(plan);
  const [head] = await indexHeadSql.run(database.query, [projectId]);
  const wanted = !head || head.shape !== shape;
  if (wanted) await wantSheetIndex(database.query, projectId, shape, head ?? null);
  let entry: CachedIndex | null = null;
  if (head && head.shape === shape && head.watermark > 0) entry = await acquireIndex(database.query, projectId, head.version);
  const base = entry && entry.shape === shape ? entry : null;
  try {
    const watermark = base?.watermark ?? 0;
    const read = await database.transaction(async (query) => {
      if (database.engine === 'postgres') await query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      const [count] = await tailCountSql.run(query, [projectId, watermark, tailLimit + 1]);
      if ((count?.n ?? 0) > tailLimit) return null;
      const tail = count?.n ? await collectIndexIds(query, projectId, plan, watermark) : new Map<string, number[]>();
      return { tail, flags: await readFlags(query, projectId) };
    });
    if (!read) {
      // Asked above already when the head was missing or for another plan; else the runner is told to look now.
      if (!wanted) await wantSheetIndex(database.query, projectId, shape, head);
      return null;
    }
    const bitmaps = new Map(base?.bitmaps ?? []);
    const owned: RoaringBitmap32[] = [read.flags.bin, read.flags.suspect];
    let top = watermark;
    for (const [key, ids] of read.tail) {
      const stored = bitmaps.get(key) ?? null;
      const bits = stored?.clone() ?? new RoaringBitmap32();
      bits.addMany(ids);
      // Its counting copy is the stored one's plus these ids (bitmap-mirror.ts): a tail does not copy every key again.
      noteExtended(bits, stored, ids);
      bitmaps.set(key, bits);
      owned.push(bits);
      top = Math.max(top, ids[ids.length - 1] ?? 0);
    }
    const index: SheetIndex = { projectId, shape, watermark: top, version: base?.version ?? 0, bitmaps, ...read.flags };
    try {
      return { value: await use(index) };
    } finally {
      for (const bits of owned) bits.dispose();
    }
  } finally {
    if (entry) releaseIndex(entry);
  }
}

/**
 * In the caller's transaction, after a sheet's answers were rewritten (an edit): a sheet at or below the stored
 * watermark leaves its old keys' bitmaps and enters its new keys' (in its segment only), and the version moves,
 * under INDEX_LOCK (a job batch in flight finishes first; a later one sees the edit). A sheet past the watermark
 * needs nothing: the job or a use's tail reads its answers as they are.
 */
export async function sheetAnswersChanged(query: Query, projectId: number, sheetId: number, plan: FactPlan): Promise<void> {
  // Locked before the head is read: a batch that has not committed its head or watermark yet finishes first.
  await query('SELECT pg_advisory_xact_lock($1, $2)', [INDEX_LOCK, projectId]);
  const [locked] = await query<Pick<IndexHeadRow, 'shape' | 'watermark'>>('SELECT shape, watermark FROM sheet_index_heads WHERE project_id = $1', [projectId]);
  if (!locked || sheetId > locked.watermark) return;
  // A head made for another plan is rebuilt whole by the job; nothing to mend here.
  if (planShape(plan) !== locked.shape) return;
  const keys = new Set((await collectIndexIds(query, projectId, plan, sheetId - 1, sheetId)).keys());
  await moveSheetKeys(query, projectId, sheetId, keys);
  await query('UPDATE sheet_index_heads SET version = version + 1, updated_at = now() WHERE project_id = $1', [projectId]);
}

/**
 * 清空数据, in the caller's transaction: the stored bitmaps go with the sheets. The head stays, watermark 0 and
 * version bumped, so a process holding the old bitmaps sees them stale.
 */
export async function dropSheetIndex(query: Query, projectId: number): Promise<void> {
  await query('SELECT pg_advisory_xact_lock($1, $2)', [INDEX_LOCK, projectId]);
  await query('DELETE FROM sheet_index_bitmaps WHERE project_id = $1', [projectId]);
  await query('UPDATE sheet_index_heads SET watermark = 0, version = version + 1, updated_at = now() WHERE project_id = $1', [projectId]);
}

/**
 * Bring a project's index (and the report's rollup) up to its newest sheet now: what the background job does for
 * one project, callable by a bench or a test that must not wait for the job's next round.
 */
export async function catchUpSheetIndex(database: Db, projectId: number): Promise<void> {
  await catchUpProject(database, projectId);
}
