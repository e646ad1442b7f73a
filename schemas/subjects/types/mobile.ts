import { z } from 'zod/mini';
import { ZSubjectBase, baseDefaults, defineSubjectType } from '../base';
import { msg } from '../messages';
import { isMobile, normalizeMobile } from '../text-rules';

export const ZMobileSubject = z.extend(ZSubjectBase, {
  subjectType: z.literal(26),
  /** The respondent confirms the number with an SMS code (checked by the server, not here). */
  smsVerify: z.boolean(),
});
export type TMobileSubject = z.infer<typeof ZMobileSubject>;

export const mobile = defineSubjectType(
  ZMobileSubject,
  z.string().check(z.maxLength(20)),
)({
  subjectType: 26,
  create: (init) => ({ ...baseDefaults(init, '手机号'), subjectType: 26, smsVerify: false }),
  normalize: (_s, raw) => (typeof raw === 'string' || typeof raw === 'number' ? normalizeMobile(String(raw)) : raw),
  rules: (_s, a) => (isMobile(a) ? [] : [msg.mobile()]),
  format: (_s, a) => a,
});
