import type { TExportMode } from '../../../schemas/api/report';
import { answerFiles } from '../../../schemas/subjects/answer-files';
import { own } from '../../../schemas/subjects/base';
import { answerFacts, formatAnswer, type TSubject } from '../../../schemas/subjects/registry';
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
const NUMBER_TYPES = new Set([19, 21, 22, 23, 24]);
const CHOICE_TYPES = new Set([1, 2, 3, 5, 8]);
const MATRIX_TYPES = new Set([11, 12, 18, 25]);

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

/** Row cells of a matrix: 11 the chosen column, 12 the chosen columns, 18 the point, 25 the filled cells. */
function matrixCell(s: TSubject, row: string, raw: unknown): Cell {
  const columns = parts(s, 'columns');
  const title = (id: unknown) => columns.find((c) => c.uuid === id)?.title ?? '';
  const v = own(raw as Record<string, unknown>, row);
  if (v === undefined || v === null) return '';
  if (s.subjectType === 11) return title(v);
  if (s.subjectType === 12)
    return Array.isArray(v)
      ? columns
          .filter((c) => v.includes(c.uuid))
          .map((c) => c.title)
          .join(', ')
      : '';
  if (s.subjectType === 18) return typeof v === 'number' ? v : '';
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
    .map((f) => (s.subjectType === 33 ? absoluteUrl(origin, f.fileUrl) : `${f.fileName}（${absoluteUrl(origin, f.fileUrl)}）`))
    .join(', ');

function subjectColumns(item: ReportSubject, mode: TExportMode, origin: string): Column[] {
  const s = item.subject;
  const label = subjectLabel(item);
  if (s.subjectType === 9) {
    return parts(s, 'options').map((o) =>
      column(s, `${label} - ${o.title}`, (raw) => {
        const at = answerFacts(s, raw).chosen.indexOf(o.uuid);
        return at < 0 ? '' : at + 1;
      }),
    );
  }
  if (MATRIX_TYPES.has(s.subjectType)) {
    const rows = parts(s, 'rows');
    if (mode === 'option' && (s.subjectType === 11 || s.subjectType === 12)) {
      return rows.flatMap((r) =>
        parts(s, 'columns').map((c) =>
          column(s, `${label} - ${r.title}:${c.title}`, (raw) => (answerFacts(s, raw).chosen.includes(`${r.uuid}:${c.uuid}`) ? 1 : 0)),
        ),
      );
    }
    return rows.map((r) => column(s, `${label} - ${r.title}`, (raw) => matrixCell(s, r.uuid, raw)));
  }
  if (mode === 'option' && CHOICE_TYPES.has(s.subjectType)) {
    return parts(s, 'options').map((o) =>
      column(s, `${label} - ${o.title}`, (raw) => (answerFacts(s, raw).empty ? '' : answerFacts(s, raw).chosen.includes(o.uuid) ? 1 : 0)),
    );
  }
  if (NUMBER_TYPES.has(s.subjectType)) return [column(s, label, (raw) => numberOf(s, raw))];
  if (s.subjectType === 13 || s.subjectType === 33) return [column(s, label, (raw) => filesText(s, raw, origin))];
  if (s.subjectType === 38) {
    const parsed = (raw: unknown) => evaluationParts(Array.isArray(raw) ? (raw as TEvaluationAnswer) : []);
    return [
      column(s, `${label} - 评分`, (raw) => parsed(raw).scores[0] ?? ''),
      column(s, `${label} - 标签`, (raw) => parsed(raw).labels.join('、')),
      column(s, `${label} - 评语`, (raw) => parsed(raw).comment),
    ];
  }
  return [column(s, label, (raw) => formatAnswer(s, raw))];
}

/** Every answer column of the export, subjects in display order. */
export const exportColumns = (list: ReportSubject[], mode: TExportMode, origin: string): Column[] => list.flatMap((item) => subjectColumns(item, mode, origin));
