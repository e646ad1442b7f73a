import { z } from 'zod';
import { zInt } from '../int';
import { contract, ZNull } from './contract';
import { ZPlayerId, ZPublicPlayer, ZVoteId, ZVoteRef } from './vote';

/**
 * activity/player/* (spec §7 "Votes"): player types (groups), players added one by one, in rows (from Excel), by
 * pasted names, updated by number or name, reviewed when the public signs up, the ranking and the statistics.
 */
const P = 'activity/player';
const ZPage = { page: z.number().int().min(1).max(100_000).default(1), pageSize: z.number().int().min(1).max(100).default(10) };
const ZTypeId = zInt(1, undefined, '分组无效');
const ZName = z.string({ error: '请输入选手名称' }).trim().min(1, '请输入选手名称').max(50, '选手名称最多50个字');
const ZUrl = z.string().max(1_000, '链接过长');

/** A player's own fields (the number is given by the server, in order). */
export const ZPlayerFields = z.object({
  name: ZName,
  photo: ZUrl.default(''),
  /** Rich text, sanitised on save. */
  description: z.string().max(20_000, '选手介绍过长').default(''),
  videoUrl: ZUrl.default(''),
  audioUrl: ZUrl.default(''),
  typeId: ZTypeId.nullable().default(null),
});
export const ZAddPlayerRequest = ZPlayerFields.extend({ voteId: ZVoteId });
export const ZSavePlayerRequest = ZPlayerFields.extend({ voteId: ZVoteId, playerId: ZPlayerId.optional() });

/** A row of batchAddPlayer: the group may be named (created when new). */
export const ZPlayerRow = ZPlayerFields.omit({ typeId: true }).extend({ typeName: z.string().trim().max(30).optional() });
export type TPlayerRow = z.infer<typeof ZPlayerRow>;
/**
 * batchAddPlayer: rows the page read, or an .xlsx file (base64, ≤ 2 MB) the server reads with exceljs. The sheet's
 * first row names the columns: 名称/姓名, 图片/照片, 介绍/简介, 分组, 视频, 音频 (only the name is required).
 */
export const ZBatchAddRequest = z
  .object({
    voteId: ZVoteId,
    rows: z.array(ZPlayerRow).max(2_000, '一次最多导入2000位选手').optional(),
    xlsx: z.string().max(2_800_000, '文件不能超过2MB').optional(),
  })
  .refine((b) => (b.rows ? 1 : 0) + (b.xlsx ? 1 : 0) === 1, { message: '请上传Excel文件或填写选手', path: ['rows'] });
/** batchNameAddPlayer: pasted names, one per line (empty lines skipped). */
export const ZBatchNameRequest = z.object({
  voteId: ZVoteId,
  names: z.string({ error: '请粘贴选手名称' }).max(100_000, '内容过长'),
  typeId: ZTypeId.nullable().default(null),
});
export const ZBatchResult = z.object({ added: z.number(), players: z.array(z.object({ playerId: z.string(), no: z.number(), name: z.string() })) });

/** updatePlayerByNoOrName: each row finds its player by number (when given) or else by name, and updates the fields it carries. */
export const ZUpdateByNoOrNameRequest = z.object({
  voteId: ZVoteId,
  rows: z
    .array(
      z.object({
        no: zInt(1).optional(),
        name: ZName,
        newName: ZName.optional(),
        photo: ZUrl.optional(),
        description: z.string().max(20_000).optional(),
        videoUrl: ZUrl.optional(),
        audioUrl: ZUrl.optional(),
      }),
    )
    .min(1, '请填写要修改的选手')
    .max(2_000),
});
export const ZUpdateByNoOrNameResult = z.object({ updated: z.number(), missing: z.array(z.string()) });

export const ZPlayerListRequest = z.object({
  voteId: ZVoteId,
  /** A name, part of one, or a number. */
  keyword: z.string().max(50).optional(),
  /** One player by public id: the share poster's link (`/v/{voteId}?playerId=`) opens their detail. */
  playerId: ZPlayerId.optional(),
  typeId: ZTypeId.optional(),
  sort: z.enum(['no', 'votes']).default('no'),
  /** The creator's review filter (ignored for the public, who see approved players only). */
  review: z.enum(['approved', 'pending', 'rejected']).optional(),
  ...ZPage,
});
export const ZPlayerList = z.object({ list: z.array(ZPublicPlayer), total: z.number(), page: z.number(), pageSize: z.number() });
export type TPlayerList = z.infer<typeof ZPlayerList>;
export const ZRankRequest = z.object({ voteId: ZVoteId, typeId: ZTypeId.optional(), ...ZPage });

