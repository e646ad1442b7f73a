import { z } from 'zod';
import { CHAIN_ENTRY_STATES } from '../chain/entry-states';
import { CHAIN_LIMITS } from '../chain/limits';
import { ZWebAuthRedirectPath, ZWebAuthToken, ZWechatAuthSetting, ZWechatTokenField, webAuthReturnFields } from './component';
import { contract, fileRoute } from './contract';
import { ZExportJob } from './export-jobs';
import { ZQuestionId } from './question';

/**
 * Sign-up chains (报名接龙, solitaireType 4, issue 20 item 1): spec §7 lists "solitaire" among the project-building
 * calls without naming them, so they are `activity/question/solitaire/<name>` (docs/decisions.md). The public calls
 * (getChain, join, edit, withdraw) name the participant by the login when there is one, else by the page's
 * device key; the creator's calls need a power on the project.
 */
const S = 'activity/question/solitaire/';

const ZDeviceId = z
  .string()
  .min(8, '设备编号无效')
  .max(64, '设备编号无效')
  .regex(/^[\w-]+$/, '设备编号无效');
const ZEntryId = z.string({ error: '缺少接龙记录编号' }).min(1).max(40);
const ZName = z.string({ error: '请填写姓名' }).trim().min(1, '请填写姓名').max(CHAIN_LIMITS.nameLength, `姓名不能超过${CHAIN_LIMITS.nameLength}个字`);
const ZAnswer = z.string().trim().max(CHAIN_LIMITS.answerLength, `备注不能超过${CHAIN_LIMITS.answerLength}个字`);
const ZPeople = z.number().int('人数须为整数').min(1, '人数至少为1').max(CHAIN_LIMITS.maxPeople, `每条接龙最多${CHAIN_LIMITS.maxPeople}人`);

export const ZChainState = z.enum(CHAIN_ENTRY_STATES);

/** The creator's settings of a chain. `cap` null: no limit; `deadline` null: open until closed. */
export const ZChainSettings = z.object({
  cap: z.number().int().min(1, '人数上限至少为1').max(CHAIN_LIMITS.maxCap).nullable(),
  /** The creator chose a cap or no cap (saving `cap`, null included): publishing needs the choice (issue 43). */
  capChosen: z.boolean(),
  waitlist: z.boolean(),
  /** Several entries per person (for family members, several orders) or one. */
  multiple: z.boolean(),
  maskNames: z.boolean(),
  deadline: z.string().nullable(),
  pinnedNote: z.string(),
  closed: z.boolean(),
  /** 仅限微信授权参与 (issue 47 item 1): the owner's authorised official account participants prove an openid of; null: off. */
  wechatAuthId: z.number().nullable(),
  /** 结果查询 (issue 48 item 4): the join form asks a phone, and the participant looks up their place by it and an SMS code. */
  queryEnabled: z.boolean(),
});
export type TChainSettings = z.infer<typeof ZChainSettings>;

/** Places taken (people of joined entries) and entries in each live state. */
export const ZChainCounts = z.object({ joinedPeople: z.number(), joinedCount: z.number(), waitingCount: z.number() });
export type TChainCounts = z.infer<typeof ZChainCounts>;

/** One entry as the public list shows it: the name masked where the creator chose. */
export const ZChainEntry = z.object({
  entryId: z.string(),
  seq: z.number(),
  name: z.string(),
  answer: z.string(),
  people: z.number(),
  state: ZChainState,
  joinTime: z.string(),
  updateTime: z.string(),
});
export type TChainEntry = z.infer<typeof ZChainEntry>;

/** The creator's view adds the real name, whether it is the creator's own, and the removal's reason. */
export const ZChainManageEntry = ZChainEntry.extend({ realName: z.string(), reason: z.string() });
export type TChainManageEntry = z.infer<typeof ZChainManageEntry>;

export const ZChainView = z.object({
  questionId: z.string(),
  title: z.string(),
  description: z.string(),
  /** 1 collecting; 0 not published or paused (no joins). */
  status: z.number(),
  settings: ZChainSettings,
  counts: ZChainCounts,
  /** Joined and waitlisted entries in number order. */
  entries: z.array(ZChainEntry),
  /** The caller's own live entries (by login or device key). */
  mine: z.array(z.string()),
  /** The live feed's position this view was read at: the stream resumes after it. */
  lastEventId: z.number(),
  serverTime: z.string(),
});
export type TChainView = z.infer<typeof ZChainView>;

