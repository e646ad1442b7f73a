import { z } from 'zod';
import { ZSubjectBase, baseDefaults, defineSubjectType } from '../base';
import { msg } from '../messages';
import { isSafeUrl } from '../../rich-text/allow-list';

export const ZSignatureSubject = ZSubjectBase.extend({ subjectType: z.literal(33) });
export type TSignatureSubject = z.infer<typeof ZSignatureSubject>;

/** The drawing is uploaded as an image file; the answer holds its address. */
export const ZSignatureAnswer = z.object({
  fileUrl: z.string().min(1).max(2_000),
  fileName: z.string().max(255).optional(),
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
