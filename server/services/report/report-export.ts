import { QUESTION_TYPE } from '../../../schemas/project-kinds';
import { shortOpenid } from '../wechat/form-wechat-settings';
import { PassThrough, type Writable } from 'node:stream';
import { csvStringify, excel } from '../../lazy-packages';
import type { TExportMode, TReportFilter } from '../../../schemas/api/report';
import { ZLogic } from '../../../schemas/logic/ast';
import { compileLogic } from '../../../schemas/logic/compile';
import { LogicEvaluator } from '../../../schemas/logic/evaluator';
import { PROJECT_ZONE_LABEL, formatProjectTime } from '../../../schemas/project-time';
import type { Query } from '../../db/client';
import { hmac, safeEqual } from '../crypto';
import type { ProjectRow } from '../../db/rows';
import { Params, compileFilter } from './report-filter';
import { exportColumns } from './export-columns';
import { plainTitle, reportSubjects } from './report-subjects';
import { listSubjects } from '../projects/subjects.service';
import { col, defineSql } from '../../db/sql';

/** Reliability rule 6: a cell starting with = + - @ tab CR (or ＝ ＋ － ＠) gets a leading quote, headers included. */
const FORMULA_TRIGGER = /^[=+\-@\t\r＝＋－＠]/;
export const safeCell = (value: string): string => (FORMULA_TRIGGER.test(value) ? `'${value}` : value);

export type TExportFormat = 'xlsx' | 'csv';

/** What a download token grants: one export of one project, for a few minutes. */
export interface ExportGrant {
  questionId: string;
  userId: number;
  format: TExportFormat;
  mode: TExportMode;
  filter?: TReportFilter;
  expires: number;
}

export const EXPORT_TOKEN_MS = 5 * 60_000;

export function signExport(secret: string, grant: ExportGrant): string {
  const body = Buffer.from(JSON.stringify(grant)).toString('base64url');
  return `${body}.${hmac(secret, `export:${body}`)}`;
}

export function readExport(secret: string, token: string, now: Date): ExportGrant | null {
  const [body, mac] = token.split('.');
  if (!body || !mac || !safeEqual(mac, hmac(secret, `export:${body}`))) return null;
  try {
    const grant = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ExportGrant;
    return grant.expires > now.getTime() ? grant : null;
  } catch {
    return null;
  }
}

const SOURCE_LABELS: Record<string, string> = { link: '链接', qr: '二维码', embed: '嵌入', wechat: '微信', preview: '预览' };

/** The 提交时间 header names the zone its times are in (the one the screens use). */
export const TIME_HEADER = `提交时间（${PROJECT_ZONE_LABEL}）`;

/**
 * Which subjects each sheet's logic skipped: the project's logic run over the stored answers (random groups
 * drawn again with the sheet's submission id, as on submit). Without display or jump rules nothing is skipped.
 */
export async function skipReader(
  query: Query,
  project: ProjectRow,
): Promise<(answers: Record<string, unknown>, submissionId: string) => (uuid: string) => boolean> {
  const logic = ZLogic.parse(project.logic ?? {});
  if (!logic.jumps.length && !logic.display.length && !logic.random.length) return () => () => false;
  const subjects = await listSubjects(query, project.id);
  const fixed = logic.random.length ? null : compileLogic(subjects, logic);
  return (answers, submissionId) => {
    const evaluator = new LogicEvaluator(fixed ?? compileLogic(subjects, logic, submissionId), answers);
    return (uuid) => !evaluator.isVisible(uuid);
  };
}

export const exportFileName = (project: ProjectRow, format: TExportFormat) =>
  `${
    plainTitle(project.title)
      .replace(/[\\/:*?"<>|\r\n]+/g, '_')
      .slice(0, 60) || '答卷数据'
  }_答卷数据.${format}`;

/**
 * Rows of the export: a header, then one row per sheet read in keyset batches (never the whole project in
 * memory). Every text cell passes safeCell; numbers stay numbers.
 */
/** The sheets of an export, by id after `after`, `limit` at a time, with each subject's points from the stored result. */
const sheetBatch = defineSql(
  'report-export.sheets',
  {
    ...{ id: col.int, public_id: col.text, submission_id: col.text, created_at: col.timestamp, duration_seconds: col.int, source: col.text },
    wechat_openid: col.text.orNull(),
    ...{ suspect: col.bool, score: col.float.orNull(), answers: col.json.as<Record<string, unknown>>() },
    points: col.json.as<Record<string, { score?: number }>>().orNull(),
  },
  (where: string, after: string, limit: string) =>
    `SELECT a.id, a.public_id, a.submission_id, a.created_at, a.duration_seconds, a.source, a.wechat_openid, a.suspect, a.score, a.answers, a.result -> 'score' -> 'subjects' AS points FROM answer_sheets a
       WHERE ${where} AND a.id > ${after} ORDER BY a.id LIMIT ${limit}`,
  [['a.project_id = $1', '$2', '$3']],
);

