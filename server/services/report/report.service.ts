import { QUESTION_TYPE } from '../../../schemas/project-kinds';
import {
  isPlainFilter,
  type TCounting,
  type TCrossTab,
  type TOptionStat,
  type TReportFilter,
  type TScoreStatement,
  type TStatement,
  type TSubjectStat,
  type TTextAnswer,
} from '../../../schemas/api/report';
import { scoreSheet } from '../../../schemas/scoring';
import { answerFiles } from '../../../schemas/subjects/answer-files';
import { formatAnswer, isMultipleSubject, subjectEntry, type TSubject } from '../../../schemas/subjects/registry';
import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';
import type { Database, Query } from '../../db/client';
import { badInput, notFound } from '../errors';
import { answerCount } from '../answers/answer-store.service';
import type { AnswerSheetRow, ProjectRow } from '../../db/rows';
import { examStatsFromFacts, examSubjectStats } from './report-exam';
import { Params, compileFilter, type SheetWhere } from './report-filter';
import { rankStats, round, sampleSd, sumFactsOf, sumStats } from './report-subject-facts';
import { collectFacts, factPlan, pairsOf, type FactPlan, type Facts } from './report-facts';
import { moveInRollup, projectFacts } from './report-rollup';
import { type ReportVia } from './report-index';
import { answeredWithin, descendingBatches, withFilteredSheets } from './sheet-index/filter-bitmap';
import { factKey } from './sheet-index/index-keys';
import { bitmapOf, factsOf, type RoaringBitmap32 } from './sheet-index/sheet-index';
import { counterWithin } from './sheet-index/bitmap-mirror';
import { factsInSlices } from './sheet-index/facts-in-slices';
import { reportPlan, reportSubjects } from './report-subjects';
import { listSubjects } from '../projects/subjects.service';
import { col, defineSql } from '../../db/sql';
import { SUBMIT_SUSPECT_REASONS } from '../../../schemas/money/risk-rules';

/** Text answers listed on a card; word frequency reads at most the latest WORD_SAMPLE texts. */
export const TEXT_PREVIEW = 20;
export const WORD_SAMPLE = 500;

const pct = (n: number, base: number) => (base > 0 ? Math.round((n / base) * 10_000) / 100 : 0);
const num = (v: unknown) => Number(v ?? 0);
const iso = (d: Date | string) => new Date(d).toISOString();

type Labelled = { uuid: string; title: string };

/** The card a subject gets: its type's reportKind (only answerable subjects reach the report). */
const kindOf = (s: TSubject): TSubjectStat['kind'] => {
  const kind = subjectEntry(s.subjectType).reportKind;
  return kind === 'none' ? 'text' : kind;
};

/** The choosable parts of a choice subject, as choice_options names them (an evaluation: its labels). */
function choiceParts(s: TSubject): Labelled[] {
  if (s.subjectType === SUBJECT_TYPE.evaluation) return s.labels;
  return ((s as { options?: (Labelled & { hidden?: boolean })[] }).options ?? []).map((o) => ({ uuid: o.uuid, title: o.title }));
}

/** A matrix's columns; a matrix on a scale has a column per point. */
function matrixColumns(s: TSubject): Labelled[] {
  const points = subjectEntry(s.subjectType).points;
  if (points) return points(s).map((p) => ({ uuid: String(p.value), title: p.title }));
  return (s as { columns: Labelled[] }).columns;
}

interface SheetSet extends SheetWhere {
  projectId: number;
  filter: TReportFilter | undefined;
  filtered: boolean;
  /** The set's sheets from the filter index, when it answered: lists read their rows by these ids. */
  ids?: RoaringBitmap32;
  /** With `ids`, per text subject the set's sheets that answered it (answeredWithin): its list reads only these. */
  answered?: ReadonlyMap<string, RoaringBitmap32>;
}

async function sheetSet(query: Query, project: ProjectRow, filter: TReportFilter | undefined): Promise<SheetSet> {
  const params = new Params();
  const where = await compileFilter(query, project.id, filter, params);
  return { where, params, projectId: project.id, filter, filtered: !isPlainFilter(filter) };
}

type Db = Pick<Database, 'query' | 'transaction' | 'engine'>;

/** The plan's text subjects (their sheets that answered are in the index: report-facts' plan.answered). */
const textsOf = (plan: FactPlan) => plan.answered.filter((s) => subjectEntry(s.subjectType).reportKind === 'text').map((s) => s.uuid);

