import { own } from '../../../../schemas/subjects/base';
import { answerFacts, subjectEntry, type TSubject } from '../../../../schemas/subjects/registry';
import { SUBJECT_TYPE, SUBJECT_TYPE_NAMES } from '../../../../schemas/subjects/subject-types';
import { PROJECT_ZONE_LABEL } from '../../../../schemas/project-time';
import type { TMeasure } from '../sav/sav-records';
import { SKIPPED, exportColumns } from '../export-columns';
import { plainTitle, type ReportSubject } from '../report-subjects';

/**
 * The variables of the analysis exports (SPSS .sav, long CSV, codebook; docs/decisions.md "Issue 53 (helper
 * analysis-exports)"): meta variables, then per subject in display order
 * - single choice (and dropdown / image choice without multiple): one code 1..n, value labels the option texts;
 * - multiple choice: one 0/1 flag per option (label 「题目：选项」, 0 未选 1 选中);
 * - matrix single: one code per row (value labels the columns); matrix multiple: one 0/1 flag per row × column;
 * - numbers, scales, NPS, ratings, sliders, matrix scale rows, ranking positions, evaluation scores: numeric;
 * - everything else (text, dates, region, cascade, files as links, matrix text rows, fill-in texts): strings.
 * Unanswered or skipped = system-missing (numbers) or blank (strings).
 */
export type VariableKind = 'number' | 'code' | 'flag' | 'string' | 'datetime';

/** One sheet as the variables read it. */
export interface AnalysisSheet {
  no: number;
  publicId: string;
  createdAt: Date;
  durationSeconds: number;
  score: number | null;
  answers: Record<string, unknown>;
  skipped: (uuid: string) => boolean;
  /** Each subject's shown, non-empty answer and its facts, read once per sheet (a subject has many variables). */
  memo?: Map<string, { raw: unknown; chosen: readonly string[] } | null>;
}

export type AnalysisValue = number | string | null;

export interface AnalysisVariable {
  name: string;
  label: string;
  kind: VariableKind;
  measure: TMeasure;
  valueLabels?: [number, string][];
  /** The subject the variable reads (null for meta variables). */
  subject: { no: string; id: string; title: string; type: string } | null;
  /** Row / option / part of the subject the variable holds ('' for the whole subject). */
  part: string;
  /** A flag's meaning in the long CSV: the code and label of the option (or column) it stands for. */
  flag?: { code: number; label: string };
  value: (sheet: AnalysisSheet) => AnalysisValue;
}

type Part = { uuid: string; title: string };
const partsOf = (s: TSubject, key: 'options' | 'rows' | 'columns'): Part[] =>
  ((s as unknown as Record<string, Part[] | undefined>)[key] ?? []).map((p) => ({ uuid: p.uuid, title: plainTitle(p.title) }));

const FLAG_LABELS: [number, string][] = [
  [0, '未选'],
  [1, '选中'],
];

/** A present, shown answer with the options it chose, or null (skipped, unanswered); read once per sheet. */
function readAnswer(s: TSubject, sheet: AnalysisSheet): { raw: unknown; chosen: readonly string[] } | null {
  sheet.memo ??= new Map();
  const known = sheet.memo.get(s.uuid);
  if (known !== undefined) return known;
  let got: { raw: unknown; chosen: readonly string[] } | null = null;
  if (!sheet.skipped(s.uuid)) {
    const raw = own(sheet.answers, s.uuid);
    if (raw !== undefined && raw !== null) {
      const facts = answerFacts(s, raw);
      if (!facts.empty) got = { raw, chosen: facts.chosen };
    }
  }
  sheet.memo.set(s.uuid, got);
  return got;
}

/** A present, shown answer, or undefined (skipped, unanswered). */
const answerOf = (s: TSubject, sheet: AnalysisSheet): unknown => readAnswer(s, sheet)?.raw;

export const META_EXAM_SCORE = 'total_score';

