import { z } from 'zod';
import { contract, ZPageOf } from './contract';
import { INVITATION_CHANNELS } from './invitations';
import { ZQuestionId } from './question';

/**
 * Receipts and unsubscribe (issue 50 items 3–4): per contact of a project, what their last invitation did (sent,
 * delivered, failed, refused, skipped, opted out), whether their own link was opened and the sheet answered
 * (/SMSReceipt.html, /SMSReceiptRecord.html); the public unsubscribe page (/unsubscribe.html?t=…) and the answering
 * page's "link opened" record. Reading receipts needs project power 1–3.
 */
export const RECEIPT_STATES = ['sending', 'sent', 'delivered', 'failed', 'refused', 'skipped', 'optedOut'] as const;
export type TReceiptState = (typeof RECEIPT_STATES)[number];
export const RECEIPT_STATE_NAMES: Record<TReceiptState, string> = {
  sending: '发送中',
  sent: '已发送',
  delivered: '已送达',
  failed: '发送失败',
  refused: '未发送',
  skipped: '已跳过',
  optedOut: '已退订',
};
/** The list's filter: a last-message state, or how far the contact got. */
export const RECEIPT_FILTERS = ['all', ...RECEIPT_STATES, 'opened', 'answered', 'unanswered'] as const;
export type TReceiptFilter = (typeof RECEIPT_FILTERS)[number];

/** The most rows one receipt export writes (a project's invited contacts beyond it: filter and export in parts). */
export const RECEIPT_EXPORT_LIMIT = 20_000;

export const RECEIPT_MESSAGES = {
  contactMissing: '联系人不存在或未收到本项目的邀请',
  exportEmpty: '没有可导出的回执',
  exportTooMany: `回执超过${RECEIPT_EXPORT_LIMIT}条，请按状态或方式筛选后分批导出`,
  linkMissing: '链接无效',
  tokenInvalid: '退订链接无效或已失效',
} as const;

export const ZContactReceipt = z.object({
  contactId: z.number(),
  name: z.string(),
  /** The phone or e-mail the last message went to. */
  address: z.string(),
  channel: z.enum(INVITATION_CHANNELS),
  state: z.enum(RECEIPT_STATES),
  /** Why a message failed or was not sent. */
  reason: z.string().nullable(),
  /** When the last message was made (queued) and when the provider took it. */
  lastTime: z.string(),
  sentAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  /** How many messages this contact got for the project (first send and resends). */
  messageCount: z.number(),
});
export type TContactReceipt = z.infer<typeof ZContactReceipt>;

export const ZReceiptPageRequest = z.object({
  questionId: ZQuestionId,
  state: z.enum(RECEIPT_FILTERS, { error: '请选择正确的状态' }).default('all'),
  channel: z.enum(INVITATION_CHANNELS).optional(),
  keyword: z.string().trim().max(50).optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});

/** 导出 (/SMSReceipt.html): the rows the filter shows, at most RECEIPT_EXPORT_LIMIT, as an .xlsx (base64). */
export const ZReceiptExportRequest = ZReceiptPageRequest.omit({ page: true, pageSize: true });
export const ZReceiptExportFile = z.object({ fileName: z.string(), xlsx: z.string(), count: z.number() });

export const ZReceiptStatus = z.object({
  invited: z.number(),
  sent: z.number(),
  delivered: z.number(),
  failed: z.number(),
  optedOut: z.number(),
  opened: z.number(),
  answered: z.number(),
  unanswered: z.number(),
});
export type TReceiptStatus = z.infer<typeof ZReceiptStatus>;

export const ZReceiptMessage = z.object({
  id: z.number(),
  invitationId: z.number(),
  channel: z.enum(INVITATION_CHANNELS),
  address: z.string(),
  subject: z.string().nullable(),
  content: z.string(),
  state: z.enum(['queued', 'refused', 'sending', 'sent', 'delivered', 'failed', 'skipped']),
  reason: z.string().nullable(),
  attempts: z.number(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type TReceiptMessage = z.infer<typeof ZReceiptMessage>;

export const ZContactSmsDetail = z.object({
  contact: z.object({
    contactId: z.number(),
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    emailOptedOut: z.boolean(),
    smsOptedOut: z.boolean(),
  }),
  openedAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  messages: z.array(ZReceiptMessage),
});
export type TContactSmsDetail = z.infer<typeof ZContactSmsDetail>;

/** The unsubscribe link's signed token (server/services/invitations/unsubscribe-token.ts). */
const ZUnsubscribeToken = z.string().trim().min(1, RECEIPT_MESSAGES.tokenInvalid).max(200, RECEIPT_MESSAGES.tokenInvalid);
export const ZUnsubscribeInfo = z.object({
  channel: z.enum(INVITATION_CHANNELS),
  /** The address, partly hidden (z***@example.com, 138****0000). */
  address: z.string(),
  /** Who invited them (the sender's account name). */
  sender: z.string(),
  optedOut: z.boolean(),
});
export type TUnsubscribeInfo = z.infer<typeof ZUnsubscribeInfo>;

const C = 'activity/contact/';
export const receiptCalls = {
  saveContactReceipt: contract({
    path: `${C}saveContactReceipt`,
    summary: '记录邀请链接已打开',
    request: z.object({ token: z.string().trim().min(1, RECEIPT_MESSAGES.linkMissing).max(100, RECEIPT_MESSAGES.linkMissing) }),
    response: z.object({ opened: z.boolean() }),
    auth: 'optional',
  }),
  getUserContactReceipt: contract({
    path: `${C}getUserContactReceipt`,
    summary: '项目的联系人回执',
    request: ZReceiptPageRequest,
    response: ZPageOf(ZContactReceipt),
    auth: 'required',
  }),
  getContactReceiptStatus: contract({
    path: `${C}getContactReceiptStatus`,
    summary: '项目的回执统计',
    request: z.object({ questionId: ZQuestionId }),
    response: ZReceiptStatus,
    auth: 'required',
  }),
  getContactReceiptDetail: contract({
    path: `${C}getContactReceiptDetail`,
    summary: '联系人的发送记录',
    request: z.object({ questionId: ZQuestionId, contactId: z.number({ error: '请选择联系人' }).int().min(1).max(2_147_483_647) }),
    response: ZContactSmsDetail,
    auth: 'required',
  }),
  exportContactReceipt: contract({
    path: `${C}exportContactReceipt`,
    summary: '导出项目的联系人回执',
    request: ZReceiptExportRequest,
    response: ZReceiptExportFile,
    auth: 'required',
  }),
  getUnsubscribe: contract({
    path: `${C}getUnsubscribe`,
    summary: '退订页面信息',
    request: z.object({ t: ZUnsubscribeToken }),
    response: ZUnsubscribeInfo,
    auth: 'optional',
  }),
  saveUnsubscribe: contract({
    path: `${C}saveUnsubscribe`,
    summary: '确认退订',
    request: z.object({ t: ZUnsubscribeToken }),
    response: ZUnsubscribeInfo,
    auth: 'optional',
    okMessage: '已退订',
  }),
};