/** Dispose a set's index bitmaps (reportFacts' copies). */
function disposeIds(set: Pick<SheetSet, 'ids' | 'answered'>): void {
  set.ids?.dispose();
  for (const bits of set.answered?.values() ?? []) bits.dispose();
}

/**
 * The facts of the report's sheets: the rollup and its tail when unfiltered; when filtered, cardinalities of the
 * filter's bitmap in the filter index (with the set's ids, a copy the caller disposes), or while the index builds
 * one SQL pass over the set with the counting note (counted exactly, from SQL).
 */
async function reportFacts(
  database: Db,
  project: ProjectRow,
  set: SheetSet,
  plan: FactPlan,
  via: ReportVia,
): Promise<{ facts: Facts; total: number; counting?: TCounting } & Pick<SheetSet, 'ids' | 'answered'>> {
  if (set.filtered) {
    const indexed =
      via === 'sql'
        ? 'unindexed'
        : await withFilteredSheets(database, project.id, plan, set.filter, async (index, bits) => ({
            // PGlite serves every request on this one thread: count in slices so submits get turns (facts-in-slices.ts).
            facts: database.engine === 'pglite' ? await factsInSlices(index, bits) : factsOf(index, bits),
            ids: bits.clone(),
            answered: answeredWithin(index, bits, textsOf(plan)),
          }));
    if (typeof indexed === 'object') return { ...indexed.value, total: indexed.value.facts.sheets };
    const facts = await collectFacts(database.query, set, plan, database.engine === 'postgres' ? 'split' : 'one');
    return { facts, total: facts.sheets, ...(indexed === 'building' ? { counting: { counted: facts.sheets, total: facts.sheets } } : {}) };
  }
  const total = await answerCount(database.query, project.id);
  // While the job catches up (issue 54 item 2) the statistics are of the counted sheets; `counting` says how many of all.
  const { facts, counting } = await projectFacts(database, project.id, plan, total);
  return counting ? { facts, total: counting.counted, counting } : { facts, total };
}

const optionCountsSql = defineSql(
  'report.optionCounts',
  { id: col.int, subject_uuid: col.text, option_uuid: col.text },
  'SELECT id, subject_uuid, option_uuid FROM option_keys WHERE project_id = $1',
);

/** (subject uuid, option uuid) → count, from the facts' option ids. */
async function optionCounts(query: Query, project: ProjectRow, facts: Facts): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!Object.keys(facts.options).length) return out;
  const keys = await optionCountsSql.run(query, [project.id]);
  for (const k of keys) {
    const n = facts.options[k.id];
    if (n) out.set(`${k.subject_uuid}\u0001${k.option_uuid}`, n);
  }
  return out;
}

const optionStats = (parts: Labelled[], count: (uuid: string) => number, base?: number): { stats: TOptionStat[]; sum: number } => {
  const counts = parts.map((p) => count(p.uuid));
  const sum = counts.reduce((a, b) => a + b, 0);
  return { stats: parts.map((p, i) => ({ uuid: p.uuid, title: p.title, count: counts[i]!, percent: pct(counts[i]!, base ?? sum) })), sum };
};

interface NumberFact {
  n: number;
  avg: number | null;
  min: number | null;
  max: number | null;
  sum: number;
  sd: number | null;
}

/** A number subject's answers: value → sheets (an evaluation: its star score). */
const valueCounts = (s: TSubject, facts: Facts): Map<number, number> =>
  new Map(pairsOf(facts.values[`${s.subjectType === SUBJECT_TYPE.evaluation ? 'e' : 'n'}:${s.uuid}`]));

function numberFact(values: Map<number, number>): NumberFact {
  let n = 0;
  let sum = 0;
  let min: number | null = null;
  let max: number | null = null;
  for (const [v, c] of values) {
    n += c;
    sum += v * c;
    min = min === null ? v : Math.min(min, v);
    max = max === null ? v : Math.max(max, v);
  }
  return { n, sum, avg: n ? sum / n : null, min, max, sd: sampleSd(values) };
}

/** Ten equal buckets between the lowest and highest answer (as width_bucket, the highest in the last). */
function buckets(values: Map<number, number>, lo: number, hi: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const [v, c] of values) {
    const b = Math.min(Math.floor(((v - lo) * 10) / (hi - lo)) + 1, 10);
    out.set(b, (out.get(b) ?? 0) + c);
  }
  return out;
}

