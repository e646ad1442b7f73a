// Layout block: no answer, not numbered.
import { z } from 'zod/mini';
import { ZSafeUrl, ZSubjectBase, baseDefaults, defineSubjectType } from '../base';

export const ZImageBlockSubject = z.extend(ZSubjectBase, {
  subjectType: z.literal(31),
  url: ZSafeUrl,
  alt: z.string().check(z.maxLength(200)),
  link: z.optional(ZSafeUrl),
});
export const imageBlock = defineSubjectType(ZImageBlockSubject)({
  subjectType: 31,
  create: (init) => ({ ...baseDefaults(init, '', false), subjectType: 31, url: '', alt: '图片' }),
});
