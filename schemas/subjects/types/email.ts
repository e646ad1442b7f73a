import { z } from 'zod/mini';
import { ZSubjectBase, baseDefaults, defineSubjectType } from '../base';
import { msg } from '../messages';
import { trimIfString } from '../text';
import { isEmail } from '../text-rules';

export const ZEmailSubject = z.extend(ZSubjectBase, { subjectType: z.literal(27) });
export type TEmailSubject = z.infer<typeof ZEmailSubject>;

export const email = defineSubjectType(
  ZEmailSubject,
  z.string().check(z.maxLength(1_000)),
)({
  subjectType: 27,
  create: (init) => ({ ...baseDefaults(init, '邮箱'), subjectType: 27 }),
  normalize: (_s, raw) => trimIfString(raw),
  rules: (_s, a) => (isEmail(a) ? [] : [msg.email()]),
  format: (_s, a) => a,
});
