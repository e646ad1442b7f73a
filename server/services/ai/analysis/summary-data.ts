// Issue 52 item 3: what the built-in analysis reads besides the report's own statement, each
// a bounded statement over the report's sheet set (valid sheets: status 1, as the unfiltered report counts them).
import type { Query } from '../../../db/client';
import { col, defineSql } from '../../../db/sql';

const sheetFactsSql = defineSql(
  'ai-analysis.sheetFacts',
  { n: col.bigint, suspect: col.bigint, first: col.timestamp.orNull(), last: col.timestamp.orNull() },
  `SELECT count(*) AS n, count(*) FILTER (WHERE suspect) AS suspect, min(created_at) AS first, max(created_at) AS last
     FROM answer_sheets WHERE project_id = $1 AND status = 1`,
);

/** Sheets holding an answer to each subject: one pass over the keys of each valid sheet's answers. */
const answeredSql = defineSql(
  'ai-analysis.answered',
  { k: col.text, n: col.bigint },
  `SELECT k.k, count(*) AS n FROM answer_sheets a CROSS JOIN LATERAL jsonb_object_keys(a.answers) AS k(k)
     WHERE a.project_id = $1 AND a.status = 1 GROUP BY k.k`,
);

const subjectKeysSql = defineSql(
  'ai-analysis.subjectKeys',
  { id: col.int, subject_uuid: col.text, option_uuid: col.text },
  'SELECT id, subject_uuid, option_uuid FROM option_keys WHERE project_id = $1 AND subject_uuid = ANY($2::text[])',
);

/**
 * Every cross-tab between a set of single-choice subjects in one pass: the options each valid sheet chose among
 * them (a sorted list of option ids), grouped by that list, so the pairs are counted from at most one row per sheet
 * (fewer when sheets answer alike) — the same counts as the report's cross-tab join (report.service.ts crossCounts),
 * for all pairs at once.
 */
const choiceSetsSql = defineSql(
  'ai-analysis.choiceSets',
  { options: col.intArray, n: col.bigint },
  `SELECT x.o AS options, count(*) AS n FROM (
       SELECT array_agg(c.option_id ORDER BY c.option_id) AS o FROM answer_sheets a
       CROSS JOIN LATERAL unnest(a.choice_subjects, a.choice_options) AS c(subject_id, option_id)
       WHERE a.project_id = $1 AND a.status = 1 AND c.subject_id = ANY($2::int[]) GROUP BY a.id) x
     GROUP BY x.o`,
);

export interface SheetFacts {
  sheets: number;
  suspect: number;
  first: Date | null;
  last: Date | null;
}

export async function sheetFacts(query: Query, projectId: number): Promise<SheetFacts> {
  const [row] = await sheetFactsSql.run(query, [projectId]);
  return { sheets: Number(row?.n ?? 0), suspect: Number(row?.suspect ?? 0), first: row?.first ?? null, last: row?.last ?? null };
}

/** Sheets that answered each subject (uuid → count; a subject nobody answered is absent). */
export async function answeredCounts(query: Query, projectId: number, uuids: readonly string[]): Promise<Map<string, number>> {
  if (!uuids.length) return new Map();
  const wanted = new Set(uuids);
  const rows = await answeredSql.run(query, [projectId]);
  return new Map(rows.filter((r) => wanted.has(r.k)).map((r) => [r.k, Number(r.n)]));
}

/** Pair key of two subject uuids in the order given. */
export const pairKey = (a: string, b: string) => `${a}\u0001${b}`;

/**
 * The cross-tab counts of every pair of `subjects` (uuids): pairKey(row, column) → `rowOption\u0001colOption` →
 * sheets, with the row the earlier subject of the list.
 */
export async function pairCounts(query: Query, projectId: number, subjects: readonly string[]): Promise<Map<string, Map<string, number>>> {
  const out = new Map<string, Map<string, number>>();
  if (subjects.length < 2) return out;
  const keys = await subjectKeysSql.run(query, [projectId, subjects]);
  const subjectIds = new Map(keys.filter((k) => k.option_uuid === '').map((k) => [k.id, k.subject_uuid]));
  const options = new Map(keys.map((k) => [k.id, k.option_uuid]));
  if (subjectIds.size < 2) return out;
  const subjectOf = new Map(keys.filter((k) => k.option_uuid !== '').map((k) => [k.id, k.subject_uuid]));
  const order = new Map(subjects.map((u, i) => [u, i]));
  const add = (a: number, b: number, n: number) => {
    const [sa, sb] = [subjectOf.get(a), subjectOf.get(b)];
    if (sa === undefined || sb === undefined || sa === sb) return;
    const [row, column, ra, cb] = order.get(sa)! < order.get(sb)! ? [sa, sb, a, b] : [sb, sa, b, a];
    const key = pairKey(row, column);
    const cells = out.get(key) ?? new Map<string, number>();
    const cell = `${options.get(ra)}\u0001${options.get(cb)}`;
    cells.set(cell, (cells.get(cell) ?? 0) + n);
    out.set(key, cells);
  };
  for (const set of await choiceSetsSql.run(query, [projectId, [...subjectIds.keys()]])) {
    const n = Number(set.n);
    for (let i = 0; i < set.options.length; i++) for (let j = i + 1; j < set.options.length; j++) add(set.options[i]!, set.options[j]!, n);
  }
  return out;
}
