import type { Query } from '../../../db/client';
import type { RowOf } from '../../../db/rows';
import type { answerSheets } from '../../../db/tables';
import { collectFactRows, type FactPlan } from '../report-facts';
import { Params } from '../report-filter';
import { factKey, sourceKey } from './index-keys';
import { RoaringBitmap32 } from './sheet-index';

/** Sheet ids per source (collectIndexIds) and the mutable flags' ids (readFlags), ascending. */
type SourceIds = Pick<RowOf<typeof answerSheets>, 'source'> & { ids: number[] };
type FlagIds = Record<'bin' | 'suspect', number[] | null>;

/**
 * The index's sheet ids of a project's sheets with ids in (after, upTo], any status, read from SQL by the same
 * fact rows the report counts (report-facts' collectFactRows with `ids`), plus each sheet's source. Fact key →
 * ascending ids.
 */
export async function collectIndexIds(query: Query, projectId: number, plan: FactPlan, after: number, upTo?: number): Promise<Map<string, number[]>> {
  const params = new Params([projectId, after]);
  const range = (id: string) => `${id} > $2${upTo === undefined ? '' : ` AND ${id} <= $3`}`;
  if (upTo !== undefined) params.add(upTo);
  const set = { where: `a.project_id = $1 AND ${range('a.id')}`, params };
  const out = new Map<string, number[]>();
  for (const row of await collectFactRows(query, set, plan, 'one', 'ids')) out.set(factKey(row.t, row.k, row.v), row.n);
  const sources = await query<SourceIds>(
    `SELECT a.source, array_agg(a.id ORDER BY a.id) AS ids FROM answer_sheets a WHERE ${set.where} GROUP BY a.source`,
    params.values,
  );
  for (const s of sources) out.set(sourceKey(s.source), s.ids);
  return out;
}

/** The mutable flags, read fresh through the partial indexes of migration 0095: sheets not valid, sheets suspect. */
export async function readFlags(query: Query, projectId: number): Promise<{ bin: RoaringBitmap32; suspect: RoaringBitmap32 }> {
  const [row] = await query<FlagIds>(
    `SELECT (SELECT array_agg(id ORDER BY id) FROM answer_sheets WHERE project_id = $1 AND status <> 1) AS bin,
            (SELECT array_agg(id ORDER BY id) FROM answer_sheets WHERE project_id = $1 AND suspect) AS suspect`,
    [projectId],
  );
  return { bin: RoaringBitmap32.from(row?.bin ?? []), suspect: RoaringBitmap32.from(row?.suspect ?? []) };
}

/** Fact key → bitmap, from collectIndexIds' ids. */
export function bitmapsOf(ids: ReadonlyMap<string, number[]>): Map<string, RoaringBitmap32> {
  const out = new Map<string, RoaringBitmap32>();
  for (const [key, list] of ids) out.set(key, RoaringBitmap32.from(list));
  return out;
}
