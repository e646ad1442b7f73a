import { z } from 'zod';
import { ZPlayerId, ZVoteId } from './vote';
import { VOTE_IDENTITIES } from '../vote/vote-rules';

/**
 * Request and answer shapes of the vote extras (spec §7 "Votes": whitelist, sign-up, music, comments, favourites,
 * downloads, templates and cases). The calls themselves are in vote-extras.ts.
 */
export const ZPublicRef = (what: string) =>
  z
    .string({ error: `缺少${what}编号` })
    .min(4, `${what}编号无效`)
    .max(64, `${what}编号无效`)
    .regex(/^[\w-]+$/, `${what}编号无效`);
const ZPage = { page: z.number().int().min(1).max(100_000).default(1), pageSize: z.number().int().min(1).max(100).default(10) };
export const ZVoteOnly = z.object({ voteId: ZVoteId });

// ---- whitelist ----------------------------------------------------------------------------------------------------
export const WHITE_MAX_BATCH = 2_000;
export const ZWhiteSetting = z.object({
  /** Only voters on the list may vote. */
  whiteOpen: z.boolean(),
  /** What a voter who is not on the list is told. */
  whiteTip: z.string(),
  total: z.number(),
  /** How voters prove who they are (the list needs login or an SMS-verified phone). */
  identity: z.enum(VOTE_IDENTITIES),
});
export const ZWhiteSettingRequest = z.object({ voteId: ZVoteId, whiteOpen: z.boolean({ error: '请选择是否开启白名单' }) });
export const ZWhiteEntry = z.object({ whiteId: z.string(), phone: z.string().nullable(), name: z.string().nullable(), createTime: z.string() });
export const ZWhitePageRequest = z.object({ voteId: ZVoteId, keyword: z.string().trim().max(50).optional(), ...ZPage });
export const ZBatchAddWhiteRequest = z.object({
  voteId: ZVoteId,
  /** Pasted text: one voter a line, a mobile number or a name, or both separated by a space, comma or tab. */
  text: z.string({ error: '请粘贴手机号或姓名' }).max(200_000, '一次最多粘贴2000行'),
});
export const ZBatchAddWhiteResult = z.object({
  added: z.number(),
  /** Already on the list, or repeated in the paste. */
  duplicates: z.number(),
  /** Lines that are neither a mobile number nor a name (first few shown). */
  invalid: z.array(z.string()),
  total: z.number(),
});
/** A listed voter is named by their number (whiteId is the phone). */
export const ZBatchDelWhiteRequest = z.union([
  z.object({ voteId: ZVoteId, whiteIds: z.array(z.string().max(20)).min(1, '请选择要删除的名单').max(WHITE_MAX_BATCH) }),
  z.object({ voteId: ZVoteId, all: z.literal(true) }),
]);

// ---- public sign-up of players ------------------------------------------------------------------------------------
export const SIGNUP_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ZSignUpConfig = z.object({
  voteId: z.string(),
  title: z.string(),
  /** The creator allows the public to sign up. */
  open: z.boolean(),
  /** Why signing up is not possible now, in Chinese (null when open). */
  closedReason: z.string().nullable(),
  /** Sign-ups wait for the creator's review. */
  review: z.boolean(),
  playerTypes: z.array(z.object({ typeId: z.number(), name: z.string() })),
  /** The caller's own sign-ups (by login, or by this device). */
  mine: z.array(z.object({ signUpId: z.string(), name: z.string(), status: z.enum(SIGNUP_STATUSES), createTime: z.string(), image: z.string().nullable() })),
});
const ZUploadUrl = z
  .string()
  .max(500)
  .regex(/^\/uploads\/[\w.-]+$/, '图片地址无效');
