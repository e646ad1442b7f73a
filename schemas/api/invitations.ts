import { z } from 'zod';
import { ZQuestionId } from './question';

/**
 * Invitations by SMS and e-mail (issue 50 items 2–4): a send (activity/message/contact/addSmsDetail) to a group or a
 * selection of the sender's contacts, for one project, now or at a set time. Each contact gets their own link
 * (contact_links, migration 0082) that ties the sheet to them; the messages are sent by jobs any process can take.
 * This file is the contract the send screens (/sms/sendSms.html, /mail/sendMail.html), the send service and the
 * receipt pages share.
 */
export const INVITATION_CHANNELS = ['sms', 'email'] as const;
export type TInvitationChannelName = (typeof INVITATION_CHANNELS)[number];

/** The variables a message may hold; {链接} is required (the contact's own link). */
export const INVITATION_VARIABLES = { name: '{姓名}', link: '{链接}' } as const;
/** SMS: one message is 70 characters (signature included), longer ones are billed per 67; at most this many in all. */
export const SMS_MAX_CHARS = 500;
export const MAIL_SUBJECT_MAX = 100;
export const MAIL_BODY_MAX = 5_000;
/** One send reaches at most this many contacts. */
export const INVITATION_MAX_CONTACTS = 10_000;

export const ZAddInvitationRequest = z.object({
  questionId: ZQuestionId,
  channel: z.enum(INVITATION_CHANNELS, { error: '请选择发送方式' }),
  /** Everyone in these groups (0 = 未分组) … */
  groupIds: z.array(z.number().int().min(0).max(2_147_483_647)).max(200).default([]),
  /** … and these contacts. */
  contactIds: z.array(z.number().int().min(1).max(2_147_483_647)).max(INVITATION_MAX_CONTACTS).default([]),
  /** E-mail only. */
  subject: z.string().trim().max(MAIL_SUBJECT_MAX, `邮件主题最多${MAIL_SUBJECT_MAX}个字`).optional(),
  content: z.string().trim().min(1, '请填写发送内容').max(MAIL_BODY_MAX, `发送内容最多${MAIL_BODY_MAX}个字`),
  /** ISO time in the future, or absent for now. */
  sendAt: z.string().max(40).optional(),
  /** Each contact's link makes at most one sheet. */
  oneSheet: z.boolean().default(true),
});
export type TAddInvitationRequest = z.infer<typeof ZAddInvitationRequest>;

/** What a send did at once: messages queued, refused for want of SMS counts, skipped (opted out / no address). */
export const ZAddInvitationResult = z.object({
  invitationId: z.number(),
  queued: z.number(),
  refused: z.number(),
  skipped: z.number(),
});
export type TAddInvitationResult = z.infer<typeof ZAddInvitationResult>;
