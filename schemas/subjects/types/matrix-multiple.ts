import { z } from 'zod/mini';
import { ZId, ZSubjectBase, baseDefaults, defaultLabelled, defineSubjectType, own } from '../base';
import { missingRows, unknownKeys } from '../grid';
import { msg, type SubjectMessage } from '../messages';
import { ZMatrix } from './matrix-single';

export const ZMatrixMultipleSubject = z
  .extend(ZSubjectBase, {
    subjectType: z.literal(12),
    ...ZMatrix,
    minPerRow: z.optional(z.number().check(z.int(), z.gte(1), z.lte(50))),
    maxPerRow: z.optional(z.number().check(z.int(), z.gte(1), z.lte(50))),
  })
  .check(
    z.refine((c) => (c.minPerRow ?? 1) <= Math.min(c.maxPerRow ?? Infinity, c.columns.length), {
      message: '每行最少选择数与最多选择数或列数不符',
      path: ['minPerRow'],
    }),
  );
export type TMatrixMultipleSubject = z.infer<typeof ZMatrixMultipleSubject>;

/** Column uuids per row uuid. */
export const ZMatrixMultipleAnswer = z.record(ZId, z.array(ZId).check(z.maxLength(50)));

export const matrixMultiple = defineSubjectType(
  ZMatrixMultipleSubject,
  ZMatrixMultipleAnswer,
)({
  subjectType: 12,
  matrix: true,
  multiple: true,
  reportKind: 'matrix',
  exportFormat: 'matrixChoice',
  create: (init) => ({
    ...baseDefaults(init, '矩阵多选题'),
    subjectType: 12,
    rows: defaultLabelled(init, ['行1', '行2']),
    columns: defaultLabelled(init, ['选项1', '选项2', '选项3']),
  }),
  rules: (s, a) => {
    const out: SubjectMessage[] = unknownKeys(a, s.rows);
    const columns = new Set(s.columns.map((c) => c.uuid));
    for (const picks of Object.values(a)) {
      if (new Set(picks).size !== picks.length) return [msg.duplicateOption()];
      out.push(...picks.filter((c) => !columns.has(c)).map((c) => msg.unknownPart(c)));
    }
    if (out.length) return out;
    for (const row of s.rows) {
      const n = own(a, row.uuid)?.length ?? 0;
      if (n === 0) continue;
      if (s.minPerRow !== undefined && n < s.minPerRow) out.push(msg.rowMinPicks(row.title, s.minPerRow, row.uuid));
      if (s.maxPerRow !== undefined && n > s.maxPerRow) out.push(msg.rowMaxPicks(row.title, s.maxPerRow, row.uuid));
    }
    if (s.required) out.push(...missingRows(s.rows, (r) => (own(a, r)?.length ?? 0) > 0));
    return out;
  },
  // Chosen columns row by row (columns in their own order), joined with ", ".
  format: (s, a) =>
    s.rows
      .flatMap((r) => {
        const picked = new Set(own(a, r.uuid) ?? []);
        return s.columns.filter((c) => picked.has(c.uuid)).map((c) => c.title);
      })
      .join(', '),
  facts: (_s, a) => ({ chosen: Object.entries(a).flatMap(([row, cols]) => cols.map((c) => `${row}:${c}`)) }),
  logic: (s) => ({ choices: s.rows.flatMap((r) => s.columns.map((c) => `${r.uuid}:${c.uuid}`)) }),
});
