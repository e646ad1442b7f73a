import { z } from 'zod';
import { contract, ZNoFields, ZNull, ZPageOf } from './contract';
import { INVITATION_CHANNELS, ZAddInvitationResult, ZAddInvitationRequest } from './invitations';

/**
 * SMS signatures and sends (issue 50 items 2–3, /smsSign/index.html, /sms/*): a user applies for signatures
 * (activity/sms/sign/*), an operator approves or rejects them (dev/smsSign/*, like merchant applications), the user
 * chooses the approved one that signs their sends (activity/user/updateUserSmsSign); sends and their records are
 * activity/message/contact/* (getSmsDetailPage and getSmsDetailMessages are ours: the spec names no list calls; its
 * activity/contact/getContactSmsDetail is one contact's messages, schemas/api/receipts.ts).
 */
export const SMS_SIGN_STATES = ['reviewing', 'approved', 'rejected'] as const;
export type TSmsSignState = (typeof SMS_SIGN_STATES)[number];
export const SMS_SIGN_STATE_NAMES: Record<TSmsSignState, string> = { reviewing: '审核中', approved: '已通过', rejected: '未通过' };
export const SMS_SIGN_PURPOSES = ['企业或机构全称/简称', '工信部备案网站名称', 'APP应用名称', '公众号或小程序名称', '商标名称'] as const;
/** A user applies for at most this many signatures. */
export const SMS_SIGN_MAX = 10;

export const SMS_MESSAGES = {
  signName: '签名须为2-12个字',
  signBrackets: '签名不能包含【】',
  signPurpose: '请选择签名用途',
  signDuplicate: '已申请过同名签名',
  signTooMany: `最多申请${SMS_SIGN_MAX}个签名`,
  signNotFound: '签名不存在',
  signNotApproved: '只能选择审核通过的签名',
  signReviewed: '签名已审核通过，不能修改',
  signNotReviewing: '该签名不在审核中',
  rejectReason: '请填写驳回原因',
  /** A send by SMS without a chosen approved signature: the screen links to /smsSign/index.html. */
  noSign: '请先申请短信签名并在审核通过后选择使用，再发送短信',
  noContacts: '请选择发送对象',
  noneToSend: '所选联系人都没有可发送的号码或已退订',
  tooMany: '一次最多发送10000人',
  sendAtPast: '定时发送时间须晚于当前时间',
  sendAtFar: '定时发送时间须在30天内',
  sendAtBad: '定时发送时间格式不正确',
  notFound: '发送记录不存在',
  notScheduled: '只能取消尚未发送的定时发送',
  sending: '正在发送中，请稍后再操作',
  noneUnanswered: '没有未作答的联系人',
  noQuota: '短信条数不足，请先购买短信条数',
  skipOptOut: '已退订',
  skipNoPhone: '无手机号',
  skipNoEmail: '无邮箱',
  refusedQuota: '短信条数不足',
  linkUsed: '该链接已提交过，不能重复作答',
  linkInvalid: '链接无效或已失效',
} as const;

export const ZSmsSign = z.object({
  signId: z.number(),
  name: z.string(),
  purpose: z.string(),
  state: z.enum(SMS_SIGN_STATES),
  reason: z.string().nullable(),
  chosen: z.boolean(),
  createTime: z.string(),
  reviewTime: z.string().nullable(),
});
export type TSmsSign = z.infer<typeof ZSmsSign>;

export const ZSaveSmsSignRequest = z.object({
  /** Changes a 审核中/未通过 one (it goes to review again); absent: a new application. */
  signId: z.number().int().min(1).max(2_147_483_647).optional(),
  name: z.string({ error: '请填写签名' }).trim().min(2, SMS_MESSAGES.signName).max(12, SMS_MESSAGES.signName),
  purpose: z.enum(SMS_SIGN_PURPOSES, { error: SMS_MESSAGES.signPurpose }),
});
export const ZSmsSignStatus = z.object({
  /** The signature that signs sends (approved), or null. */
  chosen: ZSmsSign.nullable(),
  approved: z.number(),
  reviewing: z.number(),
  /** SMS counts left (user_quotas 'sms'). */
  smsRemaining: z.number(),
});
export type TSmsSignStatus = z.infer<typeof ZSmsSignStatus>;
const ZSignRef = z.object({ signId: z.number({ error: '请选择签名' }).int().min(1).max(2_147_483_647) });

const ZInvitationRef = z.object({ invitationId: z.number({ error: '请选择发送记录' }).int().min(1).max(2_147_483_647) });
const ZPaging = { page: z.number().int().min(1).max(100_000).default(1), pageSize: z.number().int().min(1).max(100).default(20) };

/** One send as the records page lists it. */
export const ZInvitationSummary = z.object({
  invitationId: z.number(),
  questionId: z.string(),
  title: z.string(),
  channel: z.enum(INVITATION_CHANNELS),
  state: z.enum(['scheduled', 'sending', 'done', 'cancelled']),
  content: z.string(),
  signName: z.string().nullable(),
  scheduledAt: z.string(),
  createTime: z.string(),
  resendOf: z.number().nullable(),
  total: z.number(),
  /** Messages by state (queued, sending, sent, delivered, failed, refused, skipped). */
  counts: z.record(z.string(), z.number()),
  answered: z.number(),
  unanswered: z.number(),
});
export type TInvitationSummary = z.infer<typeof ZInvitationSummary>;

