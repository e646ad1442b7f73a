// Layout block: no answer, not numbered.
import { z } from 'zod';
import { ZSafeUrl, ZSubjectBase, baseDefaults, defineSubjectType } from '../base';

/** The editor's "contact-us subject": a card with the organiser's details. */
export const ZContactUsSubject = ZSubjectBase.extend({
  subjectType: z.literal(36),
  name: z.string().max(100),
  phone: z.string().max(30).optional(),
  wechat: z.string().max(100).optional(),
  email: z.string().max(254).optional(),
  address: z.string().max(500).optional(),
  qrCode: ZSafeUrl.optional(),
});
export const contactUs = defineSubjectType(ZContactUsSubject)({
  subjectType: 36,
  create: (init) => ({ ...baseDefaults(init, '联系我们', false), subjectType: 36, name: '联系人', phone: '' }),
});
