import { z } from 'zod';
import { zInt } from '../int';
import { VOTE_STATUSES } from '../vote/vote-lifecycle';
import { ZVoteSettings } from '../vote/vote-rules';
import { VOTE_MESSAGES } from '../vote/vote-messages';
import { ZWebAuthRedirectPath, ZWebAuthToken, webAuthReturnFields } from './component';
import { contract, ZNull } from './contract';
import { ZRedNotice } from './red-notice';

/**
 * activity/vote/* core calls (spec §7 "Votes", issue 19): the activity, its lists and bin, its rules, the vote
 * detail list and the ballot (getVotePraise). Sign-up, music, comments, whitelist and downloads are in
 * vote-extras.ts; players in vote-player.ts. Ids on the wire are opaque strings (voteId, playerId).
 */
const P = 'activity/vote';

export const ZVoteId = z
  .string({ error: '缺少投票编号' })
  .min(8, '投票编号无效')
  .max(64, '投票编号无效')
  .regex(/^[\w-]+$/, '投票编号无效');
export const ZPlayerId = z
  .string({ error: '缺少选手编号' })
  .min(8, '选手编号无效')
  .max(64, '选手编号无效')
  .regex(/^[\w-]+$/, '选手编号无效');
export const ZVoteRef = z.object({ voteId: ZVoteId });
const ZTime = z.iso.datetime({ offset: true, error: '时间格式无效' });
const ZPage = { page: z.number().int().min(1).max(100_000).default(1), pageSize: z.number().int().min(1).max(100).default(10) };
export const ZVoteStatus = z.enum(VOTE_STATUSES);
const ZUrl = z.string().max(1_000, '链接过长');

export const ZVoteBasics = z.object({
  title: z.string({ error: '请输入投票标题' }).trim().min(1, '请输入投票标题').max(100, '标题最多100个字'),
  coverImages: z.array(ZUrl).max(9, '封面图最多9张').default([]),
  /** Rich text, sanitised on save. */
  description: z.string().max(50_000, '活动介绍过长').default(''),
  startTime: ZTime.nullable().default(null),
  endTime: ZTime.nullable().default(null),
});

/** saveOrUpdateVote: create (no voteId) or replace the basics; `settings` and `playerTypes` only when creating. */
export const ZSaveVoteRequest = ZVoteBasics.extend({
  voteId: ZVoteId.optional(),
  /** Saving an existing activity: the version it was read at ("409" when someone saved meanwhile). */
  version: zInt(1).optional(),
  settings: ZVoteSettings.optional(),
  playerTypes: z.array(z.string().trim().min(1).max(30, '分组名最多30个字')).max(50, '分组最多50个').optional(),
});
/** saveOrUpdateToAloneVote: save some of the basics alone (the editor's autosave of one field). */
export const ZSaveAloneRequest = ZVoteBasics.partial().extend({ voteId: ZVoteId, version: zInt(1).optional() });
export const ZSaveVoteResult = z.object({ voteId: z.string(), version: z.number(), isCreate: z.union([z.literal(0), z.literal(1)]) });

export const ZVoteInfo = z.object({
  voteId: z.string(),
  title: z.string(),
  coverImages: z.array(z.string()),
  description: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  status: ZVoteStatus,
  /** What a voter meets now: draft, notStarted, running, suspended or ended (the end time passed). */
  phase: z.enum(['draft', 'notStarted', 'running', 'suspended', 'ended']),
  isTop: z.boolean(),
  inBin: z.boolean(),
  playerCount: z.number(),
  voteCount: z.number(),
  visitCount: z.number(),
  version: z.number(),
  createTime: z.string(),
  updateTime: z.string(),
  deleteTime: z.string().nullable(),
});
export type TVoteInfo = z.infer<typeof ZVoteInfo>;
/** getVote: the creator's view, with the rules and the caller's power. */
export const ZVoteDetail = ZVoteInfo.extend({ settings: ZVoteSettings, powerType: z.number(), brand: z.string() });
export type TVoteDetail = z.infer<typeof ZVoteDetail>;

export const ZVoteListRequest = z.object({ keyword: z.string().max(100).optional(), status: ZVoteStatus.optional(), ...ZPage });
export const ZVoteList = z.object({ list: z.array(ZVoteInfo), total: z.number(), page: z.number(), pageSize: z.number() });
export type TVoteList = z.infer<typeof ZVoteList>;
export const ZBinListRequest = z.object({ keyword: z.string().max(100).optional(), ...ZPage });
export const ZDepotItem = z.object({ voteId: z.string(), title: z.string(), status: ZVoteStatus, playerCount: z.number(), createTime: z.string() });

