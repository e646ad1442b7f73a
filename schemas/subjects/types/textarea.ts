import { z } from 'zod/mini';
import { ZSubjectBase, baseDefaults, defineSubjectType } from '../base';
import { ZLengthLimits, ZTextAnswer, lengthLimitsOrdered, lengthRules } from '../text';

export const ZTextareaSubject = z
  .extend(ZSubjectBase, {
    subjectType: z.literal(7),
    ...ZLengthLimits,
    rows: z.optional(z.number().check(z.int(), z.gte(2), z.lte(30))),
    placeholder: z.optional(z.string().check(z.maxLength(200))),
  })
  .check(z.refine(lengthLimitsOrdered, { message: '最少字数不能大于最多字数', path: ['minLength'] }));
export type TTextareaSubject = z.infer<typeof ZTextareaSubject>;

export const textarea = defineSubjectType(
  ZTextareaSubject,
  ZTextAnswer,
)({
  subjectType: 7,
  words: true,
  create: (init) => ({ ...baseDefaults(init, '多行文本题'), subjectType: 7, maxLength: 2000 }),
  // Line breaks inside are the respondent's; only the ends are trimmed.
  normalize: (_s, raw) => (typeof raw === 'string' ? raw.trim() : raw),
  rules: (s, a) => lengthRules(a, s),
  format: (_s, a) => a,
});