/** The newest answers to one subject (`key`, a text parameter) in a set of sheets. */
const latestTextsSql = defineSql(
  'report.latestTexts',
  { public_id: col.text, created_at: col.timestamp, v: col.json },
  (where: string, key: string, limit: string, offset: string) => `SELECT a.public_id, a.created_at, a.answers -> ${key}::text AS v FROM answer_sheets a
     WHERE ${where} AND a.answers ? ${key}::text ORDER BY a.id DESC LIMIT ${limit} OFFSET ${offset}`,
  [['a.project_id = $1', '$2', '$3', '$4']],
);
const answeredCount = defineSql(
  'report.answeredCount',
  { n: col.bigint },
  (where: string, key: string) => `SELECT count(*) AS n FROM answer_sheets a WHERE ${where} AND a.answers ? ${key}::text`,
  [['a.project_id = $1', '$2']],
);
/** Sheets choosing each (row option, column option) pair of two choice subjects (`r`, `c`: their subject ids). */
const crossCounts = defineSql(
  'report.crossCounts',
  { r: col.int, c: col.int, n: col.bigint },
  (where: string, r: string, c: string) => `SELECT r.option_id AS r, c.option_id AS c, count(*) AS n FROM answer_sheets a
       CROSS JOIN LATERAL unnest(a.choice_subjects, a.choice_options) AS r(subject_id, option_id)
       CROSS JOIN LATERAL unnest(a.choice_subjects, a.choice_options) AS c(subject_id, option_id)
       WHERE ${where} AND r.subject_id = ${r} AND c.subject_id = ${c}
       GROUP BY 1, 2`,
  [['a.project_id = $1', '$2', '$3']],
);

type TextRow = { public_id: string; created_at: Date; v: unknown };

/** First and largest batch of sheet ids a filtered text list reads at once. */
const TEXT_BATCH = { first: 1_000, most: 50_000 };

/**
 * The newest answers to one subject among the set's index ids: batches of ids, newest first, until the page is full.
 * With the set's sheets that answered the subject (the index's 'a' key) the first batch is as long as the page and
 * its offset, so each row read is one the page needs (at a million sheets a set's sheets are far apart: every id read
 * is a page of the table read); SQL still checks the answer, and a sheet gone meanwhile only means another batch.
 */
async function textsByIds(query: Query, set: SheetSet & { ids: RoaringBitmap32 }, subject: TSubject, limit: number, offset: number): Promise<TextRow[]> {
  const out: TextRow[] = [];
  let skip = offset;
  const answered = set.answered?.get(subject.uuid);
  const first = answered ? Math.min(Math.max(limit + offset, 1), TEXT_BATCH.most) : TEXT_BATCH.first;
  for (const batch of descendingBatches(answered ?? set.ids, first, TEXT_BATCH.most)) {
    const rows = await query<TextRow>(
      `SELECT a.public_id, a.created_at, a.answers -> $2::text AS v FROM answer_sheets a
       WHERE a.project_id = $1 AND a.id = ANY($3::int[]) AND a.answers ? $2::text ORDER BY a.id DESC`,
      [set.projectId, subject.uuid, batch],
    );
    for (const r of rows) {
      if (skip > 0) skip--;
      else if (out.push(r) === limit) return out;
    }
  }
  return out;
}

async function latestTexts(query: Query, set: SheetSet, subject: TSubject, limit: number, offset = 0): Promise<TTextAnswer[]> {
  const p = new Params(set.params.values);
  const key = p.add(subject.uuid);
  const limitAt = p.add(limit);
  const offsetAt = p.add(offset);
  const rows: TextRow[] = set.ids
    ? await textsByIds(query, { ...set, ids: set.ids }, subject, limit, offset)
    : await latestTextsSql.run(query, p.values, set.where, key, limitAt, offsetAt);
  const withFiles = subjectEntry(subject.subjectType).uploads;
  return rows
    .map((r) => ({
      sheetId: r.public_id,
      createTime: iso(r.created_at),
      text: formatAnswer(subject, r.v),
      ...(withFiles ? { files: answerFiles(subject.subjectType, r.v) } : {}),
    }))
    .filter((t) => t.text !== '');
}

