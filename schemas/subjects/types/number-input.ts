import { z } from 'zod';
import { ZSubjectBase, baseDefaults, defineSubjectType } from '../base';
import { msg } from '../messages';
import { ZNumberAnswer, decimalPlaces, normalizeNumber, rangeHasValue } from '../number';

export const ZNumberSubject = ZSubjectBase.extend({
  subjectType: z.literal(21),
  min: z.number().min(-1e12).max(1e12).optional(),
  max: z.number().min(-1e12).max(1e12).optional(),
  decimals: z.number().int().min(0).max(6),
  unit: z.string().max(20).optional(),
}).refine((c) => rangeHasValue(c.min, c.max, c.decimals), { message: '最小值、最大值与小数位数之间没有可填的数', path: ['max'] });
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