export const ZPlayerType = z.object({ typeId: z.number(), name: z.string(), sort: z.number(), playerCount: z.number() });
export const ZPlayerTypeList = z.array(ZPlayerType);
export const ZSaveTypeRequest = z.object({
  voteId: ZVoteId,
  typeId: ZTypeId.optional(),
  name: z.string({ error: '请输入分组名称' }).trim().min(1, '请输入分组名称').max(30, '分组名最多30个字'),
  sort: z.number().int().min(0).max(10_000).optional(),
});
export const ZDelTypeRequest = z.object({ voteId: ZVoteId, typeId: ZTypeId });
/** getAddWxPlayerType: several groups at once, by name (existing names are kept, not doubled). */
export const ZAddTypesRequest = z.object({
  voteId: ZVoteId,
  names: z.array(z.string().trim().min(1, '分组名不能为空').max(30, '分组名最多30个字')).min(1, '请输入分组名称').max(50, '分组最多50个'),
});
export const ZDelPlayersRequest = z.object({ voteId: ZVoteId, playerIds: z.array(ZPlayerId).min(1, '请选择选手').max(2_000) });
export const ZVerifyRequest = z.object({
  voteId: ZVoteId,
  playerIds: z.array(ZPlayerId).min(1, '请选择选手').max(500),
  review: z.enum(['approved', 'rejected'], { error: '审核结果无效' }),
});

export const ZPlayerStatistic = z.object({
  playerId: z.string(),
  no: z.number(),
  name: z.string(),
  typeName: z.string().nullable(),
  /** Valid votes (what counts), voided ones, suspect ones and distinct voters. */
  votes: z.number(),
  voided: z.number(),
  suspect: z.number(),
  voters: z.number(),
  rank: z.number(),
});
export const ZTypeStatistic = z.object({ typeId: z.number().nullable(), name: z.string(), players: z.number(), votes: z.number() });
export const ZStatistics = z.object({
  players: z.array(ZPlayerStatistic),
  types: z.array(ZTypeStatistic),
  totals: z.object({ votes: z.number(), voided: z.number(), suspect: z.number(), voters: z.number(), visits: z.number() }),
});
export type TStatistics = z.infer<typeof ZStatistics>;

export const playerCalls = {
  getPlayerList: contract({ path: `${P}/getPlayerList`, summary: '选手列表', request: ZPlayerListRequest, response: ZPlayerList, auth: 'optional' }),
  getPlayerTypeList: contract({ path: `${P}/getPlayerTypeList`, summary: '选手分组', request: ZVoteRef, response: ZPlayerTypeList, auth: 'optional' }),
  saveOrUpdateWxPlayerType: contract({
    path: `${P}/saveOrUpdateWxPlayerType`,
    summary: '新增或修改分组',
    request: ZSaveTypeRequest,
    response: ZPlayerType,
    auth: 'required',
    okMessage: '保存成功',
  }),
  delWxPlayerType: contract({
    path: `${P}/delWxPlayerType`,
    summary: '删除分组（选手保留，移出分组）',
    request: ZDelTypeRequest,
    response: ZNull,
    auth: 'required',
    okMessage: '已删除',
  }),
  delWxPlayer: contract({
    path: `${P}/delWxPlayer`,
    summary: '删除选手',
    request: ZDelPlayersRequest,
    response: z.object({ deleted: z.number() }),
    auth: 'required',
    okMessage: '已删除',
  }),
  getAddWxPlayerType: contract({
    path: `${P}/getAddWxPlayerType`,
    summary: '批量新增分组',
    request: ZAddTypesRequest,
    response: ZPlayerTypeList,
    auth: 'required',
  }),
  addPlayer: contract({
    path: `${P}/addPlayer`,
    summary: '添加选手',
    request: ZAddPlayerRequest,
    response: ZPublicPlayer,
    auth: 'required',
    okMessage: '添加成功',
  }),
  saveOrUpdatePlayer: contract({
    path: `${P}/saveOrUpdatePlayer`,
    summary: '新增或修改选手',
    request: ZSavePlayerRequest,
    response: ZPublicPlayer,
    auth: 'required',
    okMessage: '保存成功',
  }),
  batchAddPlayer: contract({
    path: `${P}/batchAddPlayer`,
    summary: '批量添加选手（表格或Excel）',
    request: ZBatchAddRequest,
    response: ZBatchResult,
    auth: 'required',
  }),
  batchNameAddPlayer: contract({
    path: `${P}/batchNameAddPlayer`,
    summary: '粘贴名称批量添加选手',
    request: ZBatchNameRequest,
    response: ZBatchResult,
    auth: 'required',
  }),
  updatePlayerByNoOrName: contract({
    path: `${P}/updatePlayerByNoOrName`,
    summary: '按编号或名称批量修改选手',
    request: ZUpdateByNoOrNameRequest,
    response: ZUpdateByNoOrNameResult,
    auth: 'required',
  }),
  getPlayerVerify: contract({
    path: `${P}/getPlayerVerify`,
    summary: '审核报名选手',
    request: ZVerifyRequest,
    response: z.object({ updated: z.number() }),
    auth: 'required',
  }),
  getPlayerRankPage: contract({ path: `${P}/getPlayerRankPage`, summary: '排行榜', request: ZRankRequest, response: ZPlayerList, auth: 'optional' }),
  getStatisticsPlayerList: contract({
    path: `${P}/getStatisticsPlayerList`,
    summary: '选手与分组统计',
    request: ZVoteRef,
    response: ZStatistics,
    auth: 'required',
  }),
};
