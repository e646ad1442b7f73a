// Layout block: no answer, not numbered.
import { z } from 'zod';
import { ZSafeUrl, ZSubjectBase, baseDefaults, defineSubjectType } from '../base';

export const ZVideoBlockSubject = ZSubjectBase.extend({
  subjectType: z.literal(32),
  url: ZSafeUrl,
  poster: ZSafeUrl.optional(),
});
export const videoBlock = defineSubjectType(ZVideoBlockSubject)({
  subjectType: 32,
  create: (init) => ({ ...baseDefaults(init, '', false), subjectType: 32, url: '' }),
});