/** The project's sheets that pass the report's filter, in id order, as keyset batches of 1,000 (never all in memory). */
export async function* filteredSheetBatches(query: Query, projectId: number, filter: TReportFilter | undefined) {
  const p = new Params();
  const where = await compileFilter(query, projectId, filter, p);
  const after = p.add(0);
  const limit = p.add(1000);
  for (;;) {
    const rows = await sheetBatch.run(query, p.values, where, after, limit);
    if (!rows.length) return;
    yield rows;
    p.values[Number(after.slice(1)) - 1] = rows[rows.length - 1]!.id;
  }
}

/** Told the number of sheets written so far after each batch (export jobs turn it into progress). */
export type RowsWritten = (rows: number) => Promise<void>;

async function* exportRows(query: Query, project: ProjectRow, grant: ExportGrant, origin: string, onRows?: RowsWritten): AsyncGenerator<(string | number)[]> {
  const list = await reportSubjects(query, project.id);
  const columns = exportColumns(list, grant.mode, origin);
  const skipsOf = await skipReader(query, project);
  const exam = project.question_type === QUESTION_TYPE.exam;
  // Exams: each scored subject's points on the sheet as stored when it was graded, after the answers.
  const scored = exam ? list.filter((item) => (item.subject.score ?? 0) > 0) : [];
  const head = [
    '序号',
    '答卷编号',
    TIME_HEADER,
    '用时(秒)',
    '来源',
    '可疑答卷',
    ...(exam ? ['总分'] : []),
    ...columns.map((c) => c.header),
    ...scored.map((item) => `${item.index ? `${item.index}. ` : ''}${plainTitle(item.subject.title)}（得分）`),
  ];
  yield head.map(safeCell);
  let n = 0;
  for await (const rows of filteredSheetBatches(query, project.id, grant.filter)) {
    for (const r of rows) {
      n += 1;
      const sheet = { answers: r.answers, skipped: skipsOf(r.answers, r.submission_id) };
      const cells = columns.map((c) => {
        const v = c.cell(sheet);
        return typeof v === 'number' ? v : safeCell(v);
      });
      const points = scored.map((item) => {
        const v = r.points?.[item.subject.uuid]?.score;
        return typeof v === 'number' ? v : '';
      });
      yield [
        n,
        safeCell(r.public_id),
        formatProjectTime(r.created_at),
        r.duration_seconds,
        r.wechat_openid ? `微信授权（${shortOpenid(r.wechat_openid)}）` : (SOURCE_LABELS[r.source] ?? safeCell(r.source)),
        r.suspect ? '是' : '否',
        ...(exam ? [r.score ?? ''] : []),
        ...cells,
        ...points,
      ];
    }
    await onRows?.(n);
  }
}

/** Write the workbook (exceljs streaming writer, plain values only: no formula cells) to `out`. */
export async function writeXlsx(query: Query, project: ProjectRow, grant: ExportGrant, origin: string, out: Writable, onRows?: RowsWritten): Promise<void> {
  const ExcelJS = await excel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('答卷数据');
  for await (const row of exportRows(query, project, grant, origin, onRows)) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
}

/** UTF-8 with a BOM so Excel reads Chinese; rows stringified in batches. */
export async function writeCsv(query: Query, project: ProjectRow, grant: ExportGrant, origin: string, out: Writable, onRows?: RowsWritten): Promise<void> {
  const stringify = await csvStringify();
  out.write('\uFEFF');
  let batch: (string | number)[][] = [];
  for await (const row of exportRows(query, project, grant, origin, onRows)) {
    batch.push(row);
    if (batch.length >= 500) {
      if (!out.write(stringify(batch))) await new Promise((resolve) => out.once('drain', resolve));
      batch = [];
    }
  }
  if (batch.length) out.write(stringify(batch));
  out.end();
}

/** A stream of the file; errors end the stream. */
export function exportStream(query: Query, project: ProjectRow, grant: ExportGrant, origin: string): PassThrough {
  const pass = new PassThrough();
  const write = grant.format === 'xlsx' ? writeXlsx : writeCsv;
  write(query, project, grant, origin, pass).catch((error: unknown) => pass.destroy(error instanceof Error ? error : new Error(String(error))));
  return pass;
}