/** The creator's view: every entry, and the caller's power (1 manage, 2 edit, 3 view) for the screen's actions. */
export const ZChainManageView = ZChainView.extend({ entries: z.array(ZChainManageEntry), powerType: z.number() });
export type TChainManageView = z.infer<typeof ZChainManageView>;

/** One event of the live feed (`id` is the SSE id): the entry it changed, masked, and the chain's counts. */
export const CHAIN_EVENT_KINDS = ['join', 'edit', 'withdraw', 'remove', 'promote', 'settings'] as const;
export const ZChainEvent = z.object({
  id: z.number(),
  kind: z.enum(CHAIN_EVENT_KINDS),
  entry: ZChainEntry.nullable(),
  counts: ZChainCounts,
  settings: ZChainSettings,
});
export type TChainEvent = z.infer<typeof ZChainEvent>;

/** 仅限微信授权参与: the token getChainWechatIdentity answered (an openid of the chain's official account). */
export const ZWechatToken = ZWechatTokenField;
const who = { questionId: ZQuestionId, deviceId: ZDeviceId, wechatToken: ZWechatToken };
export const ZGetChainRequest = z.object({ questionId: ZQuestionId, deviceId: ZDeviceId.optional(), wechatToken: ZWechatToken });
/** A phone left when joining: told by SMS when the entry is promoted from the waitlist, and 结果查询's key where the chain has it on (never shown). */
const ZNoticePhone = z
  .string()
  .trim()
  .regex(/^(1\d{10})?$/, '手机号格式不正确')
  .default('');
export const ZJoinChainRequest = z.object({ ...who, name: ZName, answer: ZAnswer.default(''), people: ZPeople.default(1), phone: ZNoticePhone });
export const ZJoinResult = z.object({ entry: ZChainEntry, counts: ZChainCounts });
export const ZEditEntryRequest = z.object({ ...who, entryId: ZEntryId, name: ZName, answer: ZAnswer.default('') });
export const ZWithdrawRequest = z.object({ ...who, entryId: ZEntryId });
export const ZWithdrawResult = z.object({ counts: ZChainCounts, promoted: z.array(z.string()) });

export const ZManageRequest = z.object({ questionId: ZQuestionId });
export const ZSaveChainSettingsRequest = z.object({
  questionId: ZQuestionId,
  cap: ZChainSettings.shape.cap.optional(),
  waitlist: z.boolean().optional(),
  multiple: z.boolean().optional(),
  maskNames: z.boolean().optional(),
  deadline: z
    .string()
    .max(40)
    .refine((s) => {
      const year = new Date(s).getUTCFullYear();
      return year >= 2000 && year <= 2100;
    }, '截止时间格式不正确')
    .nullable()
    .optional(),
  /** 仅限微信授权参与: one of the owner's authorised official accounts, or null for off; the server writes its AppID. */
  wechatAuthId: ZWechatAuthSetting.optional(),
  queryEnabled: z.boolean().optional(),
});
/** getChainWechatAuthUrl: WeChat's authorise link; WeChat sends the participant back to `redirectPath` (this site). */
export const ZChainWechatAuthRequest = z.object({ questionId: ZQuestionId, redirectPath: ZWebAuthRedirectPath });
/** getChainWechatIdentity: what WeChat sent the participant back with. */
export const ZChainWechatIdentityRequest = z.object({ questionId: ZQuestionId, ...webAuthReturnFields });
export const ZPinNoteRequest = z.object({
  questionId: ZQuestionId,
  note: z.string().trim().max(CHAIN_LIMITS.noteLength, `置顶公告不能超过${CHAIN_LIMITS.noteLength}个字`),
});
export const ZCloseChainRequest = z.object({ questionId: ZQuestionId, closed: z.boolean() });
export const ZRemoveEntryRequest = z.object({
  questionId: ZQuestionId,
  entryId: ZEntryId,
  reason: z.string().trim().min(1, '请填写移除原因').max(CHAIN_LIMITS.reasonLength, `移除原因不能超过${CHAIN_LIMITS.reasonLength}个字`),
});
export const ZMissingRequest = z.object({ questionId: ZQuestionId, names: z.string().max(40_000, '名单过长') });
export const ZMissingResult = z.object({ expected: z.number(), missing: z.array(z.string()), joined: z.array(z.string()) });
export const ZChainStreamQuery = z.object({ questionId: ZQuestionId, lastEventId: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional() });

