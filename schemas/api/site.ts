import { z } from 'zod';
import { contract, ZPageOf } from './contract';

/**
 * site/operator (not in the spec): who runs this deployment, for the 用户服务协议 and 隐私政策 pages and their 联系我们
 * section (issue 43 item 7). Both come from the server's settings (OPERATOR_NAME, OPERATOR_CONTACT); unset is null.
 */
export const ZOperatorRequest = z.object({}).passthrough();
export const ZOperator = z.object({ name: z.string().nullable(), contact: z.string().nullable() });
export type TOperator = z.infer<typeof ZOperator>;

/**
 * site/feedback/* (not in the spec, issue 48 item 1): the site operator reads the help centre's 意见反馈 and marks it
 * 已处理. The operator is an account whose phone is in OPERATOR_ACCOUNTS; anyone else is refused (403).
 */
export const FEEDBACK_READING_MESSAGES = { notOperator: '仅站点运营者可以查看意见反馈', notFound: '反馈不存在' } as const;
export const ZFeedbackListRequest = z.object({
  pageNum: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const ZFeedbackItem = z.object({
  feedbackId: z.string(),
  /** The article it is about (null: about the help centre as a whole, or the article is gone). */
  articleId: z.number().nullable(),
  articleTitle: z.string().nullable(),
  systemSource: z.number(),
  content: z.string(),
  contact: z.string(),
  createTime: z.string(),
  handledTime: z.string().nullable(),
});
export type TFeedbackItem = z.infer<typeof ZFeedbackItem>;
export const ZFeedbackHandleRequest = z.object({
  feedbackId: z.string({ error: FEEDBACK_READING_MESSAGES.notFound }).min(1, FEEDBACK_READING_MESSAGES.notFound).max(64, FEEDBACK_READING_MESSAGES.notFound),
});

export const siteCalls = {
  operator: contract({ path: 'site/operator', summary: '网站运营者（服务协议与隐私政策）', request: ZOperatorRequest, response: ZOperator, auth: 'optional' }),
  feedbackList: contract({
    path: 'site/feedback/list',
    summary: '帮助中心意见反馈（站点运营者，新的在前）',
    request: ZFeedbackListRequest,
    response: ZPageOf(ZFeedbackItem),
    auth: 'required',
  }),
  feedbackHandle: contract({
    path: 'site/feedback/handle',
    summary: '意见反馈标记已处理（站点运营者）',
    request: ZFeedbackHandleRequest,
    response: z.object({ handledTime: z.string() }),
    auth: 'required',
  }),
};
