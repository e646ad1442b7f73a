import { isPlainFilter, type TDataDetail, type TDetailColumn, type TDetailSort, type TReportFilter, type TSheetDetail } from '../../../schemas/api/report';
import { shortOpenid } from '../wechat/form-wechat-settings';
import { answerFiles } from '../../../schemas/subjects/answer-files';
import { formatAnswer, subjectEntry } from '../../../schemas/subjects/registry';
import type { Database, Query } from '../../db/client';
import { badInput } from '../errors';
import { ANSWER_COUNT_SQL } from '../answers/answer-store.service';
import type { ProjectRow } from '../../db/rows';
import { Params, compileFilter } from './report-filter';
import { indexedCount } from './report-index';
import { sheetOf, type SheetRow } from './report.service';
import { reportSubjects, type ReportSubject } from './report-subjects';
import { col, defineSql } from '../../db/sql';
import { UNKNOWN_SUSPECT_REASON } from '../../../schemas/money/risk-rules';

/**
 * The data detail list and the sheet page's previous / next, both paged by keyset on (sort column, id): a page
 * reads the rows after the last one it was given, never OFFSET past every earlier row.
 */

interface SortColumn {
  sql: string;
  cast: string;
  nullable: boolean;
  /** The key as selected: created_at as text keeps its microseconds (a JS Date would drop them). */
  key: string;
}

const SORTS: Record<TDetailSort, SortColumn> = {
  createTime: { sql: 'a.created_at', cast: 'timestamptz', nullable: false, key: `to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` },
  duration: { sql: 'a.duration_seconds', cast: 'int', nullable: false, key: 'a.duration_seconds' },
  score: { sql: 'a.score', cast: 'float8', nullable: true, key: 'a.score' },
};

export interface DetailView {
  sort: TDetailSort;
  order: 'asc' | 'desc';
  filter?: TReportFilter;
}

type KeyValue = string | number | null;

/**
 * Rows strictly after (v, id) in the order `dir` with NULLs at the end (`nullsLast`) or the start: the list reads
 * NULLS LAST both ways, so walking it backwards (previous sheet) is the opposite direction with NULLS FIRST.
 */
function afterKey(c: SortColumn, dir: 'ASC' | 'DESC', nullsLast: boolean, v: KeyValue, id: number, p: Params): string {
  const op = dir === 'ASC' ? '>' : '<';
  if (v === null) {
    const sameNulls = `a.id ${op} ${p.add(id)}`;
    return nullsLast ? `(${c.sql} IS NULL AND ${sameNulls})` : `(${c.sql} IS NOT NULL OR ${sameNulls})`;
  }
  const row = `(${c.sql}, a.id) ${op} (${p.add(v)}::${c.cast}, ${p.add(id)}::int)`;
  if (!c.nullable) return row;
  return nullsLast ? `(${row} OR ${c.sql} IS NULL)` : `(${c.sql} IS NOT NULL AND ${row})`;
}

// A NULLS clause only where NULLs exist: the planner ignores NOT NULL, and `DESC NULLS LAST` on a NOT NULL column
// would stop an index on (project_id, column, id) from serving the descending order.
const orderBy = (c: SortColumn, dir: 'ASC' | 'DESC', nullsLast: boolean) =>
  `${c.sql} ${dir}${c.nullable ? (nullsLast ? ' NULLS LAST' : ' NULLS FIRST') : ''}, a.id ${dir}`;

/** The cursor of the row (v, id) in `view` (exported for bench/report-detail). */
export const encodeCursor = (view: DetailView, v: KeyValue, id: number) => Buffer.from(JSON.stringify([view.sort, view.order, v, id])).toString('base64url');

