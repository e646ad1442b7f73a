import { z } from 'zod/mini';
import { ZId, ZSubjectBase, baseDefaults, defaultLabelled, defineSubjectType, own, textLength } from '../base';
import { hasText, unknownKeys } from '../grid';
import { msg, type SubjectMessage } from '../messages';
import { ZMatrix } from './matrix-single';

export const CELL_MAX_LENGTH = 500;

export const ZMatrixTextSubject = z.extend(ZSubjectBase, { subjectType: z.literal(25), ...ZMatrix });
export type TMatrixTextSubject = z.infer<typeof ZMatrixTextSubject>;

/** Text per column uuid per row uuid. */
export const ZMatrixTextAnswer = z.record(ZId, z.record(ZId, z.string().check(z.maxLength(10_000))));

export const matrixText = defineSubjectType(
  ZMatrixTextSubject,
  ZMatrixTextAnswer,
)({
  subjectType: 25,
  matrix: true,
  create: (init) => ({
    ...baseDefaults(init, '矩阵填空题'),
    subjectType: 25,
    rows: defaultLabelled(init, ['行1', '行2']),
    columns: defaultLabelled(init, ['列1', '列2']),
  }),
  rules: (s, a) => {
    const out: SubjectMessage[] = unknownKeys(a, s.rows);
    for (const cells of Object.values(a)) out.push(...unknownKeys(cells, s.columns));
    if (out.length) return out;
    for (const row of s.rows) {
      for (const col of s.columns) {
        const text = own(own(a, row.uuid), col.uuid);
        const ref = `${row.uuid}:${col.uuid}`;
        if (s.required && !hasText(text)) out.push(msg.cellRequired(row.title, col.title, ref));
        else if (text !== undefined && textLength(text) > CELL_MAX_LENGTH) out.push(msg.maxLength(CELL_MAX_LENGTH, ref));
      }
    }
    return out;
  },
  // Filled cells row by row, joined with ", ".
  format: (s, a) =>
    s.rows
      .flatMap((r) => s.columns.map((c) => own(own(a, r.uuid), c.uuid)?.trim() ?? ''))
      .filter(Boolean)
      .join(', '),
});
