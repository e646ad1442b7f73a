// Layout block: no answer, not numbered.
import { z } from 'zod';
import { ZSafeUrl, ZSubjectBase, baseDefaults, defineSubjectType } from '../base';

export const ZAudioBlockSubject = ZSubjectBase.extend({
  subjectType: z.literal(35),
  url: ZSafeUrl,
  autoplay: z.boolean(),
});
export const audioBlock = defineSubjectType(ZAudioBlockSubject)({
  subjectType: 35,
  create: (init) => ({ ...baseDefaults(init, '', false), subjectType: 35, url: '', autoplay: false }),
});
