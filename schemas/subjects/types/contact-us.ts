// Layout block: no answer, not numbered.
import { z } from 'zod/mini';
import { ZSafeUrl, ZSubjectBase, baseDefaults, defineSubjectType } from '../base';

/** The editor's "contact-us subject": a card with the organiser's details. */
export const ZContactUsSubject = z.extend(ZSubjectBase, {
  subjectType: z.literal(36),
  name: z.string().check(z.maxLength(100)),
  phone: z.optional(z.string().check(z.maxLength(30))),
  wechat: z.optional(z.string().check(z.maxLength(100))),
  email: z.optional(z.string().check(z.maxLength(254))),
  address: z.optional(z.string().check(z.maxLength(500))),
  qrCode: z.optional(ZSafeUrl),
});
export const contactUs = defineSubjectType(ZContactUsSubject)({
  subjectType: 36,
  create: (init) => ({ ...baseDefaults(init, '联系我们', false), subjectType: 36, name: '联系人', phone: '' }),
});
