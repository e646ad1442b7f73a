import { z } from 'zod';
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS } from '../webhooks/events';
import { contract, ZNull } from './contract';
import { ZQuestionId } from './question';
import { ZVoteId } from './vote';

/**
 * A project's webhooks (issue 53 item 3): each accepted sheet (and order, booking, ballot where the project has
 * them) is POSTed as JSON to the URL, signed with the webhook's secret (schemas/webhooks/events.ts), retried with a
 * growing delay by whichever process takes it, logged with every attempt's answer, redelivered by hand, and the
 * webhook disabled after WEBHOOK_LIMITS.disableAfterFailures deliveries failed for good in a row. Only http(s) to
 * hosts that are not the server's own or private (unless WEBHOOK_ALLOW_HOSTS names them). All calls need the
 * project's manage power (the data leaves the platform). A vote (vote_activities, not a project) has webhooks too: every
 * call names either `questionId` or `voteId` (the vote's owner manages them, as every vote call), and a vote's
 * webhooks hear only 'ballot.cast'.
 */
export const WEBHOOK_MESSAGES = {
  urlRequired: '请填写推送地址',
  urlInvalid: '推送地址须以 http:// 或 https:// 开头',
  urlBlocked: '不能推送到内网、本机或保留地址',
  eventsRequired: '请至少选择一个推送事件',
  tooMany: `每个项目最多 ${WEBHOOK_LIMITS.perProject} 个推送地址`,
  gone: '该推送地址不存在或已删除',
  deliveryGone: '该推送记录不存在',
  saved: '保存成功',
  deleted: '删除成功',
  redelivered: '已重新推送',
  testQueued: '测试推送已发出',
  secretReset: '密钥已重置，请同步更新接收端',
  ownerRequired: '请选择项目或投票',
} as const;

const ZPublicId = z.string({ error: '请选择推送地址' }).min(1).max(64);
export const ZWebhookEvent = z.enum(WEBHOOK_EVENTS);
export const ZDeliveryState = z.enum(['queued', 'sending', 'done', 'failed']);

export const ZWebhookItem = z.object({
  webhookId: z.string(),
  url: z.string(),
  /** Shown to managers so the receiver can check signatures. */
  secret: z.string(),
  events: z.array(ZWebhookEvent),
  enabled: z.boolean(),
  /** Why it was switched off by the platform (repeated failures), null when on or switched off by hand. */
  disabledReason: z.string().nullable(),
  consecutiveFailures: z.number(),
  createTime: z.string(),
  /** The latest delivery's state and status code, for the list. */
  lastDelivery: z.object({ state: ZDeliveryState, status: z.number().nullable(), time: z.string() }).nullable(),
});
export type TWebhookItem = z.infer<typeof ZWebhookItem>;

export const ZWebhookAttempt = z.object({
  attempt: z.number(),
  status: z.number().nullable(),
  error: z.string().nullable(),
  durationMs: z.number(),
  responseExcerpt: z.string().nullable(),
  time: z.string(),
});
export const ZDeliveryItem = z.object({
  deliveryId: z.string(),
  event: z.string(),
  eventId: z.string(),
  state: ZDeliveryState,
  attempts: z.number(),
  lastStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  nextAttemptTime: z.string().nullable(),
  createTime: z.string(),
  finishTime: z.string().nullable(),
  /** The delivery this one repeats, when sent again by hand. */
  redeliveryOf: z.string().nullable(),
});
export type TDeliveryItem = z.infer<typeof ZDeliveryItem>;
export const ZDeliveryDetail = ZDeliveryItem.extend({ payload: z.record(z.string(), z.unknown()), attemptList: z.array(ZWebhookAttempt) });

/** Whose webhooks: a project's (questionId) or a vote's (voteId), exactly one of them. */
const ZOwner = { questionId: ZQuestionId.optional(), voteId: ZVoteId.optional() };
export type TWebhookOwnerBody = { questionId?: string | undefined; voteId?: string | undefined };
const oneOwner = (b: object) => Boolean((b as TWebhookOwnerBody).questionId) !== Boolean((b as TWebhookOwnerBody).voteId);
const owned = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ ...ZOwner, ...shape }).refine(oneOwner, { message: WEBHOOK_MESSAGES.ownerRequired, path: ['questionId'] });
const ZHook = { webhookId: ZPublicId };
const ZDeliveryRef = { deliveryId: z.string({ error: '请选择推送记录' }).min(1).max(64) };
export const ZSaveWebhookRequest = owned({
  /** Absent: a new webhook. */
  webhookId: ZPublicId.optional(),
  url: z.string({ error: WEBHOOK_MESSAGES.urlRequired }).trim().min(1, WEBHOOK_MESSAGES.urlRequired).max(WEBHOOK_LIMITS.urlMax, '推送地址太长'),
  events: z.array(ZWebhookEvent, { error: WEBHOOK_MESSAGES.eventsRequired }).min(1, WEBHOOK_MESSAGES.eventsRequired).max(WEBHOOK_EVENTS.length),
  enabled: z.boolean().default(true),
});

const W = 'activity/question/webhook';
export const webhookCalls = {
  getWebhookList: contract({
    path: `${W}/getWebhookList`,
    summary: '推送地址列表',
    request: owned({}),
    response: z.object({ list: z.array(ZWebhookItem) }),
    auth: 'required',
  }),
  saveWebhook: contract({
    path: `${W}/saveWebhook`,
    summary: '保存推送地址',
    request: ZSaveWebhookRequest,
    response: ZWebhookItem,
    auth: 'required',
    okMessage: WEBHOOK_MESSAGES.saved,
  }),
  deleteWebhook: contract({
    path: `${W}/deleteWebhook`,
    summary: '删除推送地址',
    request: owned(ZHook),
    response: ZNull,
    auth: 'required',
    okMessage: WEBHOOK_MESSAGES.deleted,
  }),
  resetWebhookSecret: contract({
    path: `${W}/resetWebhookSecret`,
    summary: '重置推送密钥',
    request: owned(ZHook),
    response: ZWebhookItem,
    auth: 'required',
    okMessage: WEBHOOK_MESSAGES.secretReset,
  }),
  sendTestEvent: contract({
    path: `${W}/sendTestEvent`,
    summary: '发送测试推送',
    request: owned(ZHook),
    response: z.object({ deliveryId: z.string() }),
    auth: 'required',
    okMessage: WEBHOOK_MESSAGES.testQueued,
  }),
  getDeliveryList: contract({
    path: `${W}/getDeliveryList`,
    summary: '推送记录',
    request: owned({
      ...ZHook,
      state: ZDeliveryState.optional(),
      page: z.number().int().min(1).max(100_000).default(1),
      pageSize: z.number().int().min(1).max(100).default(20),
    }),
    response: z.object({ list: z.array(ZDeliveryItem), total: z.number() }),
    auth: 'required',
  }),
  getDelivery: contract({
    path: `${W}/getDelivery`,
    summary: '推送详情',
    request: owned(ZDeliveryRef),
    response: ZDeliveryDetail,
    auth: 'required',
  }),
  redeliver: contract({
    path: `${W}/redeliver`,
    summary: '重新推送',
    request: owned(ZDeliveryRef),
    response: z.object({ deliveryId: z.string() }),
    auth: 'required',
    okMessage: WEBHOOK_MESSAGES.redelivered,
  }),
};
