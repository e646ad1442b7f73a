// Layout block: no answer, not numbered.
import { z } from 'zod/mini';
import { ZSafeUrl, ZSubjectBase, baseDefaults, defineSubjectType } from '../base';

export const ZVideoBlockSubject = z.extend(ZSubjectBase, {
  subjectType: z.literal(32),
  url: ZSafeUrl,
  poster: z.optional(ZSafeUrl),
});
export const videoBlock = defineSubjectType(ZVideoBlockSubject)({
  subjectType: 32,
  create: (init) => ({ ...baseDefaults(init, '', false), subjectType: 32, url: '' }),
});
