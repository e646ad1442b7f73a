import { z } from 'zod';
import { contract } from './contract';
import { ZCreateResult, ZQuestionId, ZTemplateSummary } from './question';
import { ZAnswerForm } from './write';

/**
 * A template as respondents see it, and a template shared with a friend (issue 48 item 3): /template/detailQuestion.html
 * draws the template on the respondent page itself; 分享给好友 makes a signed link /shareQuestionnaire?share=…, whose
 * 复制到我的账号 copies the template once per account and link.
 */
const T = 'active/template/';

export const TEMPLATE_SHARE_MESSAGES = {
  missing: '模板不存在或已下架',
  badToken: '分享链接无效，请向好友重新获取',
  forged: '分享链接无效或已被修改，请向好友重新获取',
} as const;

/**
 * `<template questionId>.<sharer's public id, or 0>.<HMAC>`: stateless, signed with the server secret, so who
 * shared it cannot be forged and nothing is stored until someone copies.
 */
export const ZShareToken = z
  .string({ error: TEMPLATE_SHARE_MESSAGES.badToken })
  .max(200, TEMPLATE_SHARE_MESSAGES.badToken)
  .regex(/^[\w-]{8,64}\.[\w-]{1,64}\.[0-9a-f]{32}$/, TEMPLATE_SHARE_MESSAGES.badToken);

export const ZShareTokenRequest = z.object({ shareToken: ZShareToken });

/** The link to send, its QR code (PNG data URL) and the name it will show (null when the sharer is not logged in). */
export const ZTemplateShareLink = z.object({ shareToken: z.string(), url: z.string(), qrPng: z.string(), sharerName: z.string().nullable() });
export type TTemplateShareLink = z.infer<typeof ZTemplateShareLink>;

/** What the shared link opens on: the template's card, who shared it, and the caller's copy when they made one already. */
export const ZTemplateShare = z.object({
  template: ZTemplateSummary,
  sharerName: z.string().nullable(),
  copiedQuestionId: z.string().nullable(),
});
export type TTemplateShare = z.infer<typeof ZTemplateShare>;

export const templateShareCalls = {
  getTemplateQuestion: contract({
    path: `${T}getTemplateQuestion`,
    summary: '模板题目详情（答题页所见）',
    request: z.object({ questionId: ZQuestionId }),
    response: ZAnswerForm,
    auth: 'optional',
  }),
  getTemplateShareLink: contract({
    path: `${T}getTemplateShareLink`,
    summary: '分享模板给好友：链接与二维码',
    request: z.object({ questionId: ZQuestionId }),
    response: ZTemplateShareLink,
    auth: 'optional',
  }),
  getTemplateShare: contract({
    path: `${T}getTemplateShare`,
    summary: '好友分享的模板',
    request: ZShareTokenRequest,
    response: ZTemplateShare,
    auth: 'optional',
  }),
  copyTemplateShare: contract({
    path: `${T}copyTemplateShare`,
    summary: '复制好友分享的模板到我的账号',
    request: ZShareTokenRequest,
    response: ZCreateResult,
    auth: 'required',
    okMessage: '复制成功',
  }),
};
