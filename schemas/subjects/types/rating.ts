import { z } from 'zod/mini';
import { ZSubjectBase, baseDefaults, defineSubjectType } from '../base';
import { pointsFrom } from '../traits';
import { msg } from '../messages';
import { ZNumberAnswer, normalizeNumber } from '../number';

export const ZRatingSubject = z.extend(ZSubjectBase, {
  subjectType: z.literal(23),
  stars: z.number().check(z.int(), z.gte(3), z.lte(10)),
});
export type TRatingSubject = z.infer<typeof ZRatingSubject>;

export const rating = defineSubjectType(
  ZRatingSubject,
  ZNumberAnswer,
)({
  subjectType: 23,
  gauge: true,
  reportKind: 'number',
  points: (s) => pointsFrom(1, s.stars, (v) => `${v}星`),
  create: (init) => ({ ...baseDefaults(init, '评分题'), subjectType: 23, stars: 5 }),
  normalize: (_s, raw) => normalizeNumber(raw),
  rules: (s, a) => (Number.isInteger(a) && a >= 1 && a <= s.stars ? [] : [msg.point()]),
  format: (_s, a) => String(a),
  logic: (s) => ({ number: { min: 1, max: s.stars, integer: true } }),
});