const STOP_WORDS = new Set([
  '的',
  '了',
  '是',
  '在',
  '和',
  '也',
  '都',
  '就',
  '我',
  '你',
  '他',
  '她',
  '它',
  '我们',
  '你们',
  '他们',
  '这',
  '那',
  '这个',
  '那个',
  '一个',
  '没有',
  '有',
  '很',
  '还',
  '与',
  '及',
  '或',
  '但',
  '而',
  '吧',
  '吗',
  '呢',
  '啊',
  'the',
  'and',
  'a',
  'to',
  'of',
  'is',
  'in',
  'it',
]);

/** Word frequency over texts with Intl.Segmenter('zh-CN'): word-like segments, single characters and stop words left out. */
export function wordFrequency(texts: readonly string[], top = 50): { word: string; count: number }[] {
  const segmenter = new Intl.Segmenter('zh-CN', { granularity: 'word' });
  // Short answers repeat (无, 没有, 很好): each distinct text is segmented once, its words counted as often as it occurs.
  const times = new Map<string, number>();
  for (const text of texts) times.set(text, (times.get(text) ?? 0) + 1);
  const counts = new Map<string, number>();
  for (const [text, n] of times) {
    for (const seg of segmenter.segment(text)) {
      if (!seg.isWordLike) continue;
      const word = seg.segment.trim().toLowerCase();
      if ([...word].length < 2 || STOP_WORDS.has(word) || /^\d+$/.test(word)) continue;
      counts.set(word, (counts.get(word) ?? 0) + n);
    }
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, top)
    .map(([word, count]) => ({ word, count }));
}

const numberStat = (st: NumberFact) => ({ count: st.n, avg: round(st.avg), min: st.min, max: st.max, sum: round(st.sum) ?? 0, sd: round(st.sd) });

/** Bars of a number subject: a bar per point of a type with points, or ten equal buckets between the lowest and highest answer. */
function numberDistribution(s: TSubject, values: Map<number, number>, st: NumberFact): TOptionStat[] | undefined {
  const points = subjectEntry(s.subjectType).points;
  if (points) {
    return points(s).map(({ value, title }) => {
      const c = values.get(value) ?? 0;
      return { uuid: String(value), title, count: c, percent: pct(c, st.n) };
    });
  }
  if (!st.n || st.min === null || st.max === null) return undefined;
  if (st.max === st.min) return [{ uuid: '1', title: String(st.min), count: st.n, percent: 100 }];
  const counted = buckets(values, st.min, st.max);
  const width = (st.max - st.min) / 10;
  return Array.from({ length: 10 }, (_, i) => {
    const c = counted.get(i + 1) ?? 0;
    const from = round(st.min! + width * i)!;
    const to = round(i === 9 ? st.max! : st.min! + width * (i + 1))!;
    return { uuid: String(i + 1), title: `${from}~${to}`, count: c, percent: pct(c, st.n) };
  });
}

function npsOf(points: Map<number, number>, n: number): NonNullable<TSubjectStat['nps']> {
  const sumOf = (from: number, to: number) => [...points].filter(([v]) => v >= from && v <= to).reduce((t, [, c]) => t + c, 0);
  const promoters = sumOf(9, 10);
  const passives = sumOf(7, 8);
  const detractors = sumOf(0, 6);
  return { promoters, passives, detractors, count: n, score: n ? round(((promoters - detractors) / n) * 100, 1)! : 0 };
}

/** Matrix rows: cell counts from the counters; a multiple matrix's row base is the sheets that answered the row. */
function matrixRows(s: TSubject, count: (option: string) => number, rowAnswered: (key: string) => number): TSubjectStat['rows'] {
  const columns = matrixColumns(s);
  const multiple = isMultipleSubject(s);
  const scaled = subjectEntry(s.subjectType).points !== undefined;
  return (s as { rows: Labelled[] }).rows.map((row) => {
    const cellCount = (c: string) => count(`${row.uuid}:${c}`);
    const rowBase = multiple ? rowAnswered(`${s.uuid}\u0001${row.uuid}`) : undefined;
    const { stats, sum } = optionStats(columns, cellCount, rowBase);
    if (!scaled) return { uuid: row.uuid, title: row.title, base: rowBase ?? sum, cells: stats, average: null };
    const pairs = columns.map((c) => [Number(c.uuid), cellCount(c.uuid)] as [number, number]);
    const average = sum ? round(pairs.reduce((t, [v, n]) => t + v * n, 0) / sum) : null;
    return { uuid: row.uuid, title: row.title, base: sum, cells: stats, average, sd: round(sampleSd(pairs)) };
  });
}

