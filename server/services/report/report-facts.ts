import { isScored } from '../../../schemas/scoring';
import { isMultipleSubject, subjectEntry, type TSubject } from '../../../schemas/subjects/registry';
import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';
import type { Query } from '../../db/client';
import { Params, type SheetWhere } from './report-filter';

/**
 * What a report knows of a set of sheets, as counts only, so the facts of two sets add up and one sheet's
 * facts can be taken away again (report-rollup.ts keeps a project's facts up to a watermark this way).
 * Every statistic of the report (means, deviations, buckets, NPS, positions, correct rates) is derived from
 * these counts in report.service.ts.
 */
export interface Facts {
  /** Sheets in the set. */
  sheets: number;
  /** option_keys id → times chosen (the sheets' choice_options). */
  options: Record<string, number>;
  /** `kind:subject` → value → sheets; kinds: n number answer, e evaluation stars, a answered (value 0), x exam score, f exam full marks (value 0). */
  values: Record<string, Record<string, number>>;
  /** ranking `subject\u0001option` → position → sheets. */
  ranks: Record<string, Record<string, number>>;
  /** constant sum `subject\u0001item` → amount → sheets (an item left out counts as 0). */
  sums: Record<string, Record<string, number>>;
  /** matrix multiple `subject\u0001row` → sheets that ticked a column in the row. */
  rows: Record<string, number>;
}

export const emptyFacts = (): Facts => ({ sheets: 0, options: {}, values: {}, ranks: {}, sums: {}, rows: {} });

/** Which subjects feed which facts. */
export interface FactPlan {
  choices: boolean;
  /** Number answers read as numbers (scale, NPS, rating, number, slider). */
  numbers: TSubject[];
  /** Evaluation subjects: the star score of the answer. */
  evaluations: TSubject[];
  /**
   * Subjects whose answering sheets are counted: matrices, and text subjects (their 'a' key in the filter index lets
   * a filtered text list read only the sheets that answered, not every sheet of the set: issue 54).
   */
  answered: TSubject[];
  ranking: TSubject[];
  sums: TSubject[];
  /** Scored subjects of an exam. */
  exam: TSubject[];
}

const kind = (s: TSubject) => subjectEntry(s.subjectType).reportKind;
/** Matrix multiple: its rows count the sheets that ticked a column in them. */
const rowCounted = (s: TSubject) => kind(s) === 'matrix' && isMultipleSubject(s);

export function factPlan(subjects: readonly TSubject[], exam: boolean): FactPlan {
  const of = (test: (s: TSubject) => boolean) => subjects.filter(test);
  return {
    choices: subjects.some((s) => kind(s) === 'choice' || kind(s) === 'matrix'),
    numbers: of((s) => kind(s) === 'number'),
    evaluations: of((s) => s.subjectType === SUBJECT_TYPE.evaluation),
    answered: of((s) => kind(s) === 'matrix' || kind(s) === 'text'),
    ranking: of((s) => kind(s) === 'ranking'),
    sums: of((s) => kind(s) === 'sum'),
    exam: exam ? of(isScored) : [],
  };
}

/** The plan as text: a rollup made for another plan is not reused. */
export const planShape = (plan: FactPlan): string =>
  JSON.stringify([
    plan.choices,
    ...(['numbers', 'evaluations', 'answered', 'ranking', 'sums', 'exam'] as const).map((k) => plan[k].map((s) => s.uuid)),
    plan.sums.map((s) => (s as unknown as { items: { uuid: string }[] }).items.map((i) => i.uuid)),
    plan.answered.filter(rowCounted).map((s) => (s as unknown as { rows: { uuid: string }[] }).rows.map((r) => r.uuid)),
  ]);

const add = (into: Record<string, number>, key: string, n: number) => {
  const next = (into[key] ?? 0) + n;
  if (next === 0) delete into[key];
  else into[key] = next;
};

/** a + sign × b, as a new object. */
export function addFacts(a: Facts, b: Facts, sign: 1 | -1 = 1): Facts {
  const out: Facts = structuredClone(a);
  out.sheets += sign * b.sheets;
  for (const [k, n] of Object.entries(b.options)) add(out.options, k, sign * n);
  for (const [k, n] of Object.entries(b.rows)) add(out.rows, k, sign * n);
  for (const field of ['values', 'ranks', 'sums'] as const) {
    for (const [k, m] of Object.entries(b[field])) {
      const target = (out[field][k] ??= {});
      for (const [v, n] of Object.entries(m)) add(target, v, sign * n);
      if (!Object.keys(target).length) delete out[field][k];
    }
  }
  return out;
}