export const ZSuspendOrStartRequest = z.object({
  voteId: ZVoteId,
  /** start: publish a draft or resume a suspended one; suspend; end for good. Absent: toggle. */
  action: z.enum(['start', 'suspend', 'end'], { error: '操作无效' }).optional(),
});
export const ZVoteStatusResult = z.object({ voteId: z.string(), status: ZVoteStatus, phase: ZVoteInfo.shape.phase });
/** getDelVote: to the bin, or back from it with restore. */
export const ZDelVoteRequest = z.object({ voteId: ZVoteId, restore: z.boolean().default(false) });
/** getThoroughDelVote: one activity of the bin for good, or the whole bin with all. */
export const ZThoroughDelRequest = z.union([z.object({ voteId: ZVoteId }), z.object({ all: z.literal(true) })], { error: '请选择要彻底删除的投票' });
export const ZTopRequest = z.object({ voteId: ZVoteId, top: z.boolean({ error: '缺少置顶状态' }) });
export const ZSaveSettingRequest = z.object({ voteId: ZVoteId, settings: ZVoteSettings, version: zInt(1).optional() });
export const ZVoteSettingResult = z.object({ voteId: z.string(), settings: ZVoteSettings, version: z.number() });

/** getSceneVoteSetting: the voting page's view of an activity (no login); `visit` counts one visit of the page. */
export const ZSceneRequest = z.object({ voteId: ZVoteId, visit: z.boolean().default(false), deviceId: z.string().max(64).optional() });
export const ZVoteScene = z.object({
  voteId: z.string(),
  title: z.string(),
  coverImages: z.array(z.string()),
  description: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  phase: ZVoteInfo.shape.phase,
  /** What the page says instead of the vote button when the phase is not running. */
  phaseMessage: z.string().nullable(),
  settings: ZVoteSettings,
  playerCount: z.number(),
  /** null when the rules hide the counts. */
  voteCount: z.number().nullable(),
  visitCount: z.number(),
  /** Votes the caller has left in this period, when the page can tell who votes (device or session); null otherwise. */
  remaining: z.number().nullable(),
  brand: z.string(),
});
export type TVoteScene = z.infer<typeof ZVoteScene>;

export const ZDetailListRequest = z.object({
  voteId: ZVoteId,
  playerId: ZPlayerId.optional(),
  valid: z.boolean().optional(),
  suspect: z.boolean().optional(),
  ...ZPage,
});
export const ZVotingDetail = z.object({
  detailId: z.string(),
  playerId: z.string(),
  playerNo: z.number(),
  playerName: z.string(),
  /** Who voted, masked: 138****0000, 用户 U…, 设备 …. */
  voter: z.string(),
  ip: z.string(),
  ipArea: z.string(),
  valid: z.boolean(),
  suspect: z.boolean(),
  suspectReason: z.string().nullable(),
  createTime: z.string(),
});
export type TVotingDetail = z.infer<typeof ZVotingDetail>;
export const ZDetailList = z.object({ list: z.array(ZVotingDetail), total: z.number(), page: z.number(), pageSize: z.number() });
export const ZDetailValidRequest = z.object({
  voteId: ZVoteId,
  detailId: z.string().regex(/^\d{1,18}$/, '投票记录编号无效'),
  valid: z.boolean({ error: '缺少有效状态' }),
});
export const ZDetailValidResult = z.object({ detailId: z.string(), valid: z.boolean(), playerId: z.string(), votes: z.number() });

/** getVotingTrendList: the creator's 票数趋势 chart, counted on the server over every valid vote of the activity. */
export const ZTrendRequest = z.object({
  voteId: ZVoteId,
  /** How many players get a line: those with the most valid votes. */
  top: z.number({ error: '选手数无效' }).int('选手数无效').min(1, '至少显示1位选手').max(20, '最多显示20位选手').default(5),
});
export const ZTrend = z.object({
  /** 'hour' while the valid votes span under two days, else 'day' (Asia/Shanghai). */
  unit: z.enum(['hour', 'day']),
  /** Every bucket from the first valid vote's to the last's, oldest first, in Shanghai time: 'YYYY-MM-DD HH:00' or 'YYYY-MM-DD'. */
  buckets: z.array(z.string()),
  /** The players with the most valid votes, most first; `counts[i]` is their valid votes in `buckets[i]`. */
  series: z.array(z.object({ playerId: z.string(), no: z.number(), name: z.string(), votes: z.number(), counts: z.array(z.number()) })),
  /** Valid votes of the activity, all players. */
  total: z.number(),
});
export type TTrend = z.infer<typeof ZTrend>;

