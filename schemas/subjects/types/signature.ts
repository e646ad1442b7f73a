import { z } from 'zod/mini';
import { ZSubjectBase, baseDefaults, defineSubjectType } from '../base';
import { msg } from '../messages';
import { isSafeUrl } from '../../rich-text/allow-list';

export const ZSignatureSubject = z.extend(ZSubjectBase, { subjectType: z.literal(33) });
export type TSignatureSubject = z.infer<typeof ZSignatureSubject>;

/** The drawing is uploaded as an image file; the answer holds its address. */
export const ZSignatureAnswer = z.object({
  fileUrl: z.string().check(z.minLength(1), z.maxLength(2_000)),
  fileName: z.optional(z.string().check(z.maxLength(255))),
});

export const signature = defineSubjectType(
  ZSignatureSubject,
  ZSignatureAnswer,
)({
  subjectType: 33,
  uploads: true,
  create: (init) => ({ ...baseDefaults(init, '签名'), subjectType: 33 }),
  rules: (_s, a) => (isSafeUrl(a.fileUrl) ? [] : [msg.signature()]),
  // Own handling (spec §9): the image link.
  format: (_s, a) => a.fileUrl,
});