/** One message of a send. */
export const ZInvitationMessage = z.object({
  messageId: z.number(),
  contactId: z.number().nullable(),
  name: z.string(),
  address: z.string(),
  content: z.string(),
  state: z.enum(['queued', 'refused', 'sending', 'sent', 'delivered', 'failed', 'skipped']),
  reason: z.string().nullable(),
  attempts: z.number(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type TInvitationMessage = z.infer<typeof ZInvitationMessage>;

export const ZUnansweredContact = z.object({ contactId: z.number(), name: z.string(), address: z.string(), openedAt: z.string().nullable() });

export const ZResendRequest = ZInvitationRef.extend({
  /** A new text (else the send's own). */
  content: z.string().trim().min(1, '请填写发送内容').max(5_000).optional(),
  sendAt: z.string().max(40).optional(),
});

const S = 'activity/sms/sign/';
export const smsSignCalls = {
  getSmsSignName: contract({
    path: `${S}getSmsSignName`,
    summary: '短信签名列表',
    request: ZNoFields,
    response: z.object({ list: z.array(ZSmsSign) }),
    auth: 'required',
  }),
  saveOrUpdateSmsSign: contract({
    path: `${S}saveOrUpdateSmsSign`,
    summary: '申请或修改短信签名',
    request: ZSaveSmsSignRequest,
    response: ZSmsSign,
    auth: 'required',
    okMessage: '提交成功，请等待审核',
  }),
  getSmsSignStatus: contract({ path: `${S}getSmsSignStatus`, summary: '短信签名状态', request: ZNoFields, response: ZSmsSignStatus, auth: 'required' }),
  updateUserSmsSign: contract({
    path: 'activity/user/updateUserSmsSign',
    summary: '选择使用的短信签名',
    request: ZSignRef,
    response: ZSmsSign,
    auth: 'required',
    okMessage: '设置成功',
  }),
};

const M = 'activity/message/contact/';
export const smsSendCalls = {
  addSmsDetail: contract({
    path: `${M}addSmsDetail`,
    summary: '发送短信/邮件邀请',
    request: ZAddInvitationRequest,
    response: ZAddInvitationResult,
    auth: 'required',
    okMessage: '提交成功',
  }),
  delSmsDetail: contract({
    path: `${M}delSmsDetail`,
    summary: '取消定时发送或删除发送记录',
    request: ZInvitationRef,
    response: ZNull,
    auth: 'required',
    okMessage: '操作成功',
  }),
  getAgainContactSms: contract({
    path: `${M}getAgainContactSms`,
    summary: '未作答的联系人',
    request: ZInvitationRef.extend(ZPaging),
    response: ZPageOf(ZUnansweredContact),
    auth: 'required',
  }),
  getContactAgainSms: contract({
    path: `${M}getContactAgainSms`,
    summary: '重发给未作答的联系人',
    request: ZResendRequest,
    response: ZAddInvitationResult,
    auth: 'required',
    okMessage: '提交成功',
  }),
  getSmsDetailPage: contract({
    path: `${M}getSmsDetailPage`,
    summary: '发送记录',
    request: z.object({ channel: z.enum(INVITATION_CHANNELS).optional(), ...ZPaging }),
    response: ZPageOf(ZInvitationSummary),
    auth: 'required',
  }),
  getSmsDetailMessages: contract({
    path: `${M}getSmsDetailMessages`,
    summary: '发送详情',
    request: ZInvitationRef.extend({ state: z.string().max(20).optional(), ...ZPaging }),
    response: z.object({ invitation: ZInvitationSummary, list: z.array(ZInvitationMessage), total: z.number() }),
    auth: 'required',
  }),
};

export const ZDevSmsSign = ZSmsSign.extend({ userId: z.number(), account: z.string() });
/** dev/smsSign/*: the operator's review of signatures (development only, with the merchant review's switch). */
export const devSmsSignCalls = {
  list: contract({
    path: 'dev/smsSign/list',
    summary: '短信签名审核：列表',
    request: z.object({ state: z.enum(SMS_SIGN_STATES).optional() }),
    response: z.object({ list: z.array(ZDevSmsSign) }),
    auth: 'optional',
  }),
  approve: contract({
    path: 'dev/smsSign/approve',
    summary: '短信签名审核：通过',
    request: ZSignRef,
    response: ZSmsSign,
    auth: 'optional',
    okMessage: '已通过',
  }),
  reject: contract({
    path: 'dev/smsSign/reject',
    summary: '短信签名审核：驳回',
    request: ZSignRef.extend({ reason: z.string().trim().min(1, SMS_MESSAGES.rejectReason).max(100, '驳回原因最多100个字') }),
    response: ZSmsSign,
    auth: 'optional',
    okMessage: '已驳回',
  }),
};

/** The ?ct= token of a contact's own link. */
export const ZContactToken = z.string().trim().min(1).max(64);
export const ZContactLinkInfo = z.object({
  /** The contact's name, for the page's 姓名 field. */
  name: z.string(),
  /** A one-sheet link already answered: the page says so instead of the form. */
  answered: z.boolean(),
  oneSheet: z.boolean(),
});
export type TContactLinkInfo = z.infer<typeof ZContactLinkInfo>;
/** The answering page opens a contact's link (recording opened_at the first time). */
export const contactLinkCalls = {
  getContactLink: contract({
    path: 'active/write/getContactLink',
    summary: '打开联系人专属链接',
    request: z.object({ questionId: z.string().max(64), ct: ZContactToken }),
    response: ZContactLinkInfo,
    auth: 'optional',
  }),
};
