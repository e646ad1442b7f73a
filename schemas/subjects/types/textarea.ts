import { z } from 'zod';
import { ZSubjectBase, baseDefaults, defineSubjectType } from '../base';
import { ZLengthLimits, ZTextAnswer, lengthLimitsOrdered, lengthRules } from '../text';

export const ZTextareaSubject = ZSubjectBase.extend({
  subjectType: z.literal(7),
  ...ZLengthLimits,
  rows: z.number().int().min(2).max(30).optional(),
  placeholder: z.string().max(200).optional(),
}).refine(lengthLimitsOrdered, { message: '最少字数不能大于最多字数', path: ['minLength'] });
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
