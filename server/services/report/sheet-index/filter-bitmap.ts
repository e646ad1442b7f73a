import type { TAnswerCondition, TReportFilter } from '../../../../schemas/api/report';
import type { Database, Query } from '../../../db/client';
import { col, defineSql } from '../../../db/sql';
import type { FactPlan } from '../report-facts';
import { Params, compileFilter } from '../report-filter';
import { factKey, parseFactKey, sourceKey } from './index-keys';
import { withSheetIndex } from './index-store';
import { allSheets, bitmapOf, RoaringBitmap32, type SheetIndex } from './sheet-index';

/**
 * The report's filter (schemas/api/report.ts TReportFilter) as a bitmap over the filter index (issue 54 item 1),
 * selecting exactly the sheets report-filter.ts's compileFilter selects. What the index does not hold is read from
 * SQL first, as sheet ids: the time range, the selected sheets and the search (one statement, compiled by
 * compileFilter itself, so its meaning cannot drift), the few sheets of a status other than valid or bin, and the
 * options' ids. A number condition on a subject the index has no values for makes the whole filter answer from SQL
 * (resolveFilter gives null): a report is never half from the index and half from SQL.
 */

/** Sheet ids gathered by one statement (array_agg: null when none). */
type IdList = { ids: number[] | null };

type Condition = { op: 'chose' | 'notChose'; option: number | null } | { op: 'greater' | 'less' | 'equals'; subject: string; value: number };

/** A filter with its SQL parts already read: what filterBitmap needs besides the index. */
export interface ResolvedFilter {
  scope: 'valid' | 'bin' | 'all';
  /** Sheets whose status is neither 1 nor 0 (the index's bin holds every status <> 1; scope bin is status 0). */
  otherStatus: number[];
  /** Sheets in the time range, among the selected sheets and matching the search; null when none of those is set. */
  sqlIds: number[] | null;
  sources: readonly string[] | null;
  suspect: 'all' | 'exclude' | 'only';
  conditions: Condition[];
  match: 'all' | 'any';
}

const optionIdsSql = defineSql(
  'filter-bitmap.optionIds',
  { id: col.int, subject_uuid: col.text, option_uuid: col.text },
  `SELECT id, subject_uuid, option_uuid FROM option_keys WHERE project_id = $1 AND subject_uuid = ANY($2::text[]) AND option_uuid = ANY($3::text[])`,
);
// status <> 1 so the partial index answer_sheets_not_valid_idx (migration 0095) reads only the bin.
const OTHER_STATUS_SQL = `SELECT array_agg(id ORDER BY id) AS ids FROM answer_sheets WHERE project_id = $1 AND status <> 1 AND status <> 0`;

/** The sheet ids the SQL-only parts of the filter select (time range, selected sheets, search), or null if it has none. */
async function sqlOnlyIds(query: Query, projectId: number, filter: TReportFilter): Promise<number[] | null> {
  if (!filter.from && !filter.to && !filter.sheetIds && !filter.search) return null;
  const p = new Params();
  const where = await compileFilter(
    query,
    projectId,
    { from: filter.from, to: filter.to, sheetIds: filter.sheetIds, search: filter.search, scope: 'all', suspect: 'all', conditions: [], match: 'all' },
    p,
  );
  const [row] = await query<IdList>(`SELECT array_agg(a.id ORDER BY a.id) AS ids FROM answer_sheets a WHERE ${where}`, p.values);
  return row?.ids ?? [];
}

/** Number subjects whose every value the index holds ('n' keys): the plan's number subjects. */
const indexedNumbers = (plan: FactPlan) => new Set(plan.numbers.map((s) => s.uuid));

/**
 * Read the filter's SQL parts. Null when the index cannot answer it (a number condition on a subject without
 * value keys): the caller answers the whole report from SQL.
 */
export async function resolveFilter(query: Query, projectId: number, filter: TReportFilter | undefined, plan: FactPlan): Promise<ResolvedFilter | null> {
  const scope = filter?.scope ?? 'valid';
  const numbers = indexedNumbers(plan);
  const conditions = filter?.conditions ?? [];
  if (conditions.some((c) => (c.op === 'greater' || c.op === 'less' || c.op === 'equals') && !numbers.has(c.subject))) return null;
  const chosen = conditions.flatMap((c) => (c.op === 'chose' || c.op === 'notChose' ? [c] : []));
  const ids = new Map<string, number>();
  if (chosen.length) {
    const rows = await optionIdsSql.run(query, [projectId, chosen.map((c) => c.subject), chosen.map((c) => c.option)]);
    for (const r of rows) ids.set(`${r.subject_uuid}\u0001${r.option_uuid}`, r.id);
  }
  const other = scope === 'bin' ? (await query<IdList>(OTHER_STATUS_SQL, [projectId]))[0]?.ids : null;
  return {
    scope,
    otherStatus: other ?? [],
    sqlIds: filter ? await sqlOnlyIds(query, projectId, filter) : null,
    sources: filter?.sources?.length ? filter.sources : null,
    suspect: filter?.suspect ?? 'all',
    conditions: conditions.map((c: TAnswerCondition): Condition =>
      c.op === 'chose' || c.op === 'notChose' ? { op: c.op, option: ids.get(`${c.subject}\u0001${c.option}`) ?? null } : c,
    ),
    match: filter?.match ?? 'all',
  };
}

