// Our matrices ↔ SurveyJS matrix (single / checkbox cells / numeric scale columns) and matrixdropdown (text cells).
import type { TLabelled } from '../../subjects/base';
import type { TSubjectOf } from '../../subjects/registry';
import { choiceValue, readChoices } from './choices';
import { toPlain, toTitleHtml } from './text';
import type { SjObject } from './types';

type Matrix = TSubjectOf<11> | TSubjectOf<12> | TSubjectOf<18> | TSubjectOf<25>;

const itemsOut = (parts: readonly TLabelled[]) => {
  const values = new Map<string, string>();
  const items = parts.map((p, i) => {
    const value = choiceValue(p, i);
    values.set(p.uuid, value);
    return { value, text: toPlain(p.title) || value };
  });
  return { items, values };
};

export interface MatrixOut {
  element: SjObject;
  rowValue: Map<string, string>;
  /** Cell value by column uuid (scale: by point). */
  cellValue: (column: string) => string | number | undefined;
}

export function matrixOut(s: Matrix): MatrixOut {
  const rows = itemsOut(s.rows);
  const base: SjObject = { rows: rows.items };
  if (s.required) Object.assign(base, { isRequired: true, eachRowRequired: true });
  if (s.subjectType === 18) {
    const columns = Array.from({ length: s.points }, (_, i) => {
      const point = s.start + i;
      const label = s.labels?.[i] || (i === 0 ? s.minLabel : i === s.points - 1 ? s.maxLabel : '');
      return { value: point, text: label ? `${point} ${label}` : String(point) };
    });
    const points = new Set(columns.map((c) => String(c.value)));
    return { element: { type: 'matrix', ...base, columns }, rowValue: rows.values, cellValue: (c) => (points.has(c) ? Number(c) : undefined) };
  }
  const columns = itemsOut(s.columns);
  if (s.subjectType === 25) {
    const element = { type: 'matrixdropdown', ...base, columns: columns.items.map((c) => ({ name: c.value, title: c.text, cellType: 'text' })) };
    delete (element as SjObject).eachRowRequired;
    if (s.required) element.columns.forEach((c) => Object.assign(c, { isRequired: true }));
    return { element, rowValue: rows.values, cellValue: () => undefined };
  }
  const element: SjObject = { type: 'matrix', ...base, columns: columns.items };
  if (s.subjectType === 12) element.cellType = 'checkbox';
  return { element, rowValue: rows.values, cellValue: (c) => columns.values.get(c) };
}

export interface MatrixPart {
  value: string | number;
  title: string;
}

/** Rows or columns of a matrix (matrixdropdown columns use `name` / `title`). */
export function readParts(raw: unknown): MatrixPart[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const named = raw.map((c) =>
    c && typeof c === 'object' && 'name' in c && !('value' in c) ? { ...c, value: (c as SjObject).name, text: (c as SjObject).title } : c,
  );
  const choices = readChoices(named);
  return choices?.map((c) => ({ value: typeof c.value === 'boolean' ? String(c.value) : c.value, title: c.text }));
}

/** Numeric columns 0..n or 1..n (2 to 11 points): a scale matrix. */
export function scaleOf(columns: readonly MatrixPart[]): { start: 0 | 1; points: number; labels: string[] } | undefined {
  const nums = columns.map((c) => Number(c.value));
  const start = nums[0];
  if ((start !== 0 && start !== 1) || nums.length < 2 || nums.length > 11 || nums.some((n, i) => n !== start + i)) return undefined;
  const labels = columns.map((c) => c.title.replace(new RegExp(`^${Number(c.value)}\\s*`), '').trim());
  return { start, points: nums.length, labels };
}

export const labelledIn = (parts: readonly MatrixPart[], newId: () => string): TLabelled[] =>
  parts.map((p) => ({ uuid: newId(), title: toTitleHtml(p.title, 2_000) || String(p.value) }));