function decodeCursor(view: DetailView, cursor: string): { v: KeyValue; id: number } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw badInput('cursor: 分页参数无效');
  const [sort, order, v, id] = parsed as unknown[];
  if (sort !== view.sort || order !== view.order) throw badInput('cursor: 排序已变化，请从第一页重新加载');
  const validValue =
    view.sort === 'createTime'
      ? typeof v === 'string' && !Number.isNaN(Date.parse(v))
      : view.sort === 'duration'
        ? Number.isInteger(v)
        : v === null || typeof v === 'number';
  if (!validValue || !Number.isInteger(id)) throw badInput('cursor: 分页参数无效');
  return { v: v as KeyValue, id: id as number };
}

export const detailColumns = (list: ReportSubject[]): TDetailColumn[] =>
  list.map(({ subject, index }) => ({ uuid: subject.uuid, title: subject.title, index, subjectType: subject.subjectType }));

/** A listed sheet with `k`, the value of its sort column (the keyset cursor). */
type DetailRow = SheetRow & { k: KeyValue };

/** The 可疑 tag's reason: the stored one, or a general one for sheets flagged before reasons were kept. */
const shownReason = (r: Pick<SheetRow, 'suspect' | 'suspect_reason'>): string | null => (r.suspect ? (r.suspect_reason ?? UNKNOWN_SUSPECT_REASON) : null);

const plainTotal = defineSql('report-detail.plainTotal', { n: col.int }, `SELECT ${ANSWER_COUNT_SQL} AS n FROM projects p WHERE p.id = $1`);
const filteredTotal = defineSql(
  'report-detail.filteredTotal',
  { n: col.bigint },
  (where: string) => `SELECT count(*) AS n FROM answer_sheets a WHERE ${where}`,
  [['a.project_id = $1']],
);

type Db = Pick<Database, 'query' | 'transaction' | 'engine'>;

/**
 * Sheets in the set: the project's valid count when unfiltered (kept by submit and the bin), else the filter's
 * cardinality in the filter index (issue 54 item 6), or a SQL count while the index builds.
 */
async function setTotal(database: Db, project: ProjectRow, filter: TReportFilter | undefined, where: string, values: unknown[]): Promise<number> {
  const { query } = database;
  if (isPlainFilter(filter)) return Number((await plainTotal.run(query, [project.id]))[0]?.n ?? 0);
  const indexed = await indexedCount(database, project, filter);
  if (indexed !== null) return indexed;
  return Number((await filteredTotal.run(query, values, where))[0]?.n ?? 0);
}

/** getDataDetail: one page of sheets after `cursor`, every cell formatted by the subject's display rule. */
export async function dataDetail(database: Db, project: ProjectRow, body: DetailView & { pageSize: number; cursor?: string }): Promise<TDataDetail> {
  const { query } = database;
  const list = await reportSubjects(query, project.id);
  const c = SORTS[body.sort];
  const dir = body.order === 'asc' ? 'ASC' : 'DESC';
  const p = new Params();
  const where = await compileFilter(query, project.id, body.filter, p);
  const whereValues = [...p.values];
  const after = body.cursor ? decodeCursor(body, body.cursor) : null;
  const keyset = after ? ` AND ${afterKey(c, dir, true, after.v, after.id, p)}` : '';
  const rows = await query<DetailRow>(
    `SELECT a.id, a.public_id, a.created_at, a.duration_seconds, a.source, a.suspect, a.suspect_reason, a.status, a.score, a.answers, a.wechat_openid, ${c.key} AS k
     FROM answer_sheets a WHERE ${where}${keyset}
     ORDER BY ${orderBy(c, dir, true)} LIMIT ${p.add(body.pageSize + 1)}`,
    p.values,
  );
  const page = rows.slice(0, body.pageSize);
  const last = page.at(-1);
  const total = after ? null : await setTotal(database, project, body.filter, where, whereValues);
  return {
    columns: detailColumns(list),
    list: page.map((r) => ({
      sheetId: r.public_id,
      createTime: new Date(r.created_at).toISOString(),
      durationSeconds: r.duration_seconds,
      source: r.source,
      wechat: shortOpenid(r.wechat_openid),
      suspect: r.suspect,
      suspectReason: shownReason(r),
      status: r.status,
      score: r.score,
      cells: Object.fromEntries(list.map(({ subject }) => [subject.uuid, formatAnswer(subject, r.answers[subject.uuid])])),
    })),
    total,
    nextCursor:
      rows.length > body.pageSize && last
        ? encodeCursor(body, last.k === null ? null : c.cast === 'timestamptz' ? String(last.k) : Number(last.k), last.id)
        : null,
  };
}