/** getStatement: every answerable subject in display order with its statistic (`via` 'sql': the SQL reference of the tests). */
export async function buildStatement(database: Db, project: ProjectRow, filter: TReportFilter | undefined, via: ReportVia = 'index'): Promise<TStatement> {
  const { query } = database;
  const list = await reportSubjects(query, project.id);
  const set = await sheetSet(query, project, filter);
  const subjects = list.map((l) => l.subject);
  const plan = factPlan(subjects, project.question_type === QUESTION_TYPE.exam);
  const { facts, total, counting, ids, answered } = await reportFacts(database, project, set, plan, via);
  try {
    return await statementOf(database, project, list, { ...set, ids, answered }, facts, total, counting);
  } finally {
    disposeIds({ ids, answered });
  }
}

/** The statement's cards from the set's facts (text cards read their answers through the set). */
async function statementOf(
  database: Db,
  project: ProjectRow,
  list: Awaited<ReturnType<typeof reportSubjects>>,
  set: SheetSet,
  facts: Facts,
  total: number,
  counting: TCounting | undefined,
): Promise<TStatement> {
  const { query } = database;
  const counts = await optionCounts(query, project, facts);
  const positions = new Map(Object.entries(facts.ranks).map(([k, m]) => [k, new Map(pairsOf(m))]));
  const sums = sumFactsOf(facts);
  const answered = (uuid: string) => facts.values[`a:${uuid}`]?.['0'] ?? 0;
  const rowAnswered = (key: string) => facts.rows[key] ?? 0;
  const exam = project.question_type === QUESTION_TYPE.exam ? new Map(examStatsFromFacts(list, facts).map((e) => [e.uuid, e])) : new Map();
  const out: TSubjectStat[] = [];
  for (const { subject: s, index } of list) {
    const entry = subjectEntry(s.subjectType);
    const kind = kindOf(s);
    const multiple = isMultipleSubject(s);
    const stat: TSubjectStat = { uuid: s.uuid, subjectType: s.subjectType, title: s.title, index, kind, base: 0, multiple };
    const count = (option: string) => counts.get(`${s.uuid}\u0001${option}`) ?? 0;
    if (kind === 'choice') {
      const parts = choiceParts(s);
      const single = optionStats(parts, count);
      stat.base = multiple ? total : single.sum;
      stat.options = multiple ? optionStats(parts, count, total).stats : single.stats;
    } else if (kind === 'matrix') {
      stat.columns = matrixColumns(s);
      stat.base = answered(s.uuid);
      stat.rows = matrixRows(s, count, rowAnswered);
    } else if (kind === 'ranking') {
      const ranked = rankStats(s, positions);
      stat.base = ranked.answered;
      stat.ranking = ranked.stats;
    } else if (kind === 'sum') {
      const summed = sumStats(s, sums);
      stat.base = summed.answered;
      stat.sums = summed.stats;
      stat.sumTotal = summed.total;
    } else if (kind === 'number') {
      const values = valueCounts(s, facts);
      const st = numberFact(values);
      stat.base = st.n;
      stat.number = numberStat(st);
      stat.distribution = numberDistribution(s, values, st);
      if (s.subjectType === SUBJECT_TYPE.nps) stat.nps = npsOf(values, st.n);
    } else {
      const texts = await latestTexts(query, set, s, entry.words ? WORD_SAMPLE : TEXT_PREVIEW);
      stat.texts = texts.slice(0, TEXT_PREVIEW);
      if (entry.words) stat.words = wordFrequency(texts.map((t) => t.text));
    }
    if (s.subjectType === SUBJECT_TYPE.evaluation) {
      const values = valueCounts(s, facts);
      const st = numberFact(values);
      stat.number = numberStat(st);
      stat.distribution = numberDistribution(s, values, st);
    }
    const graded = exam.get(s.uuid);
    if (graded)
      stat.exam = { maxScore: graded.maxScore, count: graded.count, average: graded.average, fullCount: graded.fullCount, correctRate: graded.correctRate };
    out.push(stat);
  }
  return {
    questionId: project.public_id,
    title: project.title,
    questionType: project.question_type,
    total,
    filtered: set.filtered,
    subjects: out,
    ...(counting ? { counting } : {}),
  };
}

/**
 * One page of a subject's answers. A filtered page reads its rows through the filter index's ids (newest first) and
 * counts the answered as the set's sheets holding the subject's 'a' key when the index has one (text and matrix
 * subjects); else the number answered is one SQL count over the set. `via` 'sql': the SQL reference of the tests.
 */
