/**
 * Red envelopes' own rules (issue 49 item 1), shared by the server and /RedEnvelope.html. Money is integer fen.
 * WeChat Pay's 商家转账 pays at least 0.30 元 to one person, so no envelope is smaller; one envelope is at most
 * 200 元 (微信红包's own ceiling), a budget at most 50 000 元 and 10 000 envelopes.
 */
export const RED_ENVELOPE_STATES = ['unpaid', 'running', 'ended'] as const;
export type TRedEnvelopeState = (typeof RED_ENVELOPE_STATES)[number];
export const RED_AMOUNT_MODES = ['fixed', 'random'] as const;
export type TRedAmountMode = (typeof RED_AMOUNT_MODES)[number];
/** Who qualifies: every valid sheet, an exam's sheet scoring at least minScore, the first N valid sheets. */
export const RED_QUALIFIES = ['valid', 'score', 'first'] as const;
export type TRedQualify = (typeof RED_QUALIFIES)[number];
export const RED_PAYOUT_STATES = ['rejected', 'paying', 'paid', 'failed', 'cancelled'] as const;
export type TRedPayoutState = (typeof RED_PAYOUT_STATES)[number];
/** cancel: a failed payout given up, its amount back in the envelope (hold = payout − cancel + return + held). */
export type TRedLedgerKind = 'hold' | 'payout' | 'return' | 'cancel';

export const RED_LIMITS = { minFen: 30, maxFen: 20_000, maxBudgetFen: 5_000_000, maxCount: 10_000 } as const;

/** 未充值 → 进行中 → 已结束. */
export const RED_STATE_NAMES: Record<TRedEnvelopeState, string> = { unpaid: '未充值', running: '进行中', ended: '已结束' };
export const RED_PAYOUT_NAMES: Record<TRedPayoutState, string> = {
  rejected: '未通过',
  paying: '发放中',
  paid: '已发放',
  failed: '发放失败',
  cancelled: '已放弃',
};
export const RED_QUALIFY_NAMES: Record<TRedQualify, string> = { valid: '所有有效答卷', score: '考试得分达到', first: '前 N 份有效答卷' };

export const RED_MESSAGES = {
  notSet: '还没有设置红包',
  which: '请指定一个问卷（questionId）或一个投票（voteId）',
  kind: '红包只能用于问卷、考试和投票',
  scoreKind: '按得分发放只适用于考试',
  locked: '红包已充值，规则不能再修改',
  ended: '红包已结束',
  notRunning: '红包还没有充值',
  paid: '红包已充值',
  balance: '账户余额不足，请先充值',
  bounds: '单个红包金额须在 0.30 元到 200 元之间，且最小金额不大于最大金额',
  budget: '红包总额须在 个数×最小金额 到 个数×最大金额 之间',
  fixed: '固定金额红包的总额等于 单个金额×个数',
  count: '红包个数须在 1 到 10000 之间',
  total: '红包总额不能超过 50000 元',
  minScore: '请填写领取红包的最低得分',
  firstN: '请填写前多少份答卷可以领取',
  exhausted: '红包已发完',
  notQualified: '这份答卷不符合领取条件',
  decided: '这份答卷已经审核过',
  noSheet: '答卷不存在',
  notFailed: '只有发放失败的红包可以重新发放',
  notCancellable: '只有发放失败的红包可以放弃发放',
  noTransfer: '当前支付渠道不支持转账，请配置微信支付',
  noPayee: '这份答卷没有微信身份，无法转账到零钱',
} as const;

/**
 * What the respondent's after-submit screen (and the voting page after a ballot) says about the red envelope when
 * the project or vote has one running: qualified (waits for the creator's review), not qualified, or none left.
 */
export const RED_NOTICE_STATES = ['qualified', 'notQualified', 'exhausted'] as const;
export type TRedNoticeState = (typeof RED_NOTICE_STATES)[number];
export const RED_NOTICES = {
  qualified: '你已获得红包资格，创建者审核通过后发放',
  exhausted: '红包已发完，感谢参与',
  firstGone: (n: number) => `红包仅限前 ${n} 份，名额已满，感谢参与`,
  score: (min: number) => `得分达到 ${min} 分可领取红包，本次未达到`,
  invalid: '这份答卷未被计为有效答卷，不能领取红包',
  invalidBallot: '这次投票未被计为有效投票，不能领取红包',
} as const;

export interface TRedRule {
  amountMode: TRedAmountMode;
  minFen: number;
  maxFen: number;
  totalCount: number;
  budgetFen: number;
  qualify: TRedQualify;
  minScore: number | null;
  firstN: number | null;
}

/** The first thing wrong with a rule (a message of RED_MESSAGES), or null. `exam`: the project is an exam. */
export function ruleProblem(rule: TRedRule, exam: boolean): string | null {
  if (!Number.isInteger(rule.totalCount) || rule.totalCount < 1 || rule.totalCount > RED_LIMITS.maxCount) return RED_MESSAGES.count;
  if (rule.minFen < RED_LIMITS.minFen || rule.maxFen > RED_LIMITS.maxFen || rule.minFen > rule.maxFen) return RED_MESSAGES.bounds;
  if (rule.budgetFen > RED_LIMITS.maxBudgetFen) return RED_MESSAGES.total;
  if (rule.amountMode === 'fixed' && (rule.minFen !== rule.maxFen || rule.budgetFen !== rule.minFen * rule.totalCount)) return RED_MESSAGES.fixed;
  if (rule.budgetFen < rule.minFen * rule.totalCount || rule.budgetFen > rule.maxFen * rule.totalCount) return RED_MESSAGES.budget;
  if (rule.qualify === 'score' && !exam) return RED_MESSAGES.scoreKind;
  if (rule.qualify === 'score' && (rule.minScore === null || !Number.isFinite(rule.minScore))) return RED_MESSAGES.minScore;
  if (rule.qualify === 'first' && (rule.firstN === null || !Number.isInteger(rule.firstN) || rule.firstN < 1)) return RED_MESSAGES.firstN;
  return null;
}

/**
 * The amounts the next envelope may have so the envelopes after it can still be paid within what is left:
 * [max(min, left − (n−1)·max), min(max, left − (n−1)·min)] for n envelopes left. The server computes the same
 * bounds inside its one UPDATE (server/services/red-envelope/red-budget.ts); this copy explains and tests them.
 */
export function nextAmountRange(rule: Pick<TRedRule, 'minFen' | 'maxFen'>, leftFen: number, leftCount: number): [number, number] {
  const low = Math.max(rule.minFen, leftFen - (leftCount - 1) * rule.maxFen);
  const high = Math.min(rule.maxFen, leftFen - (leftCount - 1) * rule.minFen);
  return [low, high];
}

export const yuan = (fen: number) => (fen / 100).toFixed(2);
