// The subjects of a project as a sheet (issue 53 item 2): one row per subject — 题号, 题型, 题目, 必答, 分值, 选项1…
// — written by the export and read back by the import. Types whose parts are not a list of options (matrices,
// cascades, products, time slots …) are exported for reading but refused on import with why.
import { plainTitle } from '../result-query';
import { randomUuid } from '../random-id';
import { ZSubject, subjectEntry, type TSubject } from '../subjects/registry';
import { SUBJECT_TYPE, SUBJECT_TYPE_NAMES, UNNUMBERED_SUBJECT_TYPES } from '../subjects/subject-types';
import { escapeHtml } from '../text-import/build';
import { emptyReport, type TTransferReport } from './report';
import { countByType, subjectTypeName } from './wenjuan-json';

export const SHEET_HEADER = ['题号', '题型', '题目', '必答', '分值'] as const;
const FIXED = SHEET_HEADER.length;
export const MAX_SHEET_OPTIONS = 50;
export const MAX_SHEET_ROWS = 2_000;
/** Marks an exam's correct option in its cell. */
export const CORRECT_MARK = '【正确】';

/** Types a row can make: options (or none at all); the rest need parts a row cannot hold. */
const WITH_PARTS = new Set<number>([10, 11, 12, 17, 18, 20, 25, 31, 32, 34, 35, 37, 38]);
export const sheetImportable = (subjectType: number) => !WITH_PARTS.has(subjectType) && subjectType in SUBJECT_TYPE_NAMES;

const TYPE_BY_NAME = new Map<string, number>(Object.entries(SUBJECT_TYPE_NAMES).map(([n, names]) => [names.zh, Number(n)]));
/** 题型 as written by people: "单选题" or "单选". */
export const typeOfName = (name: string): number | undefined => TYPE_BY_NAME.get(name.trim().replace(/题$/, '')) ?? TYPE_BY_NAME.get(name.trim());

type Loose = TSubject & { options?: { uuid: string; title: string; isCorrect?: boolean }[]; description?: string; score?: number };

/** One row of the export: 题号 numbers questions only (a paragraph or page break has none). */
export function subjectRows(subjects: readonly TSubject[]): string[][] {
  let number = 0;
  return subjects.map((s) => {
    const subject = s as Loose;
    const numbered = !UNNUMBERED_SUBJECT_TYPES.has(s.subjectType);
    if (numbered) number += 1;
    const title = plainTitle(subject.title || (s.subjectType === SUBJECT_TYPE.paragraph ? (subject.description ?? '') : ''));
    const options = (subject.options ?? []).map((o) => plainTitle(o.title) + (o.isCorrect ? CORRECT_MARK : ''));
    const score = subject.score === undefined ? '' : String(subject.score);
    return [numbered ? String(number) : '', `${subjectTypeName(s.subjectType)}题`, title, subject.required ? '是' : '否', score, ...options];
  });
}

export interface SheetRow {
  /** The row number as Excel shows it. */
  line: number;
  cells: string[];
}

const YES = new Set(['是', '必答', 'y', 'yes', 'true', '1', '√']);

/** A row's subject, or why it cannot be one. */
function rowSubject(row: SheetRow, index: number, newId: () => string): TSubject | string {
  const [, typeCell = '', titleCell = '', requiredCell = '', scoreCell = ''] = row.cells;
  if (!typeCell.trim()) return '缺少题型';
  const subjectType = typeOfName(typeCell);
  if (subjectType === undefined) return `不认识的题型「${typeCell.trim()}」`;
  if (!sheetImportable(subjectType)) return `${subjectTypeName(subjectType)}题的结构无法用表格表示，请用完整 JSON 导入`;
  const title = titleCell.trim();
  if (!title && subjectType !== SUBJECT_TYPE.pageBreak && subjectType !== SUBJECT_TYPE.divider) return '缺少题目';
  const subject = subjectEntry(subjectType).create({ uuid: newId(), indexSort: index + 1, newId }) as Loose & Record<string, unknown>;
  if (subjectType === SUBJECT_TYPE.paragraph) Object.assign(subject, { title: '', description: `<p>${escapeHtml(title)}</p>` });
  else if ('title' in subject) subject.title = escapeHtml(title);
  if ('required' in subject) subject.required = YES.has(requiredCell.trim().toLowerCase());
  if (scoreCell.trim()) {
    const score = Number(scoreCell.trim());
    if (!Number.isFinite(score) || score < 0) return `分值「${scoreCell.trim()}」不是有效的数字`;
    subject.score = score;
  }
  if (subjectEntry(subjectType).hasOptions) {
    const texts = row.cells
      .slice(FIXED)
      .map((c) => c.trim())
      .filter(Boolean);
    if (!texts.length) return '缺少选项';
    if (texts.length > MAX_SHEET_OPTIONS) return `选项过多（最多 ${MAX_SHEET_OPTIONS} 个）`;
    subject.options = texts.map((text) => {
      const correct = text.endsWith(CORRECT_MARK);
      const option = { uuid: newId(), title: escapeHtml(correct ? text.slice(0, -CORRECT_MARK.length).trim() : text) };
      return correct ? { ...option, isCorrect: true } : option;
    });
  }
  const parsed = ZSubject.safeParse(subject);
  return parsed.success ? parsed.data : `内容无效：${parsed.error.issues[0]!.message}`;
}

/** The sheet's subjects in row order and a report naming every refused row with its reason. */
export function subjectsFromRows(rows: readonly SheetRow[], newId: () => string = randomUuid): { subjects: TSubject[]; report: TTransferReport } {
  const report = emptyReport();
  const subjects: TSubject[] = [];
  for (const row of rows) {
    const made = rowSubject(row, subjects.length, newId);
    if (typeof made === 'string')
      report.unmapped.push({ where: `第 ${row.line} 行`, what: row.cells[2]?.trim() || row.cells[1]?.trim() || '（空）', reason: made });
    else subjects.push(made);
  }
  countByType(subjects, 'Excel', report);
  return { subjects, report };
}

/** The header row: the fixed columns and 选项1…N for the widest subject. */
export function sheetHeader(rows: readonly string[][]): string[] {
  const widest = Math.max(0, ...rows.map((r) => r.length - FIXED));
  return [...SHEET_HEADER, ...Array.from({ length: widest }, (_, i) => `选项${i + 1}`)];
}