/** Refusal messages the screens and tests share. */
export const CHAIN_MESSAGES = {
  notChain: '该项目不是报名接龙',
  notSolitaire: '该项目不是接龙',
  notCollecting: '接龙尚未发布或已暂停',
  closed: '接龙已截止，不能再报名',
  full: '名额已满',
  alreadyJoined: '你已经报名过了，可以修改或退出自己的接龙',
  notYours: '只能修改或退出自己的接龙',
  entryGone: '这条接龙已退出或被移除',
  capBelowJoined: '人数上限不能小于已报名人数',
  wechatRequired: '本接龙仅限微信授权参与，请在微信中打开本页',
  notWechat: '该接龙未开启微信授权参与',
} as const;

export const chainCalls = {
  getChain: contract({ path: `${S}getChain`, summary: '报名接龙：公开列表', request: ZGetChainRequest, response: ZChainView, auth: 'optional' }),
  joinChain: contract({
    path: `${S}joinChain`,
    summary: '报名接龙：参与接龙',
    request: ZJoinChainRequest,
    response: ZJoinResult,
    auth: 'optional',
    okMessage: '接龙成功',
  }),
  updateChainEntry: contract({
    path: `${S}updateChainEntry`,
    summary: '报名接龙：修改自己的接龙',
    request: ZEditEntryRequest,
    response: ZChainEntry,
    auth: 'optional',
  }),
  withdrawChainEntry: contract({
    path: `${S}withdrawChainEntry`,
    summary: '报名接龙：退出接龙',
    request: ZWithdrawRequest,
    response: ZWithdrawResult,
    auth: 'optional',
    okMessage: '已退出接龙',
  }),
  getChainManage: contract({
    path: `${S}getChainManage`,
    summary: '报名接龙：管理列表',
    request: ZManageRequest,
    response: ZChainManageView,
    auth: 'required',
  }),
  saveChainSetting: contract({
    path: `${S}saveChainSetting`,
    summary: '报名接龙：设置',
    request: ZSaveChainSettingsRequest,
    response: ZChainSettings,
    auth: 'required',
  }),
  pinChainNote: contract({ path: `${S}pinChainNote`, summary: '报名接龙：置顶公告', request: ZPinNoteRequest, response: ZChainSettings, auth: 'required' }),
  closeChain: contract({
    path: `${S}closeChain`,
    summary: '报名接龙：提前截止或重新开放',
    request: ZCloseChainRequest,
    response: ZChainSettings,
    auth: 'required',
  }),
  removeChainEntry: contract({
    path: `${S}removeChainEntry`,
    summary: '报名接龙：移除接龙',
    request: ZRemoveEntryRequest,
    response: ZWithdrawResult,
    auth: 'required',
  }),
  getChainMissing: contract({
    path: `${S}getChainMissing`,
    summary: '报名接龙：未接龙名单',
    request: ZMissingRequest,
    response: ZMissingResult,
    auth: 'required',
  }),
  exportChainList: contract({
    path: `${S}exportChainList`,
    summary: '报名接龙：导出接龙名单（Excel，我的下载）',
    request: ZManageRequest,
    response: ZExportJob,
    auth: 'required',
    okMessage: '已加入导出队列，可在“我的下载”查看进度',
  }),
  getChainWechatAuthUrl: contract({
    path: `${S}getChainWechatAuthUrl`,
    summary: '报名接龙：微信授权链接（仅限微信授权参与）',
    request: ZChainWechatAuthRequest,
    response: z.object({ url: z.string() }),
    auth: 'optional',
  }),
  getChainWechatIdentity: contract({
    path: `${S}getChainWechatIdentity`,
    summary: '报名接龙：微信授权返回（换取参与者身份）',
    request: ZChainWechatIdentityRequest,
    response: ZWebAuthToken,
    auth: 'optional',
    okMessage: '微信授权成功',
  }),
};

/** The live feed: server-sent events (text/event-stream), resumed with Last-Event-ID or `lastEventId`. */
export const chainStreamRoutes = {
  events: fileRoute({
    path: `${S}events`,
    summary: '接龙：实时更新（SSE，报名、打卡共用）',
    query: ZChainStreamQuery,
    auth: 'optional',
    mediaType: 'text/event-stream',
  }),
};
