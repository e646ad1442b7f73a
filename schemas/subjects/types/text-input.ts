import { z } from 'zod/mini';
import { ZSubjectBase, baseDefaults, defineSubjectType } from '../base';
import { msg } from '../messages';
import { ZLengthLimits, ZTextAnswer, lengthLimitsOrdered, lengthRules, trimIfString } from '../text';
import { TEXT_PRESETS, stripNonDigits } from '../text-rules';

/** Shortest and longest text each preset can accept, so limits that exclude every answer are refused. */
const PRESET_LENGTHS = {
  any: [1, Infinity],
  number: [1, Infinity],
  letters: [1, Infinity],
  chinese: [1, Infinity],
  url: [10, 2000],
  postcode: [6, 6],
} as const;

export const ZTextInputSubject = z
  .extend(ZSubjectBase, {
    subjectType: z.literal(6),
    preset: z.enum(['any', 'number', 'letters', 'chinese', 'url', 'postcode']),
    ...ZLengthLimits,
    placeholder: z.optional(z.string().check(z.maxLength(200))),
    /** Exam: answers accepted as correct (schemas/scoring). */
    acceptedAnswers: z.optional(z.array(z.string().check(z.maxLength(500))).check(z.maxLength(50))),
    caseSensitive: z.optional(z.boolean()),
  })
  .check(
    z.refine(lengthLimitsOrdered, { message: '最少字数不能大于最多字数', path: ['minLength'] }),
    z.refine(
      (c) => {
        const [lo, hi] = PRESET_LENGTHS[c.preset];
        return (c.minLength ?? 1) <= hi && c.maxLength >= lo;
      },
      { message: '字数限制与输入格式不符', path: ['maxLength'] },
    ),
  );
export type TTextInputSubject = z.infer<typeof ZTextInputSubject>;

export const textInput = defineSubjectType(
  ZTextInputSubject,
  ZTextAnswer,
)({
  subjectType: 6,
  words: true,
  create: (init) => ({ ...baseDefaults(init, '单行填空题'), subjectType: 6, preset: 'any', maxLength: 200 }),
  normalize: (s, raw) => {
    if (s.preset === 'number' && (typeof raw === 'string' || typeof raw === 'number')) return stripNonDigits(String(raw));
    return trimIfString(raw);
  },
  rules: (s, a) => {
    const preset = s.preset === 'any' ? undefined : TEXT_PRESETS[s.preset];
    if (preset && !preset.test(a)) return [msg.preset(`preset-${s.preset}`, preset.message)];
    return lengthRules(a, s);
  },
  format: (_s, a) => a,
});
