import { z } from 'zod/mini';
import { ZSubjectBase, baseDefaults, defineSubjectType } from '../base';
import { msg } from '../messages';
import { ZNumberAnswer, decimalPlaces, normalizeNumber, rangeHasValue } from '../number';

export const ZNumberSubject = z
  .extend(ZSubjectBase, {
    subjectType: z.literal(21),
    min: z.optional(z.number().check(z.gte(-1e12), z.lte(1e12))),
    max: z.optional(z.number().check(z.gte(-1e12), z.lte(1e12))),
    decimals: z.number().check(z.int(), z.gte(0), z.lte(6)),
    unit: z.optional(z.string().check(z.maxLength(20))),
  })
  .check(z.refine((c) => rangeHasValue(c.min, c.max, c.decimals), { message: '最小值、最大值与小数位数之间没有可填的数', path: ['max'] }));
export type TNumberSubject = z.infer<typeof ZNumberSubject>;

export const numberInput = defineSubjectType(
  ZNumberSubject,
  ZNumberAnswer,
)({
  subjectType: 21,
  reportKind: 'number',
  create: (init) => ({ ...baseDefaults(init, '数字题'), subjectType: 21, decimals: 0 }),
  normalize: (_s, raw) => normalizeNumber(raw),
  rules: (s, a) => {
    if (decimalPlaces(a) > s.decimals) return [msg.decimals(s.decimals)];
    if (s.min !== undefined && a < s.min) return [msg.numberMin(s.min)];
    if (s.max !== undefined && a > s.max) return [msg.numberMax(s.max)];
    return [];
  },
  format: (_s, a) => String(a),
  logic: (s) => ({ number: { min: s.min ?? -Infinity, max: s.max ?? Infinity, integer: s.decimals === 0 } }),
});
