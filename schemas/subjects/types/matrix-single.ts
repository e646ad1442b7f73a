import { z } from 'zod/mini';
import { ZId, ZLabelled, ZParts, ZSubjectBase, baseDefaults, defaultLabelled, defineSubjectType, own } from '../base';
import { missingRows, unknownKeys } from '../grid';
import { msg } from '../messages';

export const ZMatrix = { rows: ZParts(ZLabelled, 1, 200), columns: ZParts(ZLabelled, 1, 50) };

export const ZMatrixSingleSubject = z.extend(ZSubjectBase, { subjectType: z.literal(11), ...ZMatrix });
export type TMatrixSingleSubject = z.infer<typeof ZMatrixSingleSubject>;

/** Column uuid per row uuid. */
export const ZMatrixSingleAnswer = z.record(ZId, ZId);

export const matrixSingle = defineSubjectType(
  ZMatrixSingleSubject,
  ZMatrixSingleAnswer,
)({
  subjectType: 11,
  matrix: true,
  reportKind: 'matrix',
  exportFormat: 'matrixChoice',
  create: (init) => ({
    ...baseDefaults(init, '矩阵单选题'),
    subjectType: 11,
    rows: defaultLabelled(init, ['行1', '行2']),
    columns: defaultLabelled(init, ['很不满意', '不满意', '一般', '满意', '很满意']),
  }),
  rules: (s, a) => {
    const unknown = unknownKeys(a, s.rows);
    const columns = new Set(s.columns.map((c) => c.uuid));
    unknown.push(
      ...Object.values(a)
        .filter((c) => !columns.has(c))
        .map((c) => msg.unknownPart(c)),
    );
    if (unknown.length) return unknown;
    return s.required ? missingRows(s.rows, (r) => own(a, r) !== undefined) : [];
  },
  // The chosen column of each answered row, in row order, joined with ", ".
  format: (s, a) => {
    const title = new Map(s.columns.map((c) => [c.uuid, c.title]));
    return s.rows
      .filter((r) => own(a, r.uuid) !== undefined)
      .map((r) => title.get(own(a, r.uuid)!) ?? '')
      .join(', ');
  },
  facts: (_s, a) => ({ chosen: Object.entries(a).map(([row, col]) => `${row}:${col}`) }),
  logic: (s) => ({ choices: s.rows.flatMap((r) => s.columns.map((c) => `${r.uuid}:${c.uuid}`)) }),
});
