import type { TRankStat, TSumStat } from '../../schemas/api/report';
import type { TSubject } from '../../schemas/subjects/registry';
import type { Query } from '../db/client';
import { Params } from './report-filter';

/**
 * Statistics of ranking, constant-sum and matrix subjects that the per-option counters cannot give (positions,
 * allotted amounts, row respondents): SQL aggregates over the jsonb answers of the report's sheet set, one
 * statement per kind for all its subjects.
 */

/** The report's sheet set: a WHERE over `answer_sheets a` and its parameters. */
export interface SheetWhere {
  where: string;
  params: Params;
}

type Labelled = { uuid: string; title: string };

const num = (v: unknown) => Number(v ?? 0);
export const round = (x: number | null, digits = 2) => (x === null ? null : Math.round(x * 10 ** digits) / 10 ** digits);

/** Sample standard deviation from (value, count) pairs; null under two values. */
export function sampleSd(pairs: Iterable<[value: number, count: number]>): number | null {
  let n = 0;
  let sum = 0;
  const list = [...pairs];
  for (const [v, c] of list) {
    n += c;
    sum += v * c;
  }
  if (n < 2) return null;
  const mean = sum / n;
  const squares = list.reduce((t, [v, c]) => t + c * (v - mean) ** 2, 0);
  return Math.sqrt(squares / (n - 1));
}

/** Ranking: (subject, option) → position → sheets. */
export async function rankingPositions(query: Query, set: SheetWhere, subjects: TSubject[]): Promise<Map<string, Map<number, number>>> {
  const out = new Map<string, Map<number, number>>();
  if (!subjects.length) return out;
  const p = new Params(set.params.values);
  const rows = await query<{ k: string; o: string; pos: string; n: string }>(
    `SELECT x.k, e.o, e.pos, count(*) AS n FROM answer_sheets a
     CROSS JOIN LATERAL unnest(${p.add(subjects.map((s) => s.uuid))}::text[]) AS x(k)
     CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(a.answers -> x.k -> 'optionIds') = 'array' THEN a.answers -> x.k -> 'optionIds' END)
       WITH ORDINALITY AS e(o, pos)
     WHERE ${set.where} GROUP BY 1, 2, 3`,
    p.values,
  );
  for (const r of rows) {
    const key = `${r.k}\u0001${r.o}`;
    const m = out.get(key) ?? new Map<number, number>();
    m.set(num(r.pos), num(r.n));
    out.set(key, m);
  }
  return out;
}

/** One ranking subject's options sorted by average position (never placed last, then in option order). */
export function rankStats(subject: TSubject, positions: Map<string, Map<number, number>>): { stats: TRankStat[]; answered: number } {
  const options = (subject as unknown as { options: Labelled[] }).options;
  let answered = 0;
  const stats = options.map((o) => {
    const at = positions.get(`${subject.uuid}\u0001${o.uuid}`) ?? new Map<number, number>();
    answered += at.get(1) ?? 0;
    const list = Array.from({ length: options.length }, (_, i) => at.get(i + 1) ?? 0);
    const count = list.reduce((a, b) => a + b, 0);
    const weighted = list.reduce((t, c, i) => t + c * (i + 1), 0);
    return { uuid: o.uuid, title: o.title, count, avgPosition: count ? round(weighted / count) : null, positions: list };
  });
  const order = new Map(options.map((o, i) => [o.uuid, i]));
  stats.sort((a, b) => (a.avgPosition ?? Infinity) - (b.avgPosition ?? Infinity) || order.get(a.uuid)! - order.get(b.uuid)!);
  return { stats, answered };
}

/** Constant sum: per (subject, item) the answering sheets and the mean / min / max allotted (left out = 0). */
export async function sumFacts(query: Query, set: SheetWhere, subjects: TSubject[]): Promise<Map<string, { n: number; avg: number; min: number; max: number }>> {
  const out = new Map<string, { n: number; avg: number; min: number; max: number }>();
  const pairs = subjects.flatMap((s) => (s as unknown as { items: Labelled[] }).items.map((i) => [s.uuid, i.uuid] as const));
  if (!pairs.length) return out;
  const p = new Params(set.params.values);
  const rows = await query<{ k: string; item: string; n: string; avg: number; min: number; max: number }>(
    `SELECT x.k, x.item, count(*) AS n, avg(x.v) AS avg, min(x.v) AS min, max(x.v) AS max FROM answer_sheets a
     CROSS JOIN LATERAL (
       SELECT k.k, k.item, CASE WHEN jsonb_typeof(a.answers -> k.k -> k.item) = 'number' THEN (a.answers -> k.k ->> k.item)::float8 ELSE 0 END AS v
       FROM unnest(${p.add(pairs.map((x) => x[0]))}::text[], ${p.add(pairs.map((x) => x[1]))}::text[]) AS k(k, item)
       WHERE jsonb_typeof(a.answers -> k.k) = 'object') x
     WHERE ${set.where} GROUP BY 1, 2`,
    p.values,
  );
  for (const r of rows) out.set(`${r.k}\u0001${r.item}`, { n: num(r.n), avg: Number(r.avg), min: Number(r.min), max: Number(r.max) });
  return out;
}

export function sumStats(subject: TSubject, facts: Map<string, { n: number; avg: number; min: number; max: number }>): { stats: TSumStat[]; answered: number; total: number } {
  const { items, total } = subject as unknown as { items: Labelled[]; total: number };
  let answered = 0;
  const stats = items.map((i) => {
    const f = facts.get(`${subject.uuid}\u0001${i.uuid}`);
    answered = Math.max(answered, f?.n ?? 0);
    const avg = f ? round(f.avg)! : 0;
    return { uuid: i.uuid, title: i.title, avg, min: f?.min ?? 0, max: f?.max ?? 0, share: f ? round((f.avg / total) * 100)! : 0 };
  });
  return { stats, answered, total };
}

/**
 * Sheets that answered each subject and, for matrix multiple, each row (a row counts once it has a column):
 * key `subject` and `subject\u0001row`.
 */
export async function answeredCounts(query: Query, set: SheetWhere, subjects: TSubject[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!subjects.length) return out;
  const p = new Params(set.params.values);
  const keys = p.add(subjects.map((s) => s.uuid));
  const whole = await query<{ k: string; n: string }>(
    `SELECT x.k, count(*) AS n FROM answer_sheets a CROSS JOIN LATERAL unnest(${keys}::text[]) AS x(k)
     WHERE ${set.where} AND a.answers ? x.k GROUP BY 1`,
    p.values,
  );
  for (const r of whole) out.set(r.k, num(r.n));
  const multiple = subjects.filter((s) => s.subjectType === 12);
  const pairs = multiple.flatMap((s) => (s as unknown as { rows: Labelled[] }).rows.map((r) => [s.uuid, r.uuid] as const));
  if (pairs.length) {
    const q = new Params(set.params.values);
    const rows = await query<{ k: string; r: string; n: string }>(
      `SELECT x.k, x.r, count(*) AS n FROM answer_sheets a
       CROSS JOIN LATERAL unnest(${q.add(pairs.map((x) => x[0]))}::text[], ${q.add(pairs.map((x) => x[1]))}::text[]) AS x(k, r)
       WHERE ${set.where} AND jsonb_array_length(CASE WHEN jsonb_typeof(a.answers -> x.k -> x.r) = 'array' THEN a.answers -> x.k -> x.r END) > 0
       GROUP BY 1, 2`,
      q.values,
    );
    for (const r of rows) out.set(`${r.k}\u0001${r.r}`, num(r.n));
  }
  return out;
}
