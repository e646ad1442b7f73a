import { z } from 'zod';
import { RED_AMOUNT_MODES, RED_ENVELOPE_STATES, RED_PAYOUT_STATES, RED_QUALIFIES } from '../red-envelope/rules';
import { contract } from './contract';
import { ZExportJob } from './export-jobs';
import { ZQuestionId } from './question';
import { ZVoteId } from './vote';

/**
 * Red envelopes (issue 49 item 1; /RedEnvelope.html, /unapproved.html, /prizeLists.html). Spec §7 names only "red
 * packets" under activity/question/, so the calls are activity/question/redPacket/<verb> (docs/decisions.md).
 * Amounts are integer fen.
 */
const R = 'activity/question/redPacket/';

const fen = z.number().int().min(0).max(100_000_000);
export const ZRedRule = z.object({
  amountMode: z.enum(RED_AMOUNT_MODES),
  minFen: fen,
  maxFen: fen,
  totalCount: z.number().int().min(1).max(100_000),
  budgetFen: fen,
  qualify: z.enum(RED_QUALIFIES),
  minScore: z.number().min(-1_000_000).max(1_000_000).nullable().default(null),
  firstN: z.number().int().min(1).max(1_000_000).nullable().default(null),
});

export const ZRedEnvelope = ZRedRule.extend({
  state: z.enum(RED_ENVELOPE_STATES),
  paidCount: z.number(),
  allocatedFen: z.number(),
  returnedFen: z.number(),
  /** Held and not yet taken by an approval: budget − allocated − returned. */
  heldFen: z.number(),
  paidTime: z.string().nullable(),
  endedTime: z.string().nullable(),
});
export type TRedEnvelope = z.infer<typeof ZRedEnvelope>;

export const ZRedCounts = z.object({ pending: z.number(), paying: z.number(), paid: z.number(), failed: z.number(), rejected: z.number() });
export const ZRedPacketView = z.object({
  /** The project's questionId ('' for a vote). */
  questionId: z.string(),
  /** The vote's voteId (null for a project). */
  voteId: z.string().nullable(),
  title: z.string(),
  /** The project's kind; 0 for a vote. */
  questionType: z.number(),
  powerType: z.number(),
  envelope: ZRedEnvelope.nullable(),
  /** The caller's balance (the budget is paid in from it). */
  balanceFen: z.number(),
  counts: ZRedCounts,
  /** Who pays out: 'sandbox' (simulated), 'wechat', or null when the active provider cannot transfer. */
  transferProvider: z.enum(['sandbox', 'wechat']).nullable(),
});
export type TRedPacketView = z.infer<typeof ZRedPacketView>;

/** A project's questionId or (issue 49 gaps) a vote's voteId: exactly one (the server refuses neither or both). */
const ZRef = z.object({ questionId: ZQuestionId.optional(), voteId: ZVoteId.optional() });
const ZPaging = { page: z.number().int().min(1).max(100_000).default(1), pageSize: z.number().int().min(1).max(100).default(20) };
const ZSheetIds = z.array(z.string().min(1).max(64)).min(1).max(100);

export const ZUnapprovedSheet = z.object({
  sheetId: z.string(),
  submitTime: z.string(),
  score: z.number().nullable(),
  suspect: z.boolean(),
  suspectReason: z.string().nullable(),
  /** Who would receive: 微信用户, 登录用户 or 匿名答卷 (sandbox). */
  payee: z.string(),
});
export type TUnapprovedSheet = z.infer<typeof ZUnapprovedSheet>;

export const ZDecision = z.object({
  sheetId: z.string(),
  ok: z.boolean(),
  amountFen: z.number(),
  state: z.enum(RED_PAYOUT_STATES).nullable(),
  message: z.string(),
});
export const ZDecisions = z.object({ results: z.array(ZDecision), done: z.number(), refused: z.number() });
export type TDecisions = z.infer<typeof ZDecisions>;

export const ZPrize = z.object({
  sheetId: z.string(),
  amountFen: z.number(),
  state: z.enum(RED_PAYOUT_STATES),
  payee: z.string(),
  decidedTime: z.string(),
  paidTime: z.string().nullable(),
  transferId: z.string().nullable(),
  failReason: z.string().nullable(),
});
export type TPrize = z.infer<typeof ZPrize>;
export const ZPrizeTotals = z.object({
  paidFen: z.number(),
  payingFen: z.number(),
  failedFen: z.number(),
  paid: z.number(),
  paying: z.number(),
  failed: z.number(),
});
export const ZPrizeList = z.object({ list: z.array(ZPrize), total: z.number(), totals: ZPrizeTotals });
export type TPrizeList = z.infer<typeof ZPrizeList>;

export const redPacketCalls = {
  getRedPacket: contract({ path: `${R}getRedPacket`, summary: '红包设置', request: ZRef, response: ZRedPacketView, auth: 'required' }),
  saveRedPacket: contract({
    path: `${R}saveRedPacket`,
    summary: '保存红包规则（充值前）',
    request: ZRef.extend({ rule: ZRedRule }),
    response: ZRedPacketView,
    auth: 'required',
    okMessage: '红包规则已保存',
  }),
  payRedPacket: contract({
    path: `${R}payRedPacket`,
    summary: '从余额充值红包（预算冻结在红包中）',
    request: ZRef,
    response: ZRedPacketView,
    auth: 'required',
    okMessage: '红包已充值',
  }),
  endRedPacket: contract({
    path: `${R}endRedPacket`,
    summary: '结束红包，未发放的金额退回余额',
    request: ZRef,
    response: ZRedPacketView,
    auth: 'required',
    okMessage: '红包已结束',
  }),
  getUnapprovedList: contract({
    path: `${R}getUnapprovedList`,
    summary: '待审核红包',
    request: ZRef.extend(ZPaging),
    response: z.object({ list: z.array(ZUnapprovedSheet), total: z.number() }),
    auth: 'required',
  }),
  approveRedPacket: contract({
    path: `${R}approveRedPacket`,
    summary: '审核通过并发放红包（批量）',
    request: ZRef.extend({ sheetIds: ZSheetIds }),
    response: ZDecisions,
    auth: 'required',
  }),
  rejectRedPacket: contract({
    path: `${R}rejectRedPacket`,
    summary: '审核不通过（批量）',
    request: ZRef.extend({ sheetIds: ZSheetIds }),
    response: ZDecisions,
    auth: 'required',
  }),
  retryRedPacket: contract({
    path: `${R}retryRedPacket`,
    summary: '重新发放失败的红包',
    request: ZRef.extend({ sheetIds: ZSheetIds }),
    response: ZDecisions,
    auth: 'required',
  }),
  cancelRedPacket: contract({
    path: `${R}cancelRedPacket`,
    summary: '放弃发放失败的红包（金额回到红包，已结束的退回余额）',
    request: ZRef.extend({ sheetIds: ZSheetIds }),
    response: ZDecisions,
    auth: 'required',
  }),
  getPrizeList: contract({
    path: `${R}getPrizeList`,
    summary: '中奖名单（红包）',
    request: ZRef.extend({ state: z.enum(RED_PAYOUT_STATES).optional(), ...ZPaging }),
    response: ZPrizeList,
    auth: 'required',
  }),
  downloadRedPacket: contract({
    path: `${R}downloadRedPacket`,
    summary: '导出红包发放记录（Excel）',
    request: ZRef,
    response: ZExportJob,
    auth: 'required',
    okMessage: '已加入导出队列，可在“我的下载”查看进度',
  }),
};
