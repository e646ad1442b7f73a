import { z } from 'zod/mini';
import { ZSubjectBase, baseDefaults, defineSubjectType } from '../base';
import { pointsFrom } from '../traits';
import { msg } from '../messages';
import { ZNumberAnswer, normalizeNumber } from '../number';

export const ZNpsSubject = z.extend(ZSubjectBase, {
  subjectType: z.literal(22),
  minLabel: z.string().check(z.maxLength(50)),
  maxLabel: z.string().check(z.maxLength(50)),
});
export type TNpsSubject = z.infer<typeof ZNpsSubject>;

export const nps = defineSubjectType(
  ZNpsSubject,
  ZNumberAnswer,
)({
  subjectType: 22,
  gauge: true,
  reportKind: 'number',
  points: () => pointsFrom(0, 10, String),
  create: (init) => ({
    ...baseDefaults(init, '您有多大可能向朋友或同事推荐我们？'),
    subjectType: 22,
    minLabel: '不可能',
    maxLabel: '极有可能',
  }),
  normalize: (_s, raw) => normalizeNumber(raw),
  rules: (_s, a) => (Number.isInteger(a) && a >= 0 && a <= 10 ? [] : [msg.point()]),
  format: (_s, a) => String(a),
  logic: () => ({ number: { min: 0, max: 10, integer: true } }),
});
