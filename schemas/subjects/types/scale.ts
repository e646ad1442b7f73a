import { z } from 'zod/mini';
import { ZSubjectBase, baseDefaults, defineSubjectType } from '../base';
import { pointsFrom, type ReportPoint } from '../traits';
import { msg } from '../messages';
import { ZNumberAnswer, normalizeNumber } from '../number';

/** Scale points start..start+points-1; shared with the matrix scale (18). */
export const ZScalePoints = {
  points: z.number().check(z.int(), z.gte(2), z.lte(11)),
  start: z.union([z.literal(0), z.literal(1)]),
  minLabel: z.string().check(z.maxLength(50)),
  maxLabel: z.string().check(z.maxLength(50)),
  /** Optional label per point (index 0 is `start`); overrides the end labels. */
  labels: z.optional(z.array(z.string().check(z.maxLength(50))).check(z.maxLength(11))),
};

export interface ScalePoints {
  points: number;
  start: 0 | 1;
  minLabel: string;
  maxLabel: string;
  labels?: string[];
}

export const isScalePoint = (s: ScalePoints, v: number) => Number.isInteger(v) && v >= s.start && v < s.start + s.points;

export function pointLabel(s: ScalePoints, v: number): string {
  const i = v - s.start;
  const own = s.labels?.[i];
  if (own) return own;
  if (i === 0) return s.minLabel;
  if (i === s.points - 1) return s.maxLabel;
  return '';
}

/** The points as the report titles them: "5 非常满意", or the bare number when the point has no label. */
export const scalePoints = (s: ScalePoints): ReportPoint[] =>
  pointsFrom(s.start, s.start + s.points - 1, (v) => {
    const label = pointLabel(s, v);
    return label ? `${v} ${label}` : String(v);
  });

export const ZScaleSubject = z.extend(ZSubjectBase, { subjectType: z.literal(19), ...ZScalePoints });
export type TScaleSubject = z.infer<typeof ZScaleSubject>;

export const scale = defineSubjectType(
  ZScaleSubject,
  ZNumberAnswer,
)({
  subjectType: 19,
  gauge: true,
  reportKind: 'number',
  points: scalePoints,
  create: (init) => ({
    ...baseDefaults(init, '量表题'),
    subjectType: 19,
    points: 5,
    start: 1,
    minLabel: '非常不满意',
    maxLabel: '非常满意',
  }),
  normalize: (_s, raw) => normalizeNumber(raw),
  rules: (s, a) => (isScalePoint(s, a) ? [] : [msg.point()]),
  // "point and its label": 5 非常满意
  format: (s, a) => {
    const label = pointLabel(s, a);
    return label ? `${a} ${label}` : String(a);
  },
  logic: (s) => ({ number: { min: s.start, max: s.start + s.points - 1, integer: true } }),
});