const num = (v: unknown) => Number(v ?? 0);
const nest = (into: Record<string, Record<string, number>>, key: string, value: unknown, n: unknown) => {
  (into[key] ??= {})[String(Number(value))] = num(n);
};

/**
 * How to read a large set. PGlite runs one statement over the set selected once (`WITH f AS MATERIALIZED`);
 * PostgreSQL runs the values and the choices as two statements, which its parallel workers can share (a
 * materialised set is read by one process only: 2.4× the bare SQL at 1M sheets against ~1.7× split).
 */
export type FactStyle = 'one' | 'split';

/**
 * How each fact row aggregates its sheets: `count` for the report's facts, `ids` (the sheet ids, ascending) for
 * the filter index (sheet-index/), so both read the same facts the same way.
 */
export type FactAggregate = 'count' | 'ids';

/** One fact of a set of sheets: kind t ('s' sheets, 'c' option id k, values' kinds, 'r' rank, 'u' sum, 'm' matrix row), key k, value v. */
export interface FactRow<N> {
  t: string;
  k: string;
  v: number;
  n: N;
}

/** A fact row read without its kind (the ranking, constant-sum and matrix-row statements; the kind is added after). */
type KeyedRow<N> = Omit<FactRow<N>, 't'>;

/**
 * The fact rows of the sheets `set` selects: one pass over the sheets, one over their choices, and one per
 * ranking / constant-sum / matrix-row group. With `ids` every row carries its sheet ids instead of their count.
 */
