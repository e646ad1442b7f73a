import { z } from 'zod/mini';
import { ZSubjectBase, baseDefaults, defineSubjectType } from '../base';
import { msg } from '../messages';
import { isIdCard } from '../text-rules';

export const ZIdCardSubject = z.extend(ZSubjectBase, { subjectType: z.literal(28) });
export type TIdCardSubject = z.infer<typeof ZIdCardSubject>;

export const idCard = defineSubjectType(
  ZIdCardSubject,
  z.string().check(z.maxLength(100)),
)({
  subjectType: 28,
  create: (init) => ({ ...baseDefaults(init, '身份证号'), subjectType: 28 }),
  normalize: (_s, raw) => (typeof raw === 'string' ? raw.replace(/\s+/g, '').toUpperCase() : raw),
  rules: (_s, a) => (isIdCard(a) ? [] : [msg.idCard()]),
  format: (_s, a) => a,
});