const satisfies = (c: Extract<Condition, { subject: string }>, v: number) => (c.op === 'greater' ? v > c.value : c.op === 'less' ? v < c.value : v === c.value);

/** One condition's sheets, as a new bitmap. */
function conditionBitmap(index: SheetIndex, c: Condition): RoaringBitmap32 {
  if ('option' in c) {
    // An option nobody ever chose has no id (compileFilter: the EXISTS is false).
    const chose = c.option === null ? new RoaringBitmap32() : bitmapOf(index, factKey('c', String(c.option), 0)).clone();
    if (c.op === 'chose') return chose;
    const out = allSheets(index).clone();
    out.andNotInPlace(chose);
    chose.dispose();
    return out;
  }
  // The union of the subject's value keys that satisfy the comparison (a sheet holds at most one value per subject).
  const out = new RoaringBitmap32();
  for (const [key, bits] of index.bitmaps) {
    const fact = parseFactKey(key);
    if (fact?.t === 'n' && fact.k === c.subject && satisfies(c, fact.v)) out.orInPlace(bits);
  }
  return out;
}

/** `into` ∧ `other`, disposing `other`. */
const andDispose = (into: RoaringBitmap32, other: RoaringBitmap32) => {
  into.andInPlace(other);
  other.dispose();
};

/** The sheets meeting the filter's conditions (all or any), a new bitmap; null when it has none. */
function conditionsBitmap(index: SheetIndex, f: ResolvedFilter): RoaringBitmap32 | null {
  let met: RoaringBitmap32 | null = null;
  for (const c of f.conditions) {
    const bits = conditionBitmap(index, c);
    if (!met) met = bits;
    else if (f.match === 'any') {
      met.orInPlace(bits);
      bits.dispose();
    } else andDispose(met, bits);
  }
  return met;
}

/**
 * The filter's sheets as a new bitmap (the caller disposes it). The conditions come first: every key's sheets are
 * among all the index's sheets, so their bitmap is the start and the scope only takes its bin away (roaring's AND
 * of two dense bitmaps is ~1.3 ms at a million sheets here; the bin is small).
 */
export function filterBitmap(index: SheetIndex, f: ResolvedFilter): RoaringBitmap32 {
  const set = conditionsBitmap(index, f) ?? allSheets(index).clone();
  if (f.scope === 'valid') set.andNotInPlace(index.bin);
  else if (f.scope === 'bin') {
    const bin = index.bin.clone();
    const other = RoaringBitmap32.from(f.otherStatus);
    bin.andNotInPlace(other);
    other.dispose();
    andDispose(set, bin);
  }
  if (f.sqlIds) andDispose(set, RoaringBitmap32.from(f.sqlIds));
  if (f.sources) {
    const from = new RoaringBitmap32();
    for (const s of f.sources) from.orInPlace(bitmapOf(index, sourceKey(s)));
    andDispose(set, from);
  }
  if (f.suspect === 'only') set.andInPlace(index.suspect);
  else if (f.suspect === 'exclude') set.andNotInPlace(index.suspect);
  return set;
}

type Db = Pick<Database, 'query' | 'transaction' | 'engine'>;

/**
 * Why a report answers from SQL: the index is still being built (the report says so with its counting note), or
 * the filter needs facts the index does not hold.
 */
export type NotIndexed = 'building' | 'unindexed';

/**
 * Run `use` with the index and the filter's sheets (both owned here: `use` must not keep them), or say why the
 * caller must answer from SQL instead.
 */
export async function withFilteredSheets<T>(
  database: Db,
  projectId: number,
  plan: FactPlan,
  filter: TReportFilter | undefined,
  use: (index: SheetIndex, set: RoaringBitmap32) => T | Promise<T>,
): Promise<{ value: T } | NotIndexed> {
  const resolved = await resolveFilter(database.query, projectId, filter, plan);
  if (!resolved) return 'unindexed';
  const answer = await withSheetIndex(database, projectId, plan, async (index) => {
    const set = filterBitmap(index, resolved);
    try {
      return await use(index, set);
    } finally {
      set.dispose();
    }
  });
  return answer ?? 'building';
}

/**
 * Per subject of `uuids`, the sheets of `set` that answered it: `set` ∧ its 'a' key (new bitmaps the caller
 * disposes). Only for subjects the index's plan counts as answered (report-facts' plan.answered): for those an
 * absent key means nobody answered.
 */
export function answeredWithin(index: SheetIndex, set: RoaringBitmap32, uuids: readonly string[]): Map<string, RoaringBitmap32> {
  return new Map(uuids.map((uuid) => [uuid, RoaringBitmap32.and(set, bitmapOf(index, factKey('a', uuid, 0)))]));
}

/**
 * The ids of `set`, newest (highest id) first, in batches growing from `first` to `most` ids: lists filtered by the
 * index read their rows by id a batch at a time (never one array of a million ids), and a rarely answered subject
 * still needs few round trips.
 */
export function* descendingBatches(set: RoaringBitmap32, first: number, most: number): Generator<number[]> {
  let size = first;
  for (let end = set.size; end > 0; end -= size, size = Math.min(size * 2, most)) {
    const batch: number[] = [];
    for (let i = end - 1; i >= Math.max(end - size, 0); i--) batch.push(set.at(i)!);
    yield batch;
  }
}
