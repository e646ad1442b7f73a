import type { TExportMode } from '../../../schemas/api/report';
import { answerFiles } from '../../../schemas/subjects/answer-files';
import { own } from '../../../schemas/subjects/base';
import { answerFacts, formatAnswer, subjectEntry, type TSubject } from '../../../schemas/subjects/registry';
import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';
import { evaluationParts, type TEvaluationAnswer } from '../../../schemas/subjects/types/evaluation';
import { plainTitle, type ReportSubject } from './report-subjects';

/**
 * The answer columns of an Excel / CSV export (docs/decisions.md "Exports keep every answer"):
 * - a subject the sheet's logic skipped reads SKIPPED in each of its columns; a subject shown but left empty is
 *   blank; in the by-option layout an answered subject's options read 1 (chosen) or 0 (not chosen);
 * - a matrix takes one column per row, a ranking one column per option holding its position (1 = first);
 * - ratings, NPS, scales, sliders, numbers and evaluation scores are number cells;
 * - uploaded files and signatures are absolute links on the site the export was asked from.
 */
export const SKIPPED = '(跳过)';

export type Cell = string | number;

/** One sheet as the columns read it. */
export interface SheetView {
  answers: Record<string, unknown>;
  /** True when the sheet's logic hid the subject (jump, display condition, random draw). */
  skipped: (uuid: string) => boolean;
}

export interface Column {
  header: string;
  cell: (sheet: SheetView) => Cell;
}

type Part = { uuid: string; title: string };

const subjectLabel = ({ subject, index }: ReportSubject) => `${index ? `${index}. ` : ''}${plainTitle(subject.title)}`;
const parts = (s: TSubject, key: 'options' | 'rows' | 'columns'): Part[] =>
  ((s as unknown as Record<string, Part[] | undefined>)[key] ?? []).map((p) => ({ uuid: p.uuid, title: plainTitle(p.title) }));

/** Absolute address of a site-relative link ("/uploads/x" → "https://host/uploads/x"). */
export const absoluteUrl = (origin: string, url: string) => (url.startsWith('/') && !url.startsWith('//') ? `${origin}${url}` : url);

/** A column of one subject: skipped and empty answers handled once, `value` reads a present answer. */
function column(s: TSubject, header: string, value: (raw: unknown) => Cell): Column {
  return {
    header,
    cell: (sheet) => {
      if (sheet.skipped(s.uuid)) return SKIPPED;
      const raw = own(sheet.answers, s.uuid);
      return raw === undefined || raw === null ? '' : value(raw);
    },
  };
}

/** Row cells of a matrix: single the chosen column, multiple the chosen columns, scale the point, text the filled cells. */
function matrixCell(s: TSubject, row: string, raw: unknown): Cell {
  const columns = parts(s, 'columns');
  const title = (id: unknown) => columns.find((c) => c.uuid === id)?.title ?? '';
  const v = own(raw as Record<string, unknown>, row);
  if (v === undefined || v === null) return '';
  if (s.subjectType === SUBJECT_TYPE.matrixSingle) return title(v);
  if (s.subjectType === SUBJECT_TYPE.matrixMultiple)
    return Array.isArray(v)
      ? columns
          .filter((c) => v.includes(c.uuid))
          .map((c) => c.title)
          .join(', ')
      : '';
  if (s.subjectType === SUBJECT_TYPE.matrixScale) return typeof v === 'number' ? v : '';
  const cells = v as Record<string, unknown>;
  return columns
    .map((c) => [c.title, own(cells, c.uuid)] as const)
    .filter(([, text]) => typeof text === 'string' && text.trim() !== '')
    .map(([t, text]) => `${t}:${String(text).trim()}`)
    .join(', ');
}

const numberOf = (s: TSubject, raw: unknown): Cell => answerFacts(s, raw).number ?? '';

const filesText = (s: TSubject, raw: unknown, origin: string) =>
  answerFiles(s.subjectType, raw)
    .map((f) => (s.subjectType === SUBJECT_TYPE.signature ? absoluteUrl(origin, f.fileUrl) : `${f.fileName}（${absoluteUrl(origin, f.fileUrl)}）`))
    .join(', ');

/** The columns of one subject, by its type's exportFormat. */
function subjectColumns(item: ReportSubject, mode: TExportMode, origin: string): Column[] {
  const s = item.subject;
  const label = subjectLabel(item);
  const format = subjectEntry(s.subjectType).exportFormat;
  switch (format) {
    case 'ranking':
      return parts(s, 'options').map((o) =>
        column(s, `${label} - ${o.title}`, (raw) => {
          const at = answerFacts(s, raw).chosen.indexOf(o.uuid);
          return at < 0 ? '' : at + 1;
        }),
      );
    case 'matrixChoice':
    case 'matrix': {
      const rows = parts(s, 'rows');
      if (mode === 'option' && format === 'matrixChoice') {
        return rows.flatMap((r) =>
          parts(s, 'columns').map((c) =>
            column(s, `${label} - ${r.title}:${c.title}`, (raw) => (answerFacts(s, raw).chosen.includes(`${r.uuid}:${c.uuid}`) ? 1 : 0)),
          ),
        );
      }
      return rows.map((r) => column(s, `${label} - ${r.title}`, (raw) => matrixCell(s, r.uuid, raw)));
    }
    case 'choice':
      if (mode !== 'option') break;
      return parts(s, 'options').map((o) =>
        column(s, `${label} - ${o.title}`, (raw) => (answerFacts(s, raw).empty ? '' : answerFacts(s, raw).chosen.includes(o.uuid) ? 1 : 0)),
      );
    case 'number':
      return [column(s, label, (raw) => numberOf(s, raw))];
    case 'files':
      return [column(s, label, (raw) => filesText(s, raw, origin))];
    case 'evaluation': {
      const parsed = (raw: unknown) => evaluationParts(Array.isArray(raw) ? (raw as TEvaluationAnswer) : []);
      return [
        column(s, `${label} - 评分`, (raw) => parsed(raw).scores[0] ?? ''),
        column(s, `${label} - 标签`, (raw) => parsed(raw).labels.join('、')),
        column(s, `${label} - 评语`, (raw) => parsed(raw).comment),
      ];
    }
    case 'none':
      return [];
  }
  return [column(s, label, (raw) => formatAnswer(s, raw))];
}

/** Every answer column of the export, subjects in display order. */
export const exportColumns = (list: ReportSubject[], mode: TExportMode, origin: string): Column[] => list.flatMap((item) => subjectColumns(item, mode, origin));
