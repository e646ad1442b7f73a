import type { Writable } from 'node:stream';
import { excel } from '../../../lazy-packages';
import type { Query } from '../../../db/client';
import type { ProjectRow } from '../../../db/rows';
import { MAX_STRING_BYTES } from '../sav/sav-records';
import { safeCell } from '../report-export';
import { plainTitle } from '../report-subjects';
import { projectVariables } from './analysis-sav';
import { LONG_COLUMNS } from './analysis-long';
import type { AnalysisVariable, VariableKind } from './analysis-variables';

const KIND_LABELS: Record<VariableKind, string> = {
  number: '数值',
  code: '数值（编码）',
  flag: '数值（0/1）',
  string: `字符串（≤ ${MAX_STRING_BYTES} 字节）`,
  datetime: '日期时间（SPSS DATETIME）',
};
const MEASURE_LABELS = { nominal: '名义 nominal', ordinal: '有序 ordinal', scale: '尺度 scale' } as const;

const NOTES = [
  '缺失值：未作答、被逻辑跳过的题在 .sav 中为系统缺失（数值）或空白（字符串），在长格式 CSV 中没有行。',
  `字符串变量最长 ${MAX_STRING_BYTES} 字节（UTF-8，约 85 个汉字），更长的文本在 .sav 中截断，完整文本见长格式 CSV 或 Excel 导出。`,
  '值标签最长 120 字节（SPSS 的上限），更长的选项文字会截断；变量标签最长 255 字节。',
  '提交时间为北京时间 UTC+8：.sav 中为 SPSS 日期时间数值，长格式 CSV 中为 YYYY-MM-DD HH:MM:SS 文本。',
  '长格式 CSV 为 UTF-8（无 BOM）、RFC 4180 引号规则；以 = + - @ 开头的文本前加了一个单引号，防止表格软件当作公式执行。',
  'R：read.csv("文件.csv", encoding = "UTF-8")；pandas：pd.read_csv("文件.csv")；.sav：haven::read_sav() 或 pd.read_spss()。',
];

const valueText = (v: AnalysisVariable) => (v.valueLabels ?? []).map(([code, label]) => `${code} = ${label}`).join('；');

/** The codebook (.xlsx): 变量 (every .sav variable), 长格式列 (the long CSV's columns) and 说明 (missing values, limits). */
export async function writeCodebook(query: Query, project: ProjectRow, out: Writable): Promise<void> {
  const variables = await projectVariables(query, project);
  const ExcelJS = await excel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const vars = workbook.addWorksheet('变量');
  vars.addRow(['变量名', '变量标签', '类型', '测量级别', '值标签', '题号', '题目', '题型', '分项']).commit();
  for (const v of variables) {
    vars
      .addRow(
        [
          v.name,
          v.label,
          KIND_LABELS[v.kind],
          MEASURE_LABELS[v.measure],
          valueText(v),
          v.subject?.no ?? '',
          v.subject?.title ?? '',
          v.subject?.type ?? '',
          v.part,
        ].map((c) => safeCell(c)),
      )
      .commit();
  }
  vars.commit();
  const long = workbook.addWorksheet('长格式列');
  long.addRow(['列名', '含义']).commit();
  for (const [name, meaning] of LONG_COLUMNS) long.addRow([name, meaning]).commit();
  long.commit();
  const notes = workbook.addWorksheet('说明');
  notes.addRow([`项目：${safeCell(plainTitle(project.title))}`]).commit();
  for (const line of NOTES) notes.addRow([line]).commit();
  notes.commit();
  await workbook.commit();
}