export async function subjectAnswers(
  database: Db,
  project: ProjectRow,
  subjectUuid: string,
  page: number,
  pageSize: number,
  filter: TReportFilter | undefined,
  via: ReportVia = 'index',
) {
  const { query } = database;
  const subject = (await listSubjects(query, project.id)).find((s) => s.uuid === subjectUuid);
  if (!subject) throw notFound('题目不存在');
  const set = await sheetSet(query, project, filter);
  const offset = (page - 1) * pageSize;
  const indexed = set.filtered && via === 'index' ? await indexedAnswers(database, project, set, subject, pageSize, offset) : null;
  if (indexed) return indexed;
  return { list: await latestTexts(query, set, subject, pageSize, offset), total: await answeredBySql(query, set, subject) };
}

/** How many of the set's sheets answered the subject, by one SQL count over the set. */
async function answeredBySql(query: Query, set: SheetSet, subject: TSubject): Promise<number> {
  const p = new Params(set.params.values);
  return num((await answeredCount.run(query, p.values, set.where, p.add(subject.uuid)))[0]?.n);
}

/** subjectAnswers' page from the filter index, or null while it cannot answer. */
async function indexedAnswers(database: Db, project: ProjectRow, set: SheetSet, subject: TSubject, pageSize: number, offset: number) {
  const plan = await reportPlan(database.query, project);
  const counted = plan.answered.some((s) => s.uuid === subject.uuid) ? [subject.uuid] : [];
  const indexed = await withFilteredSheets(database, project.id, plan, set.filter, async (index, ids) => {
    const answered = answeredWithin(index, ids, counted);
    try {
      const list = await latestTexts(database.query, { ...set, ids, answered }, subject, pageSize, offset);
      return { list, total: answered.get(subject.uuid)?.size };
    } finally {
      disposeIds({ answered });
    }
  });
  if (typeof indexed !== 'object') return null;
  const { list, total } = indexed.value;
  return { list, total: total ?? (await answeredBySql(database.query, set, subject)) };
}

const choosable = (s: TSubject) => kindOf(s) === 'choice';

const crossTabSql = defineSql(
  'report.crossTab',
  { id: col.int, subject_uuid: col.text, option_uuid: col.text },
  'SELECT id, subject_uuid, option_uuid FROM option_keys WHERE project_id = $1 AND subject_uuid = ANY($2::text[])',
);

/**
 * getCrossTab: rows = options of one choice subject, columns = options of another, counted per sheet (a multiple
 * choice counts a sheet in each option it chose). From the filter index: |F ∧ row option ∧ column option|; while
 * the index builds, crossCounts in SQL with the counting note.
 */
