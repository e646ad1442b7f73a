import { z } from 'zod';
import { contract, ZNull } from './contract';
import { ZQuestionId, ZQuestionType } from './question';

/** The message when no mini-program is configured (getQuestionCode, T2/getAppletUrl): what the operator must set. */
export const APPLET_NOT_CONFIGURED = '未配置小程序：请在服务器设置 WECHAT_APPLET_APPID 和 WECHAT_APPLET_SECRET（小程序的 AppID 与 AppSecret）后重启';

/** getQuestionCode (spec: adds appletSource 7 for one brand): the project's 小程序码 and its link. */
export const ZQuestionCodeRequest = z.object({ questionId: ZQuestionId, appletSource: z.union([z.literal(1), z.literal(7)]).optional() });
export const ZQuestionCode = z.object({
  /** The code as a data: URL (PNG or JPEG, as WeChat made it). */
  qrCode: z.string(),
  /** The 小程序链接 that opens the same page outside WeChat. */
  url: z.string(),
});
export const ZAppletUrl = z.object({ url: z.string() });

/** wxApplet/search/saveSearch: one template search; the hot-search box offers the most searched words. */
export const ZSaveSearchRequest = z.object({
  keyword: z.string().trim().min(1, '请输入搜索词').max(50, '搜索词最多50个字'),
  questionType: ZQuestionType.optional(),
});

/** The share tools of a bound mini-program (issue 49 item 6) and the template search record. */
export const appletCalls = {
  getQuestionCode: contract({
    path: 'activity/question/getQuestionCode',
    summary: '项目的小程序码（未配置小程序时提示配置）',
    request: ZQuestionCodeRequest,
    response: ZQuestionCode,
    auth: 'required',
  }),
  getAppletUrl: contract({
    path: 'activity/question/T2/getAppletUrl',
    summary: '项目的小程序链接（未配置小程序时提示配置）',
    request: z.object({ questionId: ZQuestionId }),
    response: ZAppletUrl,
    auth: 'required',
  }),
  saveSearch: contract({
    path: 'wxApplet/search/saveSearch',
    summary: '记录一次模板搜索（热门搜索词）',
    request: ZSaveSearchRequest,
    response: ZNull,
    auth: 'optional',
  }),
};