export const ZLastOrNextRequest = z.object({
  voteId: ZVoteId,
  playerId: ZPlayerId,
  direction: z.enum(['last', 'next'], { error: '方向无效' }),
  sort: z.enum(['no', 'votes']).default('no'),
});

/** getVotePraise: one ballot. `ballotId` is made by the page once per tap; a retry sends the same one. */
export const ZVotePraiseRequest = z.object({
  voteId: ZVoteId,
  ballotId: z
    .string({ error: '缺少投票编号' })
    .min(8, '投票编号无效')
    .max(64, '投票编号无效')
    .regex(/^[\w-]+$/, '投票编号无效'),
  playerIds: z.array(ZPlayerId).min(1, '请选择选手').max(50, '选手过多'),
  /** The page's device id (kept in its storage): the voter when the rules ask no identity. */
  deviceId: z
    .string({ error: '缺少设备标识' })
    .min(8, '设备标识无效')
    .max(64, '设备标识无效')
    .regex(/^[\w-]+$/, '设备标识无效'),
  /** Identity by SMS: the phone and its code (sent with activity/user/sendSms type 'vote') the first time, */
  phone: z.string().max(20).optional(),
  code: z.string().max(8).optional(),
  /** then the voterToken the first ballot answered. */
  voterToken: z.string().max(300).optional(),
  /** A hash of the voting page's browser (user agent, screen, time zone, language…): a suspicion signal, never an identity. */
  fingerprint: z
    .string()
    .regex(/^[0-9a-f]{8,64}$/, '浏览器指纹无效')
    .optional(),
  /** Identity 微信授权: the token getVoteWechatVoter answered (an openid of the vote's official account). */
  wechatToken: z.string().max(300).optional(),
});
/** getVoteWechatAuthUrl: WeChat's authorise link; WeChat sends the voter back to `redirectPath` (this site) with code and state. */
export const ZVoteWechatAuthRequest = z.object({ voteId: ZVoteId, redirectPath: ZWebAuthRedirectPath });
/** getVoteWechatVoter: what WeChat sent the voter back with. */
export const ZVoteWechatVoterRequest = z.object({ voteId: ZVoteId, ...webAuthReturnFields });
/** A picked player's votes after the ballot; null when the rules hide the counts. */
export const ZPlayerVotes = z.object({ playerId: z.string(), votes: z.number().nullable() });
export const ZVotePraiseResult = z.object({
  ballotId: z.string(),
  /** true: this ballot id was counted before; nothing was counted again. */
  replay: z.boolean(),
  players: z.array(ZPlayerVotes),
  /** Votes left to this voter in the period (the day, or the whole activity). */
  remaining: z.number(),
  limitScope: z.enum(['day', 'activity']),
  voterToken: z.string().nullable(),
  /** 红包: what happens to this ballot's red envelope, when the vote has one running (issue 49). */
  redPacket: ZRedNotice.optional(),
});
export type TVotePraiseResult = z.infer<typeof ZVotePraiseResult>;

/** A player as the voting page sees it; votes and rank are null when the rules hide them. */
export const ZPublicPlayer = z.object({
  playerId: z.string(),
  no: z.number(),
  name: z.string(),
  photo: z.string(),
  description: z.string(),
  videoUrl: z.string(),
  audioUrl: z.string(),
  typeId: z.number().nullable(),
  typeName: z.string().nullable(),
  votes: z.number().nullable(),
  rank: z.number().nullable(),
  review: z.enum(['approved', 'pending', 'rejected']),
});
export type TPublicPlayer = z.infer<typeof ZPublicPlayer>;

