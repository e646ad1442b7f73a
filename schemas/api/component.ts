import { z } from 'zod';
import { zInt } from '../int';
import { contract, ZNull } from './contract';
import { NOTICE_KINDS } from '../notice/notice-kinds';
import { ZAppletSource } from './user';

/**
 * WeChat authorisation (spec §7 activity/component/*, issue 46 item 5): binding the caller's WeChat official
 * accounts and mini-programs through the Open Platform's third-party authorisation. getPreAuthCode gives the page
 * the account's administrator scans; WeChat sends them back to /bindingServicer/index.html with auth_code, which
 * the page hands to getAuthorizerInfo. The Vote variants list the official accounts a vote can use (issue 47).
 */
const C = 'activity/component/';

export const COMPONENT_MESSAGES = {
  notFound: '授权的公众号或小程序不存在或已解除绑定',
  notConfigured: '微信开放平台第三方授权尚未配置，请联系管理员设置 WECHAT_OPEN_APPID、WECHAT_OPEN_APPSECRET、WECHAT_OPEN_TOKEN、WECHAT_OPEN_AES_KEY',
  noTicket: '尚未收到微信推送的 component_verify_ticket（约每 10 分钟推送一次），请确认开放平台的授权事件接收 URL 已填写为本站的 /wechat/component/notify',
  refreshing: '微信令牌正在刷新，请稍后重试',
  authCode: '授权码无效，请重新授权',
  mchId: '商户号为 8–12 位数字',
  apiKey: 'API 密钥为 32 位字母或数字',
  apiKeyRequired: '首次设置请填写 API 密钥',
} as const;

/** WeChat web authorisation (微信授权, issue 47): what a voter is told when the round trip through WeChat fails. */
export const WEB_AUTH_MESSAGES = {
  state: '微信授权的校验参数无效或已过期，请重新进入页面授权',
  used: '该微信授权已使用过，请重新授权',
  code: '微信授权码无效或已过期，请重新授权',
  otherAccount: '该微信身份来自其他公众号，请重新授权',
  token: '微信身份已失效，请重新授权',
  noAccount: '该投票绑定的公众号已解除授权，暂时无法微信授权投票，请联系发起人',
  chooseAccount: '请选择已授权绑定的公众号',
  chainNoAccount: '该接龙绑定的公众号已解除授权，暂时无法微信授权参与，请联系发起人',
  formNoAccount: '该问卷绑定的公众号已解除授权，暂时无法微信授权填写，请联系发起人',
} as const;

/** The page's return address after WeChat's authorisation (a path of this site). */
export const ZWebAuthRedirectPath = z.string({ error: '缺少返回地址' }).min(1, '缺少返回地址').max(500, '返回地址过长');
/** What WeChat sends the browser back with (votes, chains): the code, our signed state, and the account's AppID. */
export const webAuthReturnFields = {
  code: z.string({ error: '缺少微信授权码' }).min(1, '缺少微信授权码').max(128, '微信授权码无效'),
  state: z.string({ error: '缺少微信授权校验参数' }).min(1, '缺少微信授权校验参数').max(200, '微信授权校验参数无效'),
  appid: z.string().max(32).optional(),
};
/** The identity token a page keeps after the round trip and sends with each participant call. */
export const ZWebAuthToken = z.object({ wechatToken: z.string(), expiresIn: z.number() });
/** A participant call's identity token (仅限微信授权参与 chains, check-ins and group-buys): absent when there is none. */
export const ZWechatTokenField = z.string().max(300, '微信身份已失效，请重新授权').optional();
/** 仅限微信授权参与 in a setting: one of the owner's authorised official accounts, or null for off; the server writes its AppID. */
export const ZWechatAuthSetting = z.number().int().min(1, '请选择已授权绑定的公众号').max(2_147_483_647, '请选择已授权绑定的公众号').nullable();

export const AUTH_KINDS = ['mp', 'mini'] as const;
export type TAuthKind = (typeof AUTH_KINDS)[number];

export const ZAuthId = zInt(1, undefined, COMPONENT_MESSAGES.notFound);

export const ZAuthInfo = z.object({
  authId: z.number(),
  authorizerAppid: z.string(),
  /** mp: official account (公众号); mini: mini-program (小程序). */
  kind: z.enum(AUTH_KINDS),
  nickName: z.string(),
  headImg: z.string(),
  /** The original id (gh_…). */
  userName: z.string(),
  principalName: z.string(),
  /** service_type_info.id: for an official account 0/1 subscription, 2 service. */
  serviceType: z.number(),
  /** verify_type_info.id: -1 unverified, 0 and above verified. */
  verifyType: z.number(),
  /** unauthorized: the administrator cancelled the authorisation in WeChat. */
  status: z.enum(['authorized', 'unauthorized']),
  appletSource: z.number().nullable(),
  hasPay: z.boolean(),
  createTime: z.string(),
});
export type TAuthInfo = z.infer<typeof ZAuthInfo>;

/** A list, with whether the platform is configured and, when not, the variables to set. */
export const ZAuthInfoList = z.object({
  list: z.array(ZAuthInfo),
  total: z.number(),
  configured: z.boolean(),
  missingEnv: z.array(z.string()),
  /** What to enter as 授权事件接收URL in the Open Platform. */
  notifyUrl: z.string(),
});
export type TAuthInfoList = z.infer<typeof ZAuthInfoList>;

