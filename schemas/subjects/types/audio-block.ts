// Layout block: no answer, not numbered.
import { z } from 'zod/mini';
import { ZSafeUrl, ZSubjectBase, baseDefaults, defineSubjectType } from '../base';

export const ZAudioBlockSubject = z.extend(ZSubjectBase, {
  subjectType: z.literal(35),
  url: ZSafeUrl,
  autoplay: z.boolean(),
});
export const audioBlock = defineSubjectType(ZAudioBlockSubject)({
  subjectType: 35,
  create: (init) => ({ ...baseDefaults(init, '', false), subjectType: 35, url: '', autoplay: false }),
});