export const voteCalls = {
  getVote: contract({ path: `${P}/getVote`, summary: '投票活动详情（创建者）', request: ZVoteRef, response: ZVoteDetail, auth: 'required' }),
  saveOrUpdateVote: contract({
    path: `${P}/saveOrUpdateVote`,
    summary: '创建或保存投票活动',
    request: ZSaveVoteRequest,
    response: ZSaveVoteResult,
    auth: 'required',
    okMessage: '保存成功',
  }),
  saveOrUpdateToAloneVote: contract({
    path: `${P}/saveOrUpdateToAloneVote`,
    summary: '单独保存投票的部分信息',
    request: ZSaveAloneRequest,
    response: ZSaveVoteResult,
    auth: 'required',
    okMessage: '保存成功',
  }),
  getVoteList: contract({ path: `${P}/getVoteList`, summary: '投票列表（置顶在前）', request: ZVoteListRequest, response: ZVoteList, auth: 'required' }),
  getVoteSuspendOrStart: contract({
    path: `${P}/getVoteSuspendOrStart`,
    summary: '发布、暂停或开启投票',
    request: ZSuspendOrStartRequest,
    response: ZVoteStatusResult,
    auth: 'required',
  }),
  getCopeVote: contract({
    path: `${P}/getCopeVote`,
    summary: '复制投票（含分组与选手）',
    request: ZVoteRef,
    response: ZSaveVoteResult,
    auth: 'required',
    okMessage: '复制成功',
  }),
  getDelVote: contract({ path: `${P}/getDelVote`, summary: '投票移入回收站或恢复', request: ZDelVoteRequest, response: ZNull, auth: 'required' }),
  getClearVotes: contract({ path: `${P}/getClearVotes`, summary: '清空投票数据', request: ZVoteRef, response: ZNull, auth: 'required', okMessage: '已清空' }),
  getThoroughDelVote: contract({
    path: `${P}/getThoroughDelVote`,
    summary: '彻底删除投票',
    request: ZThoroughDelRequest,
    response: z.object({ deleted: z.number() }),
    auth: 'required',
    okMessage: '已彻底删除',
  }),
  getThoroughDelVoteList: contract({
    path: `${P}/getThoroughDelVoteList`,
    summary: '投票回收站',
    request: ZBinListRequest,
    response: ZVoteList,
    auth: 'required',
  }),
  getDepotVoteList: contract({
    path: `${P}/getDepotVoteList`,
    summary: '我的投票（选择用的简表）',
    request: ZBinListRequest,
    response: z.object({ list: z.array(ZDepotItem), total: z.number() }),
    auth: 'required',
  }),
  updateVoteTop: contract({ path: `${P}/updateVoteTop`, summary: '置顶或取消置顶', request: ZTopRequest, response: ZNull, auth: 'required' }),
  getVoteSetting: contract({ path: `${P}/getVoteSetting`, summary: '投票规则', request: ZVoteRef, response: ZVoteSettingResult, auth: 'required' }),
  saveOrUpdateVoteSetting: contract({
    path: `${P}/saveOrUpdateVoteSetting`,
    summary: '保存投票规则',
    request: ZSaveSettingRequest,
    response: ZVoteSettingResult,
    auth: 'required',
    okMessage: '保存成功',
  }),
  getSceneVoteSetting: contract({
    path: `${P}/getSceneVoteSetting`,
    summary: '投票页：活动与规则',
    request: ZSceneRequest,
    response: ZVoteScene,
    auth: 'optional',
  }),
  getVotingDetailList: contract({
    path: `${P}/getVotingDetailList`,
    summary: '投票明细',
    request: ZDetailListRequest,
    response: ZDetailList,
    auth: 'required',
  }),
  getVotingTrendList: contract({
    path: `${P}/getVotingTrendList`,
    summary: '票数趋势（按小时或按天）',
    request: ZTrendRequest,
    response: ZTrend,
    auth: 'required',
  }),
  getVotingDetailValid: contract({
    path: `${P}/getVotingDetailValid`,
    summary: '作废或恢复一条投票',
    request: ZDetailValidRequest,
    response: ZDetailValidResult,
    auth: 'required',
  }),
  getLastOrNext: contract({
    path: `${P}/getLastOrNext`,
    summary: '上一位或下一位选手',
    request: ZLastOrNextRequest,
    response: ZPublicPlayer.nullable(),
    auth: 'optional',
  }),
  getVoteWechatAuthUrl: contract({
    path: `${P}/getVoteWechatAuthUrl`,
    summary: '投票页：微信授权链接（微信授权投票）',
    request: ZVoteWechatAuthRequest,
    response: z.object({ url: z.string() }),
    auth: 'optional',
  }),
  getVoteWechatVoter: contract({
    path: `${P}/getVoteWechatVoter`,
    summary: '投票页：微信授权回调，换取投票身份',
    request: ZVoteWechatVoterRequest,
    response: ZWebAuthToken,
    auth: 'optional',
    okMessage: '微信授权成功',
  }),
  getVotePraise: contract({
    path: `${P}/getVotePraise`,
    summary: '投票（一次投给一位或多位选手）',
    request: ZVotePraiseRequest,
    response: ZVotePraiseResult,
    auth: 'optional',
    okMessage: VOTE_MESSAGES.voted,
  }),
};