const nextSheet = defineSql(
  'report-detail.next',
  { public_id: col.text },
  (where: string, after: string, order: string) => `SELECT a.public_id FROM answer_sheets a WHERE ${where} AND ${after} ORDER BY ${order} LIMIT 1`,
  [['a.project_id = $1', 'a.id > $2', 'a.id DESC']],
);

/** The sheet next to (v, id) in the list walked in `dir` (the list's own order, or backwards for previous). */
async function neighbour(query: Query, project: ProjectRow, view: DetailView, v: KeyValue, id: number, backwards: boolean): Promise<string | null> {
  const c = SORTS[view.sort];
  const forward = view.order === 'asc' ? 'ASC' : 'DESC';
  const dir = backwards ? (forward === 'ASC' ? 'DESC' : 'ASC') : forward;
  const p = new Params();
  const where = await compileFilter(query, project.id, view.filter, p);
  const after = afterKey(c, dir, !backwards, v, id, p);
  const rows = await nextSheet.run(query, p.values, where, after, orderBy(c, dir, !backwards));
  return rows[0]?.public_id ?? null;
}

/**
 * getAnswerSheetDetail: the formatted sheet and the rows above and below it in the data detail list of `view`.
 * Without a view: newest first among the sheets of the sheet's own status (valid or in the bin).
 */
export async function sheetDetail(query: Query, project: ProjectRow, sheetId: string, view?: DetailView): Promise<TSheetDetail> {
  const sheet = await sheetOf(query, project, sheetId);
  const list = await reportSubjects(query, project.id);
  const order: DetailView = view ?? {
    sort: 'createTime',
    order: 'desc',
    filter: { scope: sheet.status === 1 ? 'valid' : 'bin', suspect: 'all', conditions: [], match: 'all' },
  };
  const c = SORTS[order.sort];
  const [key] = await query<{ k: KeyValue }>(`SELECT ${c.key} AS k FROM answer_sheets a WHERE a.id = $1`, [sheet.id]);
  const v = key?.k === null || key?.k === undefined ? null : c.cast === 'timestamptz' ? String(key.k) : Number(key.k);
  const scores = sheet.result?.score?.subjects ?? {};
  return {
    sheetId: sheet.public_id,
    createTime: new Date(sheet.created_at).toISOString(),
    durationSeconds: sheet.duration_seconds,
    source: sheet.source,
    wechat: shortOpenid(sheet.wechat_openid),
    suspect: sheet.suspect,
    suspectReason: shownReason(sheet),
    status: sheet.status,
    score: sheet.score,
    maxScore: sheet.result?.score?.max ?? null,
    ip: sheet.ip,
    answers: list.map(({ subject, index }) => ({
      uuid: subject.uuid,
      index,
      title: subject.title,
      subjectType: subject.subjectType,
      text: formatAnswer(subject, sheet.answers[subject.uuid]),
      ...(subjectEntry(subject.subjectType).uploads ? { files: answerFiles(subject.subjectType, sheet.answers[subject.uuid]) } : {}),
      score: scores[subject.uuid]?.score ?? null,
      maxScore: scores[subject.uuid]?.max ?? null,
    })),
    prevSheetId: await neighbour(query, project, order, v, sheet.id, true),
    nextSheetId: await neighbour(query, project, order, v, sheet.id, false),
  };
}