export const ZAuthPay = z.object({
  authId: z.number(),
  mchId: z.string().nullable(),
  /** The API key's last four characters behind asterisks; never the key. */
  apiKeyMasked: z.string().nullable(),
});
export type TAuthPay = z.infer<typeof ZAuthPay>;

/** One of the official account's own templates as WeChat lists them (cgi-bin/template/get_all_private_template). */
export const ZWechatTemplate = z.object({ templateId: z.string(), title: z.string(), content: z.string() });
export type TWechatTemplate = z.infer<typeof ZWechatTemplate>;
/** Per notice kind, the template chosen (issue 47 item 4); a kind without one is not sent by WeChat. */
export const ZNoticeTemplateChoice = z.object({ kind: z.enum(NOTICE_KINDS), templateId: z.string(), title: z.string() });
export const ZNoticeTemplates = z.object({ templates: z.array(ZWechatTemplate), chosen: z.array(ZNoticeTemplateChoice) });
export type TNoticeTemplates = z.infer<typeof ZNoticeTemplates>;
export const NOTICE_TEMPLATE_MESSAGES = {
  notMp: '只有已授权的公众号可以发送模板消息',
  unknownTemplate: '该模板不在公众号的模板列表中，请先在公众号后台添加',
  templateId: '模板 ID 无效',
} as const;

const ZListRequest = z.object({ kind: z.enum(AUTH_KINDS).optional(), appletSource: ZAppletSource });
const ZOne = z.object({ authId: ZAuthId });

export const componentCalls = {
  getPreAuthCode: contract({
    path: `${C}getPreAuthCode`,
    summary: '获取授权页地址（预授权码）',
    request: z.object({
      /** 1 official accounts only, 2 mini-programs only, 3 both. */
      authType: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(3),
      appletSource: ZAppletSource,
    }),
    response: z.object({ url: z.string(), expiresIn: z.number() }),
    auth: 'required',
  }),
  getAuthorizerInfo: contract({
    path: `${C}getAuthorizerInfo`,
    summary: '授权回调：以授权码换取并保存公众号/小程序信息',
    request: z.object({
      authCode: z.string().trim().min(1, COMPONENT_MESSAGES.authCode).max(512, COMPONENT_MESSAGES.authCode),
      appletSource: ZAppletSource,
    }),
    response: ZAuthInfo,
    auth: 'required',
    okMessage: '授权绑定成功',
  }),
  getAuthInfoList: contract({
    path: `${C}getAuthInfoList`,
    summary: '已授权的公众号与小程序',
    request: ZListRequest,
    response: ZAuthInfoList,
    auth: 'required',
  }),
  delAuthInfo: contract({ path: `${C}delAuthInfo`, summary: '解除授权绑定', request: ZOne, response: ZNull, auth: 'required', okMessage: '已解除绑定' }),
  getVoteAuthInfoList: contract({
    path: `${C}getVoteAuthInfoList`,
    summary: '投票可用的已授权公众号',
    request: ZListRequest,
    response: ZAuthInfoList,
    auth: 'required',
  }),
  getVoteAuthInfo: contract({
    path: `${C}getVoteAuthInfo`,
    summary: '一个已授权公众号',
    request: z.object({ authId: ZAuthId, appletSource: ZAppletSource }),
    response: ZAuthInfo,
    auth: 'required',
  }),
  delVoteAuthInfo: contract({
    path: `${C}delVoteAuthInfo`,
    summary: '解除授权绑定',
    request: ZOne,
    response: ZNull,
    auth: 'required',
    okMessage: '已解除绑定',
  }),
  getAuthPay: contract({ path: `${C}getAuthPay`, summary: '授权账号的支付设置', request: ZOne, response: ZAuthPay, auth: 'required' }),
  upDateAuthPay: contract({
    path: `${C}upDateAuthPay`,
    summary: '保存授权账号的支付设置',
    request: z.object({
      authId: ZAuthId,
      mchId: z
        .string()
        .trim()
        .regex(/^\d{8,12}$/, COMPONENT_MESSAGES.mchId),
      /** Omitted or empty: keep the key already set. */
      apiKey: z
        .string()
        .trim()
        .regex(/^([0-9A-Za-z]{32})?$/, COMPONENT_MESSAGES.apiKey)
        .optional(),
    }),
    response: ZAuthPay,
    auth: 'required',
    okMessage: '支付设置已保存',
  }),
  getNoticeTemplates: contract({
    path: `${C}getNoticeTemplates`,
    summary: '公众号的模板消息列表与各类通知所用的模板',
    request: ZOne,
    response: ZNoticeTemplates,
    auth: 'required',
  }),
  setNoticeTemplate: contract({
    path: `${C}setNoticeTemplate`,
    summary: '设置一类通知所用的模板消息（空：不用微信发送）',
    request: z.object({
      authId: ZAuthId,
      kind: z.enum(NOTICE_KINDS, { error: '通知类型无效' }),
      templateId: z
        .string()
        .trim()
        .max(128, NOTICE_TEMPLATE_MESSAGES.templateId)
        .regex(/^[\w-]*$/, NOTICE_TEMPLATE_MESSAGES.templateId),
    }),
    response: ZNoticeTemplates,
    auth: 'required',
    okMessage: '通知模板已保存',
  }),
};