/** 序号, 答卷编号, 提交时间 (SPSS date-time in the project's zone), 用时, and 总分 for exams. */
export function metaVariables(exam: boolean): AnalysisVariable[] {
  const meta = (name: string, label: string, kind: VariableKind, measure: TMeasure, value: AnalysisVariable['value']): AnalysisVariable => ({
    name,
    label,
    kind,
    measure,
    subject: null,
    part: '',
    value,
  });
  return [
    meta('sheet_no', '序号', 'number', 'scale', (s) => s.no),
    meta('sheet_id', '答卷编号', 'string', 'nominal', (s) => s.publicId),
    meta('submit_time', `提交时间（${PROJECT_ZONE_LABEL}）`, 'datetime', 'scale', (s) => spssDateTime(s.createdAt)),
    meta('duration_s', '用时（秒）', 'number', 'scale', (s) => s.durationSeconds),
    ...(exam ? [meta(META_EXAM_SCORE, '总分', 'number', 'scale', (s) => s.score)] : []),
  ];
}

/** Seconds from 1582-10-14 (SPSS's day zero) to 1970-01-01. */
const SPSS_EPOCH_SECONDS = 12_219_379_200;
const ZONE_SECONDS = 8 * 3600;

/** An instant as SPSS date-time: seconds since 1582-10-14 00:00 on the project's clock (UTC+8). */
export const spssDateTime = (at: Date): number => Math.floor(at.getTime() / 1000) + ZONE_SECONDS + SPSS_EPOCH_SECONDS;

const isMultiple = (s: TSubject): boolean => {
  const m = subjectEntry(s.subjectType).multiple;
  return m === 'bySubject' ? Boolean((s as { multiple?: boolean }).multiple) : m;
};

interface SubjectCtx {
  item: ReportSubject;
  base: string;
  info: NonNullable<AnalysisVariable['subject']>;
  title: string;
}

function variable(
  ctx: SubjectCtx,
  suffix: string,
  part: string,
  kind: VariableKind,
  value: AnalysisVariable['value'],
  extra: Partial<AnalysisVariable> = {},
): AnalysisVariable {
  const measure: TMeasure = kind === 'number' ? 'scale' : 'nominal';
  return { name: `${ctx.base}${suffix}`, label: part ? `${ctx.title}：${part}` : ctx.title, kind, measure, subject: ctx.info, part, value, ...extra };
}

function choiceVariables(ctx: SubjectCtx): AnalysisVariable[] {
  const s = ctx.item.subject;
  const options = partsOf(s, 'options');
  const chosen = (sheet: AnalysisSheet) => readAnswer(s, sheet)?.chosen ?? null;
  const out: AnalysisVariable[] = isMultiple(s)
    ? options.map((o, k) =>
        variable(
          ctx,
          `_${k + 1}`,
          o.title,
          'flag',
          (sheet) => {
            const c = chosen(sheet);
            return c === null ? null : c.includes(o.uuid) ? 1 : 0;
          },
          { valueLabels: FLAG_LABELS, flag: { code: k + 1, label: o.title } },
        ),
      )
    : [
        variable(
          ctx,
          '',
          '',
          'code',
          (sheet) => {
            const at = options.findIndex((o) => chosen(sheet)?.[0] === o.uuid);
            return at < 0 ? null : at + 1;
          },
          { valueLabels: options.map((o, k) => [k + 1, o.title]) },
        ),
      ];
  const fills = (s as { options?: { uuid: string; fillIn?: boolean }[] }).options ?? [];
  if (s.subjectType === SUBJECT_TYPE.optionFill || fills.some((o) => o.fillIn)) {
    out.push(
      variable(ctx, '_text', '填写内容', 'string', (sheet) => {
        const raw = answerOf(s, sheet) as { texts?: Record<string, string> } | undefined;
        const texts = Object.values(raw?.texts ?? {})
          .map((t) => t.trim())
          .filter(Boolean);
        return texts.length ? texts.join('; ') : null;
      }),
    );
  }
  return out;
}