export const ZSaveSignUpRequest = z.object({
  voteId: ZVoteId,
  /** Editing one's own pending sign-up. */
  signUpId: ZPublicRef('报名').optional(),
  name: z.string({ error: '请填写选手名称' }).trim().min(1, '请填写选手名称').max(50, '选手名称最多50个字'),
  typeId: z.number().int().positive().max(2_147_483_647).optional(),
  image: ZUploadUrl.optional(),
  description: z.string().max(2_000, '介绍最多2000个字').optional(),
  phone: z.string().max(20).optional(),
  /** The page's device id, so a voter without login finds their sign-up again. */
  deviceId: z
    .string()
    .min(6)
    .max(64)
    .regex(/^[\w-]+$/, '设备编号无效'),
});
export const ZSignUpSaved = z.object({ signUpId: z.string(), status: z.enum(SIGNUP_STATUSES) });
export const ZDelSignUpRequest = z.object({ voteId: ZVoteId, signUpId: ZPublicRef('报名'), deviceId: z.string().max(64).optional() });

// ---- music --------------------------------------------------------------------------------------------------------
export const ZMusicTrack = z.object({ musicId: z.string(), name: z.string(), url: z.string(), seconds: z.number() });
export const ZMusicSetting = z.object({
  open: z.boolean(),
  source: z.enum(['builtin', 'local']).nullable(),
  musicId: z.string().nullable(),
  name: z.string().nullable(),
  url: z.string().nullable(),
  autoplay: z.boolean(),
});
export const ZSaveMusicRequest = z.object({
  voteId: ZVoteId,
  open: z.boolean(),
  source: z.enum(['builtin', 'local']).optional(),
  /** A built-in track's id, or the uploaded file's url (/uploads/…) for 'local'. */
  musicId: z.string().max(200).optional(),
  autoplay: z.boolean().default(true),
});
export const ZLocalMusic = z.object({ musicId: z.string(), name: z.string(), url: z.string(), size: z.number(), createTime: z.string() });

// ---- comments -----------------------------------------------------------------------------------------------------
export const COMMENT_STATUSES = ['pending', 'shown', 'hidden'] as const;
export const ZComment = z.object({
  commentId: z.string(),
  nickname: z.string(),
  content: z.string(),
  playerId: z.string().nullable(),
  playerName: z.string().nullable(),
  status: z.enum(COMMENT_STATUSES),
  createTime: z.string(),
});
export const ZCommentListRequest = z.object({
  voteId: ZVoteId,
  playerId: ZPlayerId.optional(),
  /** The creator's view: every comment with its status (power 1, 2 or 3). */
  manage: z.boolean().default(false),
  status: z.enum(COMMENT_STATUSES).optional(),
  ...ZPage,
});
export const ZCommentPage = z.object({ list: z.array(ZComment), total: z.number(), moderation: z.boolean(), open: z.boolean() });
export const ZCommentShowRequest = z.object({ voteId: ZVoteId, commentIds: z.array(ZPublicRef('评论')).min(1, '请选择评论').max(200), show: z.boolean() });
export const ZCommentDelRequest = z.object({ voteId: ZVoteId, commentIds: z.array(ZPublicRef('评论')).min(1, '请选择评论').max(200) });
export const ZSaveCommentRequest = z.object({
  voteId: ZVoteId,
  playerId: ZPlayerId.optional(),
  nickname: z.string().trim().max(20, '昵称最多20个字').optional(),
  content: z.string({ error: '请输入评论内容' }).trim().min(1, '请输入评论内容').max(500, '评论最多500个字'),
  deviceId: z
    .string()
    .min(6)
    .max(64)
    .regex(/^[\w-]+$/, '设备编号无效'),
});
export const ZCommentSaved = z.object({ commentId: z.string(), status: z.enum(COMMENT_STATUSES) });

// ---- favourites ---------------------------------------------------------------------------------------------------
/**
 * A favourite's target (spec §7 activity/collect/*): a vote (its players by playerId) or a template of the template
 * centre (questionId). Exactly one of voteId and questionId.
 */
