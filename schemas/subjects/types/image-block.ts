// Layout block: no answer, not numbered.
import { z } from 'zod';
import { ZSafeUrl, ZSubjectBase, baseDefaults, defineSubjectType } from '../base';

export const ZImageBlockSubject = ZSubjectBase.extend({
  subjectType: z.literal(31),
  url: ZSafeUrl,
  alt: z.string().max(200),
  link: ZSafeUrl.optional(),
});
export const imageBlock = defineSubjectType(ZImageBlockSubject)({
  subjectType: 31,
  create: (init) => ({ ...baseDefaults(init, '', false), subjectType: 31, url: '', alt: '图片' }),
});