function matrixChoiceVariables(ctx: SubjectCtx): AnalysisVariable[] {
  const s = ctx.item.subject;
  const rows = partsOf(s, 'rows');
  const columns = partsOf(s, 'columns');
  const cell = (sheet: AnalysisSheet, row: string) => {
    const raw = answerOf(s, sheet);
    return raw === undefined ? undefined : own(raw as Record<string, unknown>, row);
  };
  if (s.subjectType === SUBJECT_TYPE.matrixSingle) {
    const labels: [number, string][] = columns.map((c, k) => [k + 1, c.title]);
    return rows.map((r, i) =>
      variable(
        ctx,
        `_${i + 1}`,
        r.title,
        'code',
        (sheet) => {
          const at = columns.findIndex((c) => c.uuid === cell(sheet, r.uuid));
          return at < 0 ? null : at + 1;
        },
        { valueLabels: labels },
      ),
    );
  }
  return rows.flatMap((r, i) =>
    columns.map((c, k) =>
      variable(
        ctx,
        `_${i + 1}_${k + 1}`,
        `${r.title}：${c.title}`,
        'flag',
        (sheet) => {
          if (answerOf(s, sheet) === undefined) return null;
          const v = cell(sheet, r.uuid);
          return Array.isArray(v) && v.includes(c.uuid) ? 1 : 0;
        },
        { valueLabels: FLAG_LABELS, flag: { code: k + 1, label: c.title }, part: r.title },
      ),
    ),
  );
}

/** Other subjects: the Excel export's columns (export-columns.ts), numbers as numbers and text as strings. */
function columnVariables(ctx: SubjectCtx): AnalysisVariable[] {
  const s = ctx.item.subject;
  const format = subjectEntry(s.subjectType).exportFormat;
  const numeric = (k: number) =>
    format === 'number' || format === 'ranking' || s.subjectType === SUBJECT_TYPE.matrixScale || (format === 'evaluation' && k === 0);
  const columns = exportColumns([ctx.item], 'subject', '');
  const prefix = `${ctx.item.index ? `${ctx.item.index}. ` : ''}${ctx.title} - `;
  return columns.map((c, k) => {
    const part = c.header.startsWith(prefix) ? c.header.slice(prefix.length) : '';
    const kind: VariableKind = numeric(k) ? 'number' : 'string';
    return variable(
      ctx,
      columns.length > 1 ? `_${k + 1}` : '',
      part,
      kind,
      (sheet) => {
        const v = c.cell(sheet);
        if (v === SKIPPED || v === '') return null;
        if (kind === 'number') return typeof v === 'number' ? v : null;
        return String(v);
      },
      format === 'ranking' || s.subjectType === SUBJECT_TYPE.matrixScale ? { measure: 'ordinal' } : {},
    );
  });
}

/** Every variable of the export: meta first, then each answerable subject's, names unique (Q<no>, Q<no>_<k>). */
export function analysisVariables(list: ReportSubject[], exam: boolean): AnalysisVariable[] {
  const out = metaVariables(exam);
  const used = new Set(out.map((v) => v.name.toLowerCase()));
  list.forEach((item, position) => {
    const s = item.subject;
    let base = item.index ? `Q${item.index}` : `S${position + 1}`;
    while (used.has(base.toLowerCase())) base = `${base}x`;
    const title = plainTitle(s.title) || `第 ${position + 1} 题`;
    const typeName = SUBJECT_TYPE_NAMES[s.subjectType as keyof typeof SUBJECT_TYPE_NAMES]?.zh ?? String(s.subjectType);
    const ctx: SubjectCtx = { item, base, title, info: { no: item.index ? String(item.index) : '', id: s.uuid, title, type: typeName } };
    const entry = subjectEntry(s.subjectType);
    const vars =
      entry.exportFormat === 'choice' && entry.hasOptions
        ? choiceVariables(ctx)
        : entry.exportFormat === 'matrixChoice'
          ? matrixChoiceVariables(ctx)
          : columnVariables(ctx);
    for (const v of vars) {
      used.add(v.name.toLowerCase());
      out.push(v);
    }
    used.add(base.toLowerCase());
  });
  return out;
}
