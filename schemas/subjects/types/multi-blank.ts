import { z } from 'zod/mini';
import { ZId, ZParts, ZSubjectBase, baseDefaults, defineSubjectType, newUuid, own, textLength } from '../base';
import { hasText, unknownKeys } from '../grid';
import { msg } from '../messages';
import { MAX_TEXT_LENGTH } from '../text';

export const BLANK_MAX_LENGTH = 200;

export const ZBlank = z.object({
  uuid: ZId,
  label: z.string().check(z.maxLength(200)),
  required: z.boolean(),
  /** Exam: answers accepted as correct for this blank. */
  acceptedAnswers: z.optional(z.array(z.string().check(z.maxLength(500))).check(z.maxLength(50))),
});

/** "姓名___ 年龄___": the title carries the text, `blanks` the inputs in order. */
export const ZMultiBlankSubject = z.extend(ZSubjectBase, {
  subjectType: z.literal(10),
  blanks: ZParts(ZBlank, 1, 100),
  caseSensitive: z.optional(z.boolean()),
});
export type TMultiBlankSubject = z.infer<typeof ZMultiBlankSubject>;

export const ZMultiBlankAnswer = z.record(ZId, z.string().check(z.maxLength(MAX_TEXT_LENGTH)));

export const multiBlank = defineSubjectType(
  ZMultiBlankSubject,
  ZMultiBlankAnswer,
)({
  subjectType: 10,
  create: (init) => {
    const id = init.newId ?? newUuid;
    return {
      ...baseDefaults(init, '姓名___ 年龄___'),
      subjectType: 10,
      blanks: [
        { uuid: id(), label: '姓名', required: true },
        { uuid: id(), label: '年龄', required: true },
      ],
    };
  },
  rules: (s, a) => {
    const unknown = unknownKeys(a, s.blanks);
    if (unknown.length) return unknown;
    return s.blanks.flatMap((b) => {
      const text = own(a, b.uuid);
      if (b.required && !hasText(text)) return [msg.blankRequired(b.label, b.uuid)];
      if (text !== undefined && textLength(text) > BLANK_MAX_LENGTH) return [msg.maxLength(BLANK_MAX_LENGTH, b.uuid)];
      return [];
    });
  },
  format: (s, a) =>
    s.blanks
      .map((b) => own(a, b.uuid)?.trim() ?? '')
      .filter(Boolean)
      .join(', '),
});