export async function crossTab(
  database: Db,
  project: ProjectRow,
  rowUuid: string,
  colUuid: string,
  filter: TReportFilter | undefined,
  via: ReportVia = 'index',
): Promise<TCrossTab> {
  const { query } = database;
  const subjects = await listSubjects(query, project.id);
  const rowSubject = subjects.find((s) => s.uuid === rowUuid);
  const colSubject = subjects.find((s) => s.uuid === colUuid);
  if (!rowSubject || !colSubject) throw notFound('题目不存在');
  if (!choosable(rowSubject) || !choosable(colSubject)) throw badInput('交叉分析只支持选择题');
  if (rowUuid === colUuid) throw badInput('请选择两道不同的题目');
  const rows = choiceParts(rowSubject);
  const columns = choiceParts(colSubject);
  const keys = await crossTabSql.run(query, [project.id, [rowUuid, colUuid]]);
  const keyOf = (subject: string, option: string) => keys.find((k) => k.subject_uuid === subject && k.option_uuid === option)?.id;
  const optionOf = new Map(keys.map((k) => [k.id, k.option_uuid]));
  const counts = new Map<string, number>();
  const rs = keyOf(rowUuid, '');
  const cs = keyOf(colUuid, '');
  // Subjects nobody answered have no key: every cell is 0, as crossCounts' joins find nothing.
  const indexed =
    rs === undefined || cs === undefined || via === 'sql'
      ? null
      : await withFilteredSheets(database, project.id, await reportPlan(query, project), filter, (index, set) => {
          const choice = (id: number) => bitmapOf(index, factKey('c', String(id), 0));
          const within = counterWithin(set);
          // The columns that have a key, found once for every row.
          const counted = columns.flatMap((c) => {
            const cid = keyOf(colUuid, c.uuid);
            return cid === undefined ? [] : [{ c, bits: choice(cid) }];
          });
          const columnBits = counted.map((x) => x.bits);
          for (const r of rows) {
            const rid = keyOf(rowUuid, r.uuid);
            if (rid === undefined) continue;
            // The row's sheets within the set, counted against each column (bitmap-mirror.ts: no roaring copy or AND).
            within
              .and(choice(rid))
              .countEach(columnBits)
              .forEach((n, i) => {
                if (n) counts.set(`${r.uuid}\u0001${counted[i]!.c.uuid}`, n);
              });
          }
        });
  if (rs !== undefined && cs !== undefined && (indexed === null || typeof indexed === 'string')) {
    const p = new Params();
    const where = await compileFilter(query, project.id, filter, p);
    const rAt = p.add(rs);
    const cAt = p.add(cs);
    const result = await crossCounts.run(query, p.values, where, rAt, cAt);
    for (const x of result) counts.set(`${optionOf.get(x.r)}\u0001${optionOf.get(x.c)}`, num(x.n));
  }
  const matrix = rows.map((r) => columns.map((c) => counts.get(`${r.uuid}\u0001${c.uuid}`) ?? 0));
  const rowTotals = matrix.map((line) => line.reduce((a, b) => a + b, 0));
  const colTotals = columns.map((_, j) => matrix.reduce((t, line) => t + line[j]!, 0));
  const total = rowTotals.reduce((a, b) => a + b, 0);
  return {
    rows: rows.map((r) => ({ uuid: r.uuid, title: r.title })),
    columns: columns.map((c) => ({ uuid: c.uuid, title: c.title })),
    cells: matrix.map((line, i) => line.map((n, j) => ({ count: n, rowPercent: pct(n, rowTotals[i]!), colPercent: pct(n, colTotals[j]!) }))),
    rowTotals,
    colTotals,
    total,
    ...(indexed === 'building' ? { counting: { counted: total, total } } : {}),
  };
}

/** The columns of a sheet the report's lists read. */
export type SheetRow = Pick<
  AnswerSheetRow,
  'id' | 'public_id' | 'created_at' | 'duration_seconds' | 'source' | 'suspect' | 'suspect_reason' | 'status' | 'score' | 'answers' | 'wechat_openid'
>;

type SheetResult = { score?: { max: number; subjects: Record<string, { score: number; max: number }> } | null };

/** One sheet of the project by its public id, or "404". */
export async function sheetOf(query: Query, project: ProjectRow, sheetId: string): Promise<Omit<AnswerSheetRow, 'result'> & { result: SheetResult }> {
  const rows = await query<Omit<AnswerSheetRow, 'result'> & { result: SheetResult }>('SELECT * FROM answer_sheets WHERE project_id = $1 AND public_id = $2', [
    project.id,
    sheetId,
  ]);
  if (!rows[0]) throw notFound('答卷不存在或已删除');
  return rows[0];
}

const moveSheetSql = defineSql(
  'report.moveSheet',
  { id: col.int },
  'UPDATE answer_sheets SET status = $3 WHERE id = $1 AND project_id = $2 AND status <> $3 RETURNING id',
);

/**
 * Move a sheet to the project's answer bin (status 0) or back (1), in the caller's transaction: data_count and
 * the report's rollup follow (report-rollup.ts). Quota and per-respondent counters are admission limits and
 * stay as they were.
 */
export async function moveSheet(query: Query, project: ProjectRow, sheetId: string, to: 0 | 1): Promise<{ sheetId: string; status: number }> {
  const sheet = await sheetOf(query, project, sheetId);
  const moved = await moveSheetSql.run(query, [sheet.id, project.id, to]);
  if (!moved[0]) return { sheetId, status: to };
  const delta = to === 1 ? 1 : -1;
  // No clamp at 0: submits of uncapped projects count in project_answer_counts, so data_count is an offset there.
  await query('UPDATE projects SET data_count = data_count + $2 WHERE id = $1', [project.id, delta]);
  await moveInRollup(query, project.id, sheet.id, delta, await reportPlan(query, project));
  return { sheetId, status: to };
}

