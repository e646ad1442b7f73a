import { z } from 'zod';
import { contract, ZNoFields, ZPageOf } from './contract';
import { ZExportJob } from './export-jobs';
import { ZAppletSource } from './user';
import { ZPlayerId, ZVoteId } from './vote';
import {
  ZBatchAddWhiteRequest,
  ZBatchAddWhiteResult,
  ZBatchDelWhiteRequest,
  ZCollectSetRequest,
  ZCollectTarget,
  ZCollection,
  ZCollectionCancelRequest,
  ZCollectionPageRequest,
  ZComment,
  ZCommentDelRequest,
  ZCommentListRequest,
  ZCommentPage,
  ZCommentSaved,
  ZCommentShowRequest,
  ZDelSignUpRequest,
  ZLocalMusic,
  ZMusicSetting,
  ZMusicTrack,
  ZPoster,
  ZPosterRequest,
  ZPublicRef,
  ZSaveCommentRequest,
  ZSaveMusicRequest,
  ZSaveSignUpRequest,
  ZSignUpConfig,
  ZSignUpSaved,
  ZTemplatePageRequest,
  ZVoteCase,
  ZVoteCaseDetail,
  ZVoteOnly,
  ZVoteTemplate,
  ZVoteTemplateDetail,
  ZWhiteEntry,
  ZWhitePageRequest,
  ZWhiteSetting,
  ZWhiteSettingRequest,
} from './vote-extras-models';

export * from './vote-extras-models';

const V = 'activity/vote/';
const W = 'activity/vote/white/';
const C = 'activity/collect/';
const D = 'activity/vote/download/';
const A = 'wxApplet/vote/';

/** activity/vote/white/* (spec §7): the voters allowed to vote when the whitelist is on. Power 1 or 2 to change, 1–3 to read. */
export const voteWhiteCalls = {
  getWhiteSetting: contract({ path: `${W}getWhiteSetting`, summary: '白名单设置', request: ZVoteOnly, response: ZWhiteSetting, auth: 'required' }),
  getWhiteList: contract({
    path: `${W}getWhiteList`,
    summary: '白名单（全部，最多2000条）',
    request: ZVoteOnly,
    response: z.array(ZWhiteEntry),
    auth: 'required',
  }),
  getWhitePage: contract({ path: `${W}getWhitePage`, summary: '白名单分页', request: ZWhitePageRequest, response: ZPageOf(ZWhiteEntry), auth: 'required' }),
  batchAddWhite: contract({
    path: `${W}batchAddWhite`,
    summary: '批量添加白名单',
    request: ZBatchAddWhiteRequest,
    response: ZBatchAddWhiteResult,
    auth: 'required',
    okMessage: '添加成功',
  }),
  batchDelWhite: contract({
    path: `${W}batchDelWhite`,
    summary: '批量删除白名单',
    request: ZBatchDelWhiteRequest,
    response: z.object({ deleted: z.number() }),
    auth: 'required',
    okMessage: '删除成功',
  }),
  updateWhiteSetting: contract({
    path: `${W}updateWhiteSetting`,
    summary: '修改白名单设置',
    request: ZWhiteSettingRequest,
    response: ZWhiteSetting,
    auth: 'required',
    okMessage: '保存成功',
  }),
};

/** Sign-up of players by the public (reviewed by the creator with activity/player/getPlayerVerify), music and comments. */
export const voteExtraCalls = {
  getWxAppletVoteSignUp: contract({
    path: `${V}getWxAppletVoteSignUp`,
    summary: '选手报名表单',
    request: ZVoteOnly.extend({ deviceId: z.string().max(64).optional() }),
    response: ZSignUpConfig,
    auth: 'optional',
  }),
  saveOrUpdateSignUp: contract({
    path: `${V}saveOrUpdateSignUp`,
    summary: '提交选手报名',
    request: ZSaveSignUpRequest,
    response: ZSignUpSaved,
    auth: 'optional',
    okMessage: '报名已提交，等待主办方审核',
  }),
  delSignUp: contract({
    path: `${V}delSignUp`,
    summary: '撤回选手报名',
    request: ZDelSignUpRequest,
    response: z.object({ signUpId: z.string() }),
    auth: 'optional',
    okMessage: '已撤回报名',
  }),
  getMusicList: contract({ path: `${V}getMusicList`, summary: '背景音乐库', request: ZNoFields, response: z.array(ZMusicTrack), auth: 'optional' }),
  getMusicByVoteId: contract({ path: `${V}getMusicByVoteId`, summary: '投票背景音乐', request: ZVoteOnly, response: ZMusicSetting, auth: 'optional' }),
  getLocalMusicByVoteId: contract({
    path: `${V}getLocalMusicByVoteId`,
    summary: '我上传的音乐',
    request: ZVoteOnly,
    response: z.array(ZLocalMusic),
    auth: 'required',
  }),
  saveOrUpdateMusic: contract({
    path: `${V}saveOrUpdateMusic`,
    summary: '设置背景音乐',
    request: ZSaveMusicRequest,
    response: ZMusicSetting,
    auth: 'required',
    okMessage: '保存成功',
  }),
  getCommentList: contract({ path: `${V}getCommentList`, summary: '评论列表', request: ZCommentListRequest, response: ZCommentPage, auth: 'optional' }),
  getCommentShow: contract({
    path: `${V}getCommentShow`,
    summary: '评论审核（显示/隐藏）',
    request: ZCommentShowRequest,
    response: z.object({ updated: z.number() }),
    auth: 'required',
    okMessage: '操作成功',
  }),
  getCommentDel: contract({
    path: `${V}getCommentDel`,
    summary: '删除评论',
    request: ZCommentDelRequest,
    response: z.object({ deleted: z.number() }),
    auth: 'required',
    okMessage: '删除成功',
  }),
  saveComment: contract({
    path: `${V}saveComment`,
    summary: '发表评论',
    request: ZSaveCommentRequest,
    response: ZCommentSaved,
    auth: 'optional',
    okMessage: '评论成功',
  }),
};

