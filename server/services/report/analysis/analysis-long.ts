import type { Writable } from 'node:stream';
import type { TReportFilter } from '../../../../schemas/api/report';
import { formatProjectTime } from '../../../../schemas/project-time';
import type { Query } from '../../../db/client';
import { csvStringify } from '../../../lazy-packages';
import type { ProjectRow } from '../../../db/rows';
import { safeCell } from '../report-export';
import { analysisSheets } from './analysis-sheets';
import type { ShareDone } from './analysis-sav';
import { projectVariables } from './analysis-sav';
import type { AnalysisSheet, AnalysisVariable } from './analysis-variables';

/** The long CSV's columns, with what each holds (the codebook lists them too). */
export const LONG_COLUMNS: readonly (readonly [string, string])[] = [
  ['sheet_id', '答卷编号'],
  ['sheet_no', '序号：答卷在本次导出中的顺序（与 .sav 的 sheet_no 相同）'],
  ['submit_time', '提交时间，北京时间 UTC+8，格式 YYYY-MM-DD HH:MM:SS'],
  ['subject_no', '题号（未编号的题为空）'],
  ['subject_id', '题目标识（稳定，题目改名也不变）'],
  ['subject_title', '题目（纯文本）'],
  ['subject_type', '题型'],
  ['variable', '对应 .sav 的变量名'],
  ['row', '矩阵的行、排序 / 多项填空等的分项；整题为空'],
  ['value', '值：单选为选项序号，多选每个选中的选项一行（选项序号），数字题为数值，文本题为文本'],
  ['value_label', '值的文字：选项或矩阵列的文字；数字与文本为空'],
];

/** The long rows of one variable on one sheet: none when unanswered, a flag only when chosen. */
function longValue(v: AnalysisVariable, sheet: AnalysisSheet): [number | string, string] | null {
  const x = v.value(sheet);
  if (x === null) return null;
  if (v.kind === 'flag') return x === 1 && v.flag ? [v.flag.code, v.flag.label] : null;
  if (v.kind === 'code') return [x, v.valueLabels?.find(([code]) => code === x)?.[1] ?? ''];
  return [x, ''];
}

const text = (value: string) => safeCell(value);

/**
 * One row per sheet × subject × value, UTF-8 without a byte-order mark (R's read.csv and pandas read the header
 * as is), RFC 4180 quoting, text cells neutralised like the other exports (a leading = + - @ gets a quote).
 * Unanswered and skipped subjects have no rows. Ends `out`.
 */
export async function writeLongCsv(
  query: Query,
  project: ProjectRow,
  filter: TReportFilter | undefined,
  out: Writable,
  total: number,
  onShare?: ShareDone,
): Promise<void> {
  const variables = (await projectVariables(query, project)).filter((v) => v.subject);
  const stringify = await csvStringify();
  out.write(stringify([LONG_COLUMNS.map(([name]) => name)]));
  let batch: (string | number)[][] = [];
  const flush = async () => {
    if (batch.length && !out.write(stringify(batch))) await new Promise((resolve) => out.once('drain', resolve));
    batch = [];
  };
  const onRows = (n: number) => onShare?.(Math.min(n / Math.max(total, 1), 1)) ?? Promise.resolve();
  for await (const sheet of analysisSheets(query, project, filter, onRows)) {
    const time = formatProjectTime(sheet.createdAt);
    for (const v of variables) {
      const got = longValue(v, sheet);
      if (!got) continue;
      const s = v.subject!;
      const [value, label] = got;
      batch.push([
        text(sheet.publicId),
        sheet.no,
        time,
        s.no,
        s.id,
        text(s.title),
        s.type,
        v.name,
        text(v.part),
        typeof value === 'number' ? value : text(value),
        text(label),
      ]);
    }
    if (batch.length >= 2000) await flush();
  }
  await flush();
  out.end();
}