/** The creator's own flag: its reason is 手动标记; clearing it clears any reason. */
export async function markSuspect(query: Query, project: ProjectRow, sheetId: string, suspect: boolean): Promise<{ sheetId: string; suspect: boolean }> {
  const done = await query('UPDATE answer_sheets SET suspect = $3, suspect_reason = $4 WHERE project_id = $1 AND public_id = $2 RETURNING id', [
    project.id,
    sheetId,
    suspect,
    suspect ? SUBMIT_SUSPECT_REASONS.manual : null,
  ]);
  if (!done[0]) throw notFound('答卷不存在或已删除');
  return { sheetId, suspect };
}

/** The highest total an exam can give (every scored subject at full marks). */
export async function examMaxTotal(query: Query, projectId: number): Promise<number> {
  return scoreSheet(await listSubjects(query, projectId), {}).maxTotal;
}

const scoreStatementSql = defineSql(
  'report.scoreStatement',
  { n: col.bigint, avg: col.float.orNull(), hi: col.float.orNull(), lo: col.float.orNull() },
  'SELECT count(score) AS n, avg(score) AS avg, max(score) AS hi, min(score) AS lo FROM answer_sheets WHERE project_id = $1 AND status = 1 AND score IS NOT NULL',
);
const scoreStatementSql2 = defineSql(
  'report.scoreStatement2',
  { b: col.int, n: col.bigint },
  'SELECT LEAST(width_bucket(score, 0, $2::float8, 10), 10) AS b, count(*) AS n FROM answer_sheets WHERE project_id = $1 AND status = 1 AND score IS NOT NULL GROUP BY 1',
);

export async function scoreStatement(query: Query, project: ProjectRow): Promise<TScoreStatement> {
  const maxTotal = await examMaxTotal(query, project.id);
  const [stats] = await scoreStatementSql.run(query, [project.id]);
  const top = Math.max(maxTotal, Number(stats?.hi ?? 0), 1);
  const width = top / 10;
  const rows = await scoreStatementSql2.run(query, [project.id, top]);
  const byBucket = new Map<number, number>();
  for (const r of rows) {
    const b = Math.max(Number(r.b), 1);
    byBucket.set(b, (byBucket.get(b) ?? 0) + num(r.n));
  }
  return {
    count: num(stats?.n),
    average: round(stats?.avg === null || stats?.avg === undefined ? null : Number(stats.avg)),
    highest: stats?.hi ?? null,
    lowest: stats?.lo ?? null,
    maxTotal,
    buckets: Array.from({ length: 10 }, (_, i) => ({ from: round(width * i)!, to: round(width * (i + 1))!, count: byBucket.get(i + 1) ?? 0 })),
    subjects: await examSubjectStats(
      query,
      { where: 'a.project_id = $1 AND a.status = 1 AND a.score IS NOT NULL', params: new Params([project.id]) },
      await reportSubjects(query, project.id),
    ),
  };
}

const scoreRankSql = defineSql(
  'report.scoreRank',
  { public_id: col.text, score: col.float, duration_seconds: col.int, created_at: col.timestamp, rank: col.bigint, total: col.bigint },
  `SELECT public_id, score, duration_seconds, created_at, rank() OVER (ORDER BY score DESC) AS rank, count(*) OVER () AS total
     FROM answer_sheets WHERE project_id = $1 AND status = 1 AND score IS NOT NULL
     ORDER BY score DESC, duration_seconds ASC, id ASC LIMIT $2 OFFSET $3`,
);

export async function scoreRank(query: Query, project: ProjectRow, page: number, pageSize: number) {
  const rows = await scoreRankSql.run(query, [project.id, pageSize, (page - 1) * pageSize]);
  return {
    list: rows.map((r) => ({ rank: num(r.rank), sheetId: r.public_id, score: r.score, durationSeconds: r.duration_seconds, createTime: iso(r.created_at) })),
    total: num(rows[0]?.total),
  };
}

const highestScoreSql = defineSql(
  'report.highestScore',
  { public_id: col.text, score: col.float, duration_seconds: col.int, created_at: col.timestamp },
  `SELECT public_id, score, duration_seconds, created_at FROM answer_sheets WHERE project_id = $1 AND status = 1 AND score IS NOT NULL
     ORDER BY score DESC, duration_seconds ASC, id ASC LIMIT 1`,
);

export async function highestScore(query: Query, project: ProjectRow) {
  const rows = await highestScoreSql.run(query, [project.id]);
  const r = rows[0];
  return {
    highest: r?.score ?? null,
    maxTotal: await examMaxTotal(query, project.id),
    sheet: r ? { sheetId: r.public_id, score: r.score, durationSeconds: r.duration_seconds, createTime: iso(r.created_at) } : null,
  };
}