/** activity/collect/*: a logged-in user's favourite vote activities and players. */
export const voteCollectCalls = {
  getCollectionWhether: contract({
    path: `${C}getCollectionWhether`,
    summary: '是否已收藏',
    request: ZCollectTarget,
    response: z.object({ collected: z.boolean(), collectionId: z.string().nullable() }),
    auth: 'required',
  }),
  getCollectionList: contract({
    path: `${C}getCollectionList`,
    summary: '我的收藏（最近100条）',
    request: ZNoFields,
    response: z.array(ZCollection),
    auth: 'required',
  }),
  getCollectionPage: contract({
    path: `${C}getCollectionPage`,
    summary: '我的收藏分页',
    request: ZCollectionPageRequest,
    response: ZPageOf(ZCollection),
    auth: 'required',
  }),
  getCollectionCancel: contract({
    path: `${C}getCollectionCancel`,
    summary: '取消收藏',
    request: ZCollectionCancelRequest,
    response: z.object({ cancelled: z.number() }),
    auth: 'required',
    okMessage: '已取消收藏',
  }),
  getCollectionSetting: contract({
    path: `${C}getCollectionSetting`,
    summary: '收藏或取消收藏',
    request: ZCollectSetRequest,
    response: z.object({ collected: z.boolean(), collectionId: z.string().nullable() }),
    auth: 'required',
  }),
};

const ZDownloadRequest = z.object({ voteId: ZVoteId, appletSource: ZAppletSource });
const download = <const N extends string>(name: N, summary: string) =>
  contract({
    path: `${D}${name}`,
    summary,
    request: ZDownloadRequest,
    response: ZExportJob,
    auth: 'required',
    okMessage: '已加入导出队列，可在“我的下载”查看进度',
  });
/** activity/vote/download/*: export jobs of a vote (我的下载). Power 1 or 3, as a project's report. */
export const voteDownloadCalls = {
  getVotingDetailDownload: download('getVotingDetailDownload', '下载投票明细'),
  getRedParkDownload: download('getRedParkDownload', '下载红包记录'),
  getStatisticsPlayerDownload: download('getStatisticsPlayerDownload', '下载选手统计'),
  getAllVotingDownload: download('getAllVotingDownload', '下载全部投票数据'),
  getPlayerFileDownload: download('getPlayerFileDownload', '下载选手资料（图片打包）'),
};

const ZAppletCode = z.object({ voteId: z.string(), url: z.string(), qrPng: z.string() });
/** Templates, cases and share pictures. */
export const voteTemplateCalls = {
  getPageWxAppletTemplate: contract({
    path: `${V}getPageWxAppletTemplate`,
    summary: '投票模板分页',
    request: ZTemplatePageRequest,
    response: ZPageOf(ZVoteTemplate).extend({ categories: z.array(z.string()) }),
    auth: 'optional',
  }),
  getVoteRecommendList: contract({
    path: `${V}getVoteRecommendList`,
    summary: '推荐投票模板',
    request: ZNoFields,
    response: z.array(ZVoteTemplate),
    auth: 'optional',
  }),
  getRecommendedCaseList: contract({
    path: `${V}getRecommendedCaseList`,
    summary: '推荐案例',
    request: ZNoFields,
    response: z.array(ZVoteCase),
    auth: 'optional',
  }),
  getVoteCaseList: contract({
    path: `${V}getVoteCaseList`,
    summary: '投票案例',
    request: z.object({ industry: z.string().max(20).optional() }),
    response: z.array(ZVoteCase),
    auth: 'optional',
  }),
  getVoteCaseDetail: contract({
    path: `${V}getVoteCaseDetail`,
    summary: '投票案例详情',
    request: z.object({ caseId: ZPublicRef('案例') }),
    response: ZVoteCaseDetail,
    auth: 'optional',
  }),
  getPageWxAppletPicture: contract({ path: `${V}getPageWxAppletPicture`, summary: '分享海报', request: ZPosterRequest, response: ZPoster, auth: 'optional' }),
  getWxAppletTemplate: contract({
    path: `${A}getWxAppletTemplate`,
    summary: '投票模板详情',
    request: z.object({ templateId: ZPublicRef('模板') }),
    response: ZVoteTemplateDetail,
    auth: 'optional',
  }),
  getTemplateByVoteId: contract({
    path: `${A}getTemplateByVoteId`,
    summary: '用模板创建投票',
    request: z.object({ templateId: ZPublicRef('模板'), appletSource: ZAppletSource }),
    /** isCreate 0: the daily creation limit is reached and nothing was created (as saveOrUpdateVote). */
    response: z.object({ voteId: z.string(), isCreate: z.union([z.literal(0), z.literal(1)]) }),
    auth: 'required',
  }),
  getAppletCode: contract({
    path: `${A}getAppletCode`,
    summary: '投票二维码',
    request: z.object({ voteId: ZVoteId, playerId: ZPlayerId.optional(), appletSource: ZAppletSource }),
    response: ZAppletCode,
    auth: 'optional',
  }),
};

export type TComment = z.infer<typeof ZComment>;
