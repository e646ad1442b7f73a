// What a subject type is, as data the rest of the tree chooses by (report, export, text import, editor calls,
// uploads). Each type file states only the traits that differ from the defaults below; `numbered` lives in
// subject-types.ts (zod-free, for small bundles) and `answerable` is "has an answer schema".

/** How the report counts a subject's answers (schemas/api/report.ts TSubjectStat.kind, plus 'none'). */
export type ReportKind = 'choice' | 'matrix' | 'number' | 'ranking' | 'sum' | 'text' | 'none';

/**
 * The columns an Excel / CSV export gives a subject (server/services/report/export-columns.ts):
 * choice: one column, or one 1/0 column per option in the by-option layout; matrixChoice: one column per row,
 * or one 1/0 column per cell in the by-option layout; matrix: one column per row; ranking: one column per
 * option holding its position; number: a number cell; files: absolute links; evaluation: score, labels and
 * comment columns; text: the formatted answer; none: no column (not answerable).
 */
export type ExportFormat = 'choice' | 'matrixChoice' | 'matrix' | 'ranking' | 'number' | 'files' | 'evaluation' | 'text' | 'none';

/** One point of a small integer scale: the report draws a bar per point and a matrix scale a column per point. */
export interface ReportPoint {
  value: number;
  title: string;
}

export interface SubjectTraits {
  /** The subject has `options: TOption[]` (choices, dropdown, image choice, option fill, ranking). */
  hasOptions: boolean;
  /** An answer may hold more than one choice; 'bySubject': when the subject's own `multiple` is set. */
  multiple: boolean | 'bySubject';
  reportKind: ReportKind;
  exportFormat: ExportFormat;
  /** Edited by the gauge call (updateSubjectGauge): scales, NPS, stars, slider, evaluation. */
  gauge: boolean;
  /** Edited by the cascade call (updateSubjectCascade): a tree of choices. */
  cascade: boolean;
  /** Rows × columns, edited by the matrix call (updateSubjectMatrix). */
  matrix: boolean;
  /** The answer holds uploaded files (file upload, signature): zip export, upload checks, file links. */
  uploads: boolean;
  /** Free text worth a word-frequency list on the report card. */
  words: boolean;
}

export const DEFAULT_TRAITS = {
  hasOptions: false,
  multiple: false,
  gauge: false,
  cascade: false,
  matrix: false,
  uploads: false,
  words: false,
} as const satisfies Omit<SubjectTraits, 'reportKind' | 'exportFormat'>;

const EXPORT_OF_KIND: Record<ReportKind, ExportFormat> = {
  choice: 'choice',
  matrix: 'matrix',
  number: 'number',
  ranking: 'ranking',
  sum: 'text',
  text: 'text',
  none: 'none',
};

/** Every trait of a type: what its file declared (other keys of `declared` are ignored), the defaults for the rest. */
export function withDefaults(declared: Partial<SubjectTraits>, answerable: boolean): SubjectTraits {
  const d = DEFAULT_TRAITS;
  const traits = {
    hasOptions: declared.hasOptions ?? d.hasOptions,
    multiple: declared.multiple ?? d.multiple,
    gauge: declared.gauge ?? d.gauge,
    cascade: declared.cascade ?? d.cascade,
    matrix: declared.matrix ?? d.matrix,
    uploads: declared.uploads ?? d.uploads,
    words: declared.words ?? d.words,
  };
  const reportKind = declared.reportKind ?? (answerable ? 'text' : 'none');
  const exportFormat = declared.exportFormat ?? (traits.uploads ? 'files' : traits.matrix ? 'matrix' : EXPORT_OF_KIND[reportKind]);
  return { ...traits, reportKind, exportFormat };
}

/** The points from..to, each titled by `title`. */
export const pointsFrom = (from: number, to: number, title: (v: number) => string): ReportPoint[] =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => ({ value: from + i, title: title(from + i) }));
