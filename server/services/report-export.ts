import { PassThrough, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { TExportMode, TReportFilter } from '../../schemas/api/report';
import { answerFacts, formatAnswer, type TSubject } from '../../schemas/subjects/registry';
import type { Query } from '../db/client';
import { hmac, safeEqual } from './crypto';
import type { ProjectRow } from './powers.service';
import { Params, compileFilter } from './report-filter';
import { plainTitle, reportSubjects, type ReportSubject } from './report.service';

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

interface Column {
  header: string;
  cell: (answers: Record<string, unknown>) => string | number;
}

const subjectLabel = ({ subject, index }: ReportSubject) => `${index ? `${index}. ` : ''}${plainTitle(subject.title)}`;

function subjectColumns(list: ReportSubject[], mode: TExportMode): Column[] {
  const out: Column[] = [];
  for (const item of list) {
    const s = item.subject;
    const label = subjectLabel(item);
    const parts = optionParts(s);
    if (mode === 'option' && parts.length) {
      for (const part of parts) {
        out.push({ header: `${label} - ${part.title}`, cell: (a) => (answerFacts(s, a[s.uuid]).chosen.includes(part.uuid) ? 1 : 0) });
      }
    } else {
      out.push({ header: label, cell: (a) => formatAnswer(s, a[s.uuid]) });
    }
  }
  return out;
}

/** Choosable parts as answer facts name them (matrices: row:column), for the per-option layout. */
function optionParts(s: TSubject): { uuid: string; title: string }[] {
  const x = s as { options?: { uuid: string; title: string }[]; rows?: { uuid: string; title: string }[]; columns?: { uuid: string; title: string }[]; labels?: { uuid: string; title: string }[] };
  if ([1, 2, 3, 5, 8, 9].includes(s.subjectType) && x.options) return x.options.map((o) => ({ uuid: o.uuid, title: plainTitle(o.title) }));
  if ((s.subjectType === 11 || s.subjectType === 12) && x.rows && x.columns) {
    return x.rows.flatMap((r) => x.columns!.map((c) => ({ uuid: `${r.uuid}:${c.uuid}`, title: `${plainTitle(r.title)}:${plainTitle(c.title)}` })));
  }
  return [];
}

const SOURCE_LABELS: Record<string, string> = { link: '链接', qr: '二维码', embed: '嵌入', wechat: '微信', preview: '预览' };

/** Beijing time, as the product shows it. */
const beijing = (d: Date | string) => new Date(new Date(d).getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

export const exportFileName = (project: ProjectRow, format: TExportFormat) =>
  `${plainTitle(project.title).replace(/[\\/:*?"<>|\r\n]+/g, '_').slice(0, 60) || '答卷数据'}_答卷数据.${format}`;

/**
 * Rows of the export: a header, then one row per sheet read in keyset batches (never the whole project in
 * memory). Every text cell passes safeCell; numbers stay numbers.
 */
/** Told the number of sheets written so far after each batch (export jobs turn it into progress). */
export type RowsWritten = (rows: number) => Promise<void>;

async function* exportRows(query: Query, project: ProjectRow, grant: ExportGrant, onRows?: RowsWritten): AsyncGenerator<(string | number)[]> {
  const list = await reportSubjects(query, project.id);
  const columns = subjectColumns(list, grant.mode);
  const exam = project.question_type === 2;
  const head = ['序号', '答卷编号', '提交时间', '用时(秒)', '来源', '可疑答卷', ...(exam ? ['总分'] : []), ...columns.map((c) => c.header)];
  yield head.map(safeCell);
  const p = new Params();
  const where = await compileFilter(query, project.id, grant.filter, p);
  const after = p.add(0);
  const limit = p.add(1000);
  let last = 0;
  let n = 0;
  for (;;) {
    p.values[Number(after.slice(1)) - 1] = last;
    const rows = await query<{ id: number; public_id: string; created_at: Date; duration_seconds: number; source: string; suspect: boolean; score: number | null; answers: Record<string, unknown> }>(
      `SELECT a.id, a.public_id, a.created_at, a.duration_seconds, a.source, a.suspect, a.score, a.answers FROM answer_sheets a
       WHERE ${where} AND a.id > ${after} ORDER BY a.id LIMIT ${limit}`,
      p.values,
    );
    if (!rows.length) return;
    for (const r of rows) {
      n += 1;
      const cells = columns.map((c) => {
        const v = c.cell(r.answers);
        return typeof v === 'number' ? v : safeCell(v);
      });
      yield [n, safeCell(r.public_id), beijing(r.created_at), r.duration_seconds, SOURCE_LABELS[r.source] ?? safeCell(r.source), r.suspect ? '是' : '否', ...(exam ? [r.score ?? ''] : []), ...cells];
    }
    last = rows[rows.length - 1]!.id;
    await onRows?.(n);
  }
}

/** Write the workbook (exceljs streaming writer, plain values only: no formula cells) to `out`. */
export async function writeXlsx(query: Query, project: ProjectRow, grant: ExportGrant, out: Writable, onRows?: RowsWritten): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('答卷数据');
  for await (const row of exportRows(query, project, grant, onRows)) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
}

/** UTF-8 with a BOM so Excel reads Chinese; rows stringified in batches. */
export async function writeCsv(query: Query, project: ProjectRow, grant: ExportGrant, out: Writable, onRows?: RowsWritten): Promise<void> {
  out.write('\uFEFF');
  let batch: (string | number)[][] = [];
  for await (const row of exportRows(query, project, grant, onRows)) {
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
export function exportStream(query: Query, project: ProjectRow, grant: ExportGrant): PassThrough {
  const pass = new PassThrough();
  const write = grant.format === 'xlsx' ? writeXlsx : writeCsv;
  write(query, project, grant, pass).catch((error: unknown) => pass.destroy(error instanceof Error ? error : new Error(String(error))));
  return pass;
}
