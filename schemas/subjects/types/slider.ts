import { z } from 'zod/mini';
import { ZSubjectBase, baseDefaults, defineSubjectType } from '../base';
import { msg } from '../messages';
import { ZNumberAnswer, normalizeNumber, onStep } from '../number';

export const ZSliderSubject = z
  .extend(ZSubjectBase, {
    subjectType: z.literal(24),
    min: z.number().check(z.gte(-1e9), z.lte(1e9)),
    max: z.number().check(z.gte(-1e9), z.lte(1e9)),
    step: z.number().check(z.gte(0.0001), z.lte(1e9)),
    minLabel: z.optional(z.string().check(z.maxLength(50))),
    maxLabel: z.optional(z.string().check(z.maxLength(50))),
  })
  .check(
    z.refine((c) => c.min < c.max && (c.max - c.min) / c.step <= 100_000, {
      message: '最小值须小于最大值，且刻度不超过十万个',
      path: ['max'],
    }),
  );
export type TSliderSubject = z.infer<typeof ZSliderSubject>;

export const slider = defineSubjectType(
  ZSliderSubject,
  ZNumberAnswer,
)({
  subjectType: 24,
  gauge: true,
  reportKind: 'number',
  create: (init) => ({ ...baseDefaults(init, '滑动条'), subjectType: 24, min: 0, max: 100, step: 1 }),
  normalize: (_s, raw) => normalizeNumber(raw),
  rules: (s, a) => {
    // min + k·step in binary floating point can overshoot the ends by a rounding error.
    const slack = s.step * 1e-7;
    if (a < s.min - slack) return [msg.numberMin(s.min)];
    if (a > s.max + slack) return [msg.numberMax(s.max)];
    return onStep(a, s.min, s.step) ? [] : [msg.step(s.step)];
  },
  format: (_s, a) => String(a),
  logic: (s) => ({ number: { min: s.min, max: s.max, integer: Number.isInteger(s.min) && Number.isInteger(s.step) } }),
});