const ZTemplateId = z
  .string({ error: '缺少模板编号' })
  .min(8, '模板编号无效')
  .max(64, '模板编号无效')
  .regex(/^[\w-]+$/, '模板编号无效');
const TARGET = { voteId: ZVoteId.optional(), playerId: ZPlayerId.optional(), questionId: ZTemplateId.optional() };
type TTarget = { voteId?: string; playerId?: string; questionId?: string };
const oneTarget = (t: TTarget) => Boolean(t.voteId) !== Boolean(t.questionId) && !(t.questionId && t.playerId);
const TARGET_MESSAGE = { message: '请选择要收藏的投票、选手或模板', path: ['voteId'] };
export const ZCollectTarget = z.object(TARGET).refine(oneTarget, TARGET_MESSAGE);
export const ZCollectSetRequest = z.object({ ...TARGET, collect: z.boolean().default(true) }).refine(oneTarget, TARGET_MESSAGE);
export type TCollectTarget = z.output<typeof ZCollectTarget>;
export const COLLECTION_KINDS = ['template', 'vote', 'player'] as const;
export type TCollectionKind = (typeof COLLECTION_KINDS)[number];
export const ZCollection = z.object({
  collectionId: z.string(),
  kind: z.enum(COLLECTION_KINDS),
  /** What the card shows: the template's, vote's or player's name. */
  title: z.string(),
  cover: z.string().nullable(),
  voteId: z.string().nullable(),
  voteTitle: z.string().nullable(),
  playerId: z.string().nullable(),
  playerName: z.string().nullable(),
  /** A template's project id and kind (questionType), for its detail page. */
  questionId: z.string().nullable(),
  questionType: z.number().nullable(),
  createTime: z.string(),
});
export type TCollection = z.infer<typeof ZCollection>;
export const ZCollectionPageRequest = z.object({ kind: z.enum(COLLECTION_KINDS, { error: '收藏类型无效' }).optional(), ...ZPage });
export const ZCollectionCancelRequest = z.union([z.object({ collectionIds: z.array(ZPublicRef('收藏')).min(1, '请选择收藏').max(100) }), ZCollectTarget]);

// ---- downloads ----------------------------------------------------------------------------------------------------
export const VOTE_EXPORTS = ['votingDetail', 'statisticsPlayer', 'allVoting', 'playerFile'] as const;
export type TVoteExport = (typeof VOTE_EXPORTS)[number];

// ---- templates, cases, posters ------------------------------------------------------------------------------------
export const ZVoteTemplate = z.object({
  templateId: z.string(),
  title: z.string(),
  cover: z.string().nullable(),
  description: z.string(),
  category: z.string(),
  playerCount: z.number(),
  playerTypes: z.array(z.string()),
  useCount: z.number(),
});
export const ZVoteTemplateDetail = ZVoteTemplate.extend({
  rules: z.array(z.string()),
  players: z.array(z.object({ name: z.string(), image: z.string().nullable(), type: z.string().nullable(), description: z.string() })),
});
export const ZTemplatePageRequest = z.object({ category: z.string().max(20).optional(), keyword: z.string().trim().max(50).optional(), ...ZPage });
export const ZVoteCase = z.object({
  caseId: z.string(),
  title: z.string(),
  industry: z.string(),
  cover: z.string().nullable(),
  summary: z.string(),
});
/** A case is a scene guide: the steps, and the template to start from. */
export const ZVoteCaseDetail = ZVoteCase.extend({ content: z.array(z.string()), templateId: z.string().nullable() });
export const ZPoster = z.object({
  voteId: z.string(),
  title: z.string(),
  cover: z.string().nullable(),
  /** The link the QR code opens. */
  url: z.string(),
  /** The QR code as a PNG data URL. */
  qrPng: z.string(),
  playerName: z.string().nullable(),
  playerNo: z.number().nullable(),
  votes: z.number().nullable(),
});
export const ZPosterRequest = z.object({ voteId: ZVoteId, playerId: ZPlayerId.optional() });
