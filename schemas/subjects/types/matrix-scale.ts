import { z } from 'zod/mini';
import { ZId, ZSubjectBase, baseDefaults, defaultLabelled, defineSubjectType, own } from '../base';
import { missingRows, unknownKeys } from '../grid';
import { msg } from '../messages';
import { normalizeNumber } from '../number';
import { ZMatrix } from './matrix-single';
import { ZScalePoints, isScalePoint, scalePoints } from './scale';

export const ZMatrixScaleSubject = z.extend(ZSubjectBase, {
  subjectType: z.literal(18),
  rows: ZMatrix.rows,
  ...ZScalePoints,
});
export type TMatrixScaleSubject = z.infer<typeof ZMatrixScaleSubject>;

/** Scale point per row uuid. */
export const ZMatrixScaleAnswer = z.record(ZId, z.number());

export const matrixScale = defineSubjectType(
  ZMatrixScaleSubject,
  ZMatrixScaleAnswer,
)({
  subjectType: 18,
  matrix: true,
  gauge: true,
  reportKind: 'matrix',
  points: scalePoints,
  create: (init) => ({
    ...baseDefaults(init, '矩阵量表题'),
    subjectType: 18,
    rows: defaultLabelled(init, ['服务态度', '响应速度']),
    points: 5,
    start: 1,
    minLabel: '非常不满意',
    maxLabel: '非常满意',
  }),
  normalize: (_s, raw) =>
    raw && typeof raw === 'object' && !Array.isArray(raw)
      ? Object.fromEntries(
          Object.entries(raw)
            .map(([k, v]) => [k, normalizeNumber(v)])
            .filter(([, v]) => v !== undefined),
        )
      : raw,
  rules: (s, a) => {
    const unknown = unknownKeys(a, s.rows);
    if (unknown.length) return unknown;
    if (Object.values(a).some((v) => !isScalePoint(s, v))) return [msg.point()];
    return s.required ? missingRows(s.rows, (r) => own(a, r) !== undefined) : [];
  },
  // Own handling (spec §9): one "row: point" line per answered row.
  format: (s, a) =>
    s.rows
      .filter((r) => own(a, r.uuid) !== undefined)
      .map((r) => `${r.title}: ${own(a, r.uuid)}`)
      .join('\n'),
  facts: (_s, a) => ({ chosen: Object.entries(a).map(([row, point]) => `${row}:${point}`) }),
  logic: (s) => ({
    choices: s.rows.flatMap((r) => Array.from({ length: s.points }, (_, i) => `${r.uuid}:${s.start + i}`)),
  }),
});