export async function collectFactRows<A extends FactAggregate>(
  query: Query,
  set: SheetWhere,
  plan: FactPlan,
  style: FactStyle,
  aggregate: A,
): Promise<FactRow<A extends 'count' ? string : number[]>[]> {
  type Row = FactRow<A extends 'count' ? string : number[]>;
  const agg = (id: string) => (aggregate === 'count' ? 'count(*)' : `array_agg(${id} ORDER BY ${id})`);
  const keys: [string, string][] = [['s', '']];
  for (const s of plan.numbers) keys.push(['n', s.uuid]);
  for (const s of plan.evaluations) keys.push(['e', s.uuid]);
  for (const s of plan.answered) keys.push(['a', s.uuid]);
  for (const s of plan.exam) keys.push(['x', s.uuid], ['f', s.uuid]);
  const p = new Params(set.params.values);
  const score = `(a.result -> 'score' -> 'subjects' -> u.k)`;
  // A sheet's chosen options are on its own row (migration 0098), one element each.
  const join = (from: string) => `CROSS JOIN LATERAL unnest(${from}.choice_options) AS c(option_id)`;
  const chosen = plan.choices && style === 'one' ? `UNION ALL SELECT 'c', c.option_id::text, 0, ${agg('f.id')} FROM f ${join('f')} GROUP BY c.option_id` : '';
  const values = `SELECT x.t, x.k, x.v, ${agg('a.id')} AS n FROM ${style === 'one' ? 'f a' : 'answer_sheets a'}
     CROSS JOIN LATERAL (SELECT u.t, u.k, CASE u.t
         WHEN 's' THEN 0::float8
         WHEN 'n' THEN CASE WHEN jsonb_typeof(a.answers -> u.k) = 'number' THEN (a.answers ->> u.k)::float8 END
         WHEN 'e' THEN (jsonb_path_query_first(a.answers -> u.k, '$[*] ? (@.evaluateType == 1).score') #>> '{}')::float8
         WHEN 'a' THEN CASE WHEN a.answers ? u.k THEN 0::float8 END
         WHEN 'x' THEN CASE WHEN jsonb_typeof(${score}) = 'object' THEN (${score} ->> 'score')::float8 END
         WHEN 'f' THEN CASE WHEN jsonb_typeof(${score}) = 'object' AND (${score} ->> 'score')::float8 >= (${score} ->> 'max')::float8 THEN 0::float8 END
       END AS v
       FROM unnest(${p.add(keys.map((k) => k[0]))}::text[], ${p.add(keys.map((k) => k[1]))}::text[]) AS u(t, k)) x
     WHERE x.v IS NOT NULL${style === 'one' ? '' : ` AND ${set.where}`} GROUP BY 1, 2, 3`;
  const rows = await query<Row>(
    style === 'one'
      ? `WITH f AS MATERIALIZED (SELECT a.id, a.answers, a.result${plan.choices ? ', a.choice_options' : ''} FROM answer_sheets a WHERE ${set.where}) ${values} ${chosen}`
      : values,
    p.values,
  );
  if (plan.choices && style === 'split') {
    rows.push(
      ...(await query<Row>(
        `SELECT 'c' AS t, c.option_id::text AS k, 0 AS v, ${agg('a.id')} AS n FROM answer_sheets a ${join('a')} WHERE ${set.where} GROUP BY c.option_id`,
        set.params.values,
      )),
    );
  }
  if (!rows.some((r) => r.t === 's')) return rows;

  if (plan.ranking.length) {
    const q = new Params(set.params.values);
    const ranked = await query<KeyedRow<Row['n']>>(
      `SELECT x.k || chr(1) || e.o AS k, e.pos AS v, ${agg('a.id')} AS n FROM answer_sheets a
       CROSS JOIN LATERAL unnest(${q.add(plan.ranking.map((s) => s.uuid))}::text[]) AS x(k)
       CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(a.answers -> x.k -> 'optionIds') = 'array' THEN a.answers -> x.k -> 'optionIds' END)
         WITH ORDINALITY AS e(o, pos)
       WHERE ${set.where} GROUP BY 1, 2`,
      q.values,
    );
    for (const r of ranked) rows.push({ t: 'r', ...r });
  }
  const pairs = plan.sums.flatMap((s) => (s as unknown as { items: { uuid: string }[] }).items.map((i) => [s.uuid, i.uuid] as const));
  if (pairs.length) {
    const q = new Params(set.params.values);
    const summed = await query<KeyedRow<Row['n']>>(
      `SELECT x.k || chr(1) || x.item AS k, x.v, ${agg('a.id')} AS n FROM answer_sheets a
       CROSS JOIN LATERAL (
         SELECT k.k, k.item, CASE WHEN jsonb_typeof(a.answers -> k.k -> k.item) = 'number' THEN (a.answers -> k.k ->> k.item)::float8 ELSE 0 END AS v
         FROM unnest(${q.add(pairs.map((x) => x[0]))}::text[], ${q.add(pairs.map((x) => x[1]))}::text[]) AS k(k, item)
         WHERE jsonb_typeof(a.answers -> k.k) = 'object') x
       WHERE ${set.where} GROUP BY 1, 2`,
      q.values,
    );
    for (const r of summed) rows.push({ t: 'u', ...r });
  }
  const matrixRows = plan.answered.filter(rowCounted).flatMap((s) => (s as unknown as { rows: { uuid: string }[] }).rows.map((r) => [s.uuid, r.uuid] as const));
  if (matrixRows.length) {
    const q = new Params(set.params.values);
    const ticked = await query<Omit<KeyedRow<Row['n']>, 'v'>>(
      `SELECT x.k || chr(1) || x.r AS k, ${agg('a.id')} AS n FROM answer_sheets a
       CROSS JOIN LATERAL unnest(${q.add(matrixRows.map((x) => x[0]))}::text[], ${q.add(matrixRows.map((x) => x[1]))}::text[]) AS x(k, r)
       WHERE ${set.where} AND jsonb_array_length(CASE WHEN jsonb_typeof(a.answers -> x.k -> x.r) = 'array' THEN a.answers -> x.k -> x.r END) > 0
       GROUP BY 1`,
      q.values,
    );
    for (const r of ticked) rows.push({ t: 'm', k: r.k, v: 0, n: r.n });
  }
  return rows;
}

/** The facts of the sheets `set` selects (collectFactRows' counts, gathered). */
export async function collectFacts(query: Query, set: SheetWhere, plan: FactPlan, style: FactStyle = 'one'): Promise<Facts> {
  return factsFromRows(await collectFactRows(query, set, plan, style, 'count'), (n) => num(n));
}

/** Gather fact rows into Facts; `size` turns a row's aggregate into its number of sheets. */
export function factsFromRows<N>(rows: readonly FactRow<N>[], size: (n: N) => number): Facts {
  const facts = emptyFacts();
  for (const r of rows) {
    const n = size(r.n);
    if (r.t === 's') facts.sheets = n;
    else if (r.t === 'c') facts.options[r.k] = n;
    else if (r.t === 'r') nest(facts.ranks, r.k, r.v, n);
    else if (r.t === 'u') nest(facts.sums, r.k, r.v, n);
    else if (r.t === 'm') facts.rows[r.k] = n;
    else nest(facts.values, `${r.t}:${r.k}`, r.v, n);
  }
  return facts;
}

/** value → count pairs of one values / sums / ranks entry. */
export const pairsOf = (m: Record<string, number> | undefined): [number, number][] => Object.entries(m ?? {}).map(([v, n]) => [Number(v), n]);
