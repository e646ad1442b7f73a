import { z } from 'zod/mini';
import { ZSubjectBase, baseDefaults, defineSubjectType } from '../base';
import { msg } from '../messages';
import { isRealDate } from '../text-rules';

export type DateMode = 'date' | 'time' | 'datetime';

const PATTERNS: Record<DateMode, RegExp> = {
  date: /^(\d{4})-(\d{2})-(\d{2})$/,
  time: /^([01]\d|2[0-3]):([0-5]\d)$/,
  datetime: /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)$/,
};

/** ISO text in the mode's shape (YYYY-MM-DD, HH:mm, YYYY-MM-DDTHH:mm) naming a real date. */
export function isIsoText(mode: DateMode, s: string): boolean {
  const m = PATTERNS[mode].exec(s);
  if (!m) return false;
  return mode === 'time' || isRealDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

export const ZDateTimeSubject = z
  .extend(ZSubjectBase, {
    subjectType: z.literal(14),
    mode: z.enum(['date', 'time', 'datetime']),
    /** Earliest and latest accepted value, in the mode's shape. */
    min: z.optional(z.string().check(z.maxLength(20))),
    max: z.optional(z.string().check(z.maxLength(20))),
  })
  .check(
    z.refine(
      (c) =>
        (c.min === undefined || isIsoText(c.mode, c.min)) &&
        (c.max === undefined || isIsoText(c.mode, c.max)) &&
        (c.min === undefined || c.max === undefined || c.min <= c.max),
      { message: '日期范围不正确', path: ['min'] },
    ),
  );
export type TDateTimeSubject = z.infer<typeof ZDateTimeSubject>;

export const dateTime = defineSubjectType(
  ZDateTimeSubject,
  z.string().check(z.maxLength(40)),
)({
  subjectType: 14,
  create: (init) => ({ ...baseDefaults(init, '日期'), subjectType: 14, mode: 'date' }),
  // "2024-05-01 13:45" from a text box is the same value as the ISO "2024-05-01T13:45".
  normalize: (s, raw) => (typeof raw === 'string' ? (s.mode === 'datetime' ? raw.trim().replace(' ', 'T') : raw.trim()) : raw),
  rules: (s, a) => {
    if (!isIsoText(s.mode, a)) return [msg.dateFormat(s.mode)];
    // Same fixed-width ISO shape on both sides, so text order is time order.
    if (s.min !== undefined && a < s.min) return [msg.dateMin(s.min)];
    if (s.max !== undefined && a > s.max) return [msg.dateMax(s.max)];
    return [];
  },
  format: (_s, a) => a,
});
