import { z } from 'zod';
import {
  COIN_REASONS,
  GIFT_EXCHANGE_STATES,
  PRIZE_KINDS,
  SPACE_ANSWER_STATES,
  SPACE_RELEASE_STATES,
  TASK_STATES,
  AI_COIN_RULE,
  SPACE_RULE,
} from '../coins/rules';
import { contract, ZNoFields, ZPageOf } from './contract';
import { ZQuestionId } from './question';

/**
 * The coin, tasks, gifts, the coin draw and the mutual answering space (issue 51; spec §7 "Tasks, gifts, spaces" and
 * activity/user/getUserCoin, updateAiCoin). Coins are whole numbers of the brand's coin (coinName in every answer
 * that shows an amount), kept per user and brand: a call made on 投票通 reads and spends the 投票通 coins.
 */
const ZPaging = { page: z.number().int().min(1).max(100_000).default(1), pageSize: z.number().int().min(1).max(100).default(20) };
const ZId = z.string().min(1).max(64);
const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');

// ---------------------------------------------------------------------------------------------------------- coins

export const ZCoinLedgerRow = z.object({
  id: z.number(),
  delta: z.number(),
  balanceAfter: z.number(),
  reason: z.enum(COIN_REASONS),
  /** What the row was for ("每日签到（连续第 3 天）", "兑换礼品：帆布袋"). */
  title: z.string(),
  createTime: z.string(),
});
export type TCoinLedgerRow = z.infer<typeof ZCoinLedgerRow>;

export const ZUserCoin = z.object({
  coin: z.number(),
  coinName: z.string(),
  todayEarned: z.number(),
  totalEarned: z.number(),
  totalSpent: z.number(),
  /** The ledger page asked for (/coinList.html): newest first, filtered. */
  list: z.array(ZCoinLedgerRow),
  total: z.number(),
});
export type TUserCoin = z.infer<typeof ZUserCoin>;

export const userCoinCalls = {
  getUserCoin: contract({
    path: 'activity/user/getUserCoin',
    summary: '我的虚拟币：余额与收支明细',
    request: z.object({
      ...ZPaging,
      reason: z.enum(COIN_REASONS).optional(),
      /** 'in' earns only, 'out' spends only. */
      direction: z.enum(['in', 'out']).optional(),
      from: ZDay.optional(),
      to: ZDay.optional(),
    }),
    response: ZUserCoin,
    auth: 'required',
  }),
  updateAiCoin: contract({
    path: 'activity/user/updateAiCoin',
    summary: '用虚拟币兑换 AI 次数',
    request: z.object({ count: z.number().int().min(1).max(AI_COIN_RULE.maxUses) }),
    response: z.object({ coin: z.number(), coinName: z.string(), spent: z.number(), aiRemaining: z.number() }),
    auth: 'required',
    okMessage: '兑换成功',
  }),
};

// ---------------------------------------------------------------------------------------------------------- tasks

export const ZSignDay = z.object({ day: z.number(), reward: z.number(), signed: z.boolean(), today: z.boolean() });
export const ZSignStatus = z.object({
  signedToday: z.boolean(),
  /** Consecutive days up to today (or yesterday when not signed yet today; 0 when the streak broke). */
  streak: z.number(),
  /** What signing in today gives (or gave). */
  todayReward: z.number(),
  /** The 7-day cycle the streak is in, each day's reward and whether it is signed. */
  days: z.array(ZSignDay),
});
export type TSignStatus = z.infer<typeof ZSignStatus>;

export const ZTask = z.object({
  /** Encrypted (spec §3): names the task, the user and the period; every task call takes it back. */
  taskId: z.string(),
  code: z.string(),
  taskType: z.number(),
  dailyTaskType: z.number(),
  title: z.string(),
  description: z.string(),
  reward: z.number(),
  state: z.enum(TASK_STATES),
  progress: z.number(),
  target: z.number(),
  /** 2-8: the recommended template's questionId to copy; null for the other tasks. */
  templateId: z.string().nullable(),
  /**
   * A 新手任务's reward is taken once across the three brands: when it was taken on another brand, that brand's name
   * (the page shows 已在问卷通领取); null otherwise.
   */
  receivedOn: z.string().nullable(),
});
export type TTask = z.infer<typeof ZTask>;

export const ZTaskRecord = z.object({
  code: z.string(),
  title: z.string(),
  reward: z.number(),
  completedTime: z.string(),
  receivedTime: z.string().nullable(),
});
export type TTaskRecord = z.infer<typeof ZTaskRecord>;

const ZTaskRef = z.object({ taskId: z.string().min(1).max(200) });

export const taskCalls = {
  getWxAppletTaskList: contract({
    path: 'activity/task/getWxAppletTaskList',
    summary: '任务中心：签到与任务列表',
    request: ZNoFields,
    response: z.object({ coin: z.number(), coinName: z.string(), sign: ZSignStatus, tasks: z.array(ZTask) }),
    auth: 'required',
  }),
  getWxAppletTaskDetailList: contract({
    path: 'activity/task/getWxAppletTaskDetailList',
    summary: '任务完成记录',
    request: z.object(ZPaging),
    response: ZPageOf(ZTaskRecord),
    auth: 'required',
  }),
  completeTask: contract({
    path: 'activity/task/completeTask',
    summary: '检查任务是否完成（由服务器核对）',
    request: ZTaskRef,
    response: ZTask,
    auth: 'required',
  }),
  receiveTaskReward: contract({
    path: 'activity/task/receiveTaskReward',
    summary: '领取任务奖励',
    request: ZTaskRef,
    response: z.object({ task: ZTask, reward: z.number(), coin: z.number(), coinName: z.string() }),
    auth: 'required',
    okMessage: '领取成功',
  }),
  bindingTask: contract({
    path: 'activity/task/bindingTask',
    summary: '领取（开始）任务',
    request: ZTaskRef,
    response: ZTask,
    auth: 'required',
  }),
  saveTaskQuestion: contract({
    path: 'activity/task/saveTaskQuestion',
    summary: '保存任务与项目的关联',
    request: ZTaskRef.extend({ questionId: ZQuestionId }),
    response: ZTask,
    auth: 'required',
  }),
  getUserSignTask: contract({
    path: 'activity/task/getUserSignTask',
    summary: '签到状态',
    request: ZNoFields,
    response: ZSignStatus,
    auth: 'required',
  }),
  receiveSignTask: contract({
    path: 'activity/task/receiveSignTask',
    summary: '每日签到',
    request: ZNoFields,
    response: z.object({ sign: ZSignStatus, reward: z.number(), coin: z.number(), coinName: z.string() }),
    auth: 'required',
    okMessage: '签到成功',
  }),
};

// ---------------------------------------------------------------------------------------------------------- gifts

export const ZGift = z.object({
  giftId: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  coinPrice: z.number(),
  stock: z.number(),
});
export type TGift = z.infer<typeof ZGift>;

/** Where a gift is sent: 收货人, 手机号 (§5 phone rule), 所在地区, 详细地址. */
export const ZGiftAddress = z.object({
  receiverName: z.string().trim().min(1, '请填写收货人').max(20, '收货人最多 20 个字'),
  receiverPhone: z.string().trim().min(1, '请填写手机号').max(20),
  region: z.string().trim().min(1, '请选择所在地区').max(60),
  address: z.string().trim().min(1, '请填写详细地址').max(120, '详细地址最多 120 个字'),
});
export type TGiftAddress = z.infer<typeof ZGiftAddress>;

export const ZGiftExchange = ZGiftAddress.extend({
  exchangeId: z.string(),
  giftId: z.string(),
  giftName: z.string(),
  image: z.string(),
  /** Coins paid (0 for a gift won in a draw). */
  coins: z.number(),
  state: z.enum(GIFT_EXCHANGE_STATES),
  expressCompany: z.string(),
  trackingNo: z.string(),
  /** Whether the address may still be changed (before it ships). */
  addressEditable: z.boolean(),
  createTime: z.string(),
});
export type TGiftExchange = z.infer<typeof ZGiftExchange>;

export const ZDrawRecord = z.object({
  drawId: z.string(),
  prizeId: z.string().nullable(),
  /** As shown: "20金币", "帆布袋", "谢谢参与". */
  prizeName: z.string(),
  prizeKind: z.enum(PRIZE_KINDS),
  cost: z.number(),
  wonCoins: z.number(),
  /** A gift prize's exchange, to be given an address. */
  exchange: ZGiftExchange.nullable(),
  createTime: z.string(),
});
export type TDrawRecord = z.infer<typeof ZDrawRecord>;

export const giftCalls = {
  getWxAppletGiftPage: contract({
    path: 'activity/gift/getWxAppletGiftPage',
    summary: '礼品列表',
    request: z.object(ZPaging),
    response: ZPageOf(ZGift).extend({ coin: z.number(), coinName: z.string() }),
    auth: 'required',
  }),
  getGiftExchange: contract({
    path: 'activity/gift/getGiftExchange',
    summary: '兑换礼品',
    request: z.object({ giftId: ZId, address: ZGiftAddress }),
    response: z.object({ exchange: ZGiftExchange, coin: z.number(), coinName: z.string() }),
    auth: 'required',
    okMessage: '兑换成功',
  }),
  getGiftExchangePage: contract({
    path: 'activity/gift/getGiftExchangePage',
    summary: '我的兑换记录',
    request: z.object(ZPaging),
    response: ZPageOf(ZGiftExchange),
    auth: 'required',
  }),
  updateGiftAddress: contract({
    path: 'activity/gift/updateGiftAddress',
    summary: '修改收货地址（发货前）',
    request: z.object({ exchangeId: ZId, address: ZGiftAddress }),
    response: ZGiftExchange,
    auth: 'required',
    okMessage: '地址已更新',
  }),
  getUserCoinDrawDetailPage: contract({
    path: 'activity/gift/getUserCoinDrawDetailPage',
    summary: '我的抽奖记录',
    request: z.object(ZPaging),
    response: ZPageOf(ZDrawRecord),
    auth: 'required',
  }),
  getUseDrawDetail: contract({
    path: 'activity/gift/getUseDrawDetail',
    summary: '抽奖记录详情',
    request: z.object({ drawId: ZId }),
    response: ZDrawRecord,
    auth: 'required',
  }),
  getGifCount: contract({
    path: 'activity/gift/getGifCount',
    summary: '礼品与抽奖计数',
    request: ZNoFields,
    response: z.object({ exchangeCount: z.number(), pendingCount: z.number(), drawCount: z.number(), unaddressedCount: z.number() }),
    auth: 'required',
  }),
};

/**
 * activity/gift/operator/* (not in the spec; docs/decisions.md, issue 51 helper gifts2): the site operator (an account
 * whose phone is in OPERATOR_ACCOUNTS, as for the help centre's 意见反馈) ships or cancels the exchanges of every user
 * and brand. Anyone else is refused "403".
 */
export const GIFT_OPERATOR_MESSAGES = {
  notOperator: '仅站点运营者可以处理礼品发货',
  noExchange: '兑换记录不存在',
  notPending: '该兑换已处理（已发货或已取消）',
  noAddress: '用户尚未填写收货地址，暂不能发货',
} as const;
export const ZOperatorExchange = ZGiftExchange.extend({
  brand: z.string(),
  /** The account's phone, masked (138****8000). */
  userPhone: z.string(),
  updateTime: z.string(),
});
export type TOperatorExchange = z.infer<typeof ZOperatorExchange>;
const ZExchangeRef = z.object({
  exchangeId: z.string({ error: GIFT_OPERATOR_MESSAGES.noExchange }).min(1, GIFT_OPERATOR_MESSAGES.noExchange).max(64, GIFT_OPERATOR_MESSAGES.noExchange),
});

export const giftOperatorCalls = {
  getOperatorExchangePage: contract({
    path: 'activity/gift/operator/getExchangePage',
    summary: '礼品兑换发货列表（站点运营者）',
    request: z.object({ ...ZPaging, state: z.enum(['all', ...GIFT_EXCHANGE_STATES]).default('pending') }),
    response: ZPageOf(ZOperatorExchange).extend({ pendingCount: z.number() }),
    auth: 'required',
  }),
  shipGiftExchange: contract({
    path: 'activity/gift/operator/shipExchange',
    summary: '礼品发货（站点运营者）',
    request: ZExchangeRef.extend({
      expressCompany: z.string().trim().min(1, '请填写快递公司').max(30, '快递公司最多 30 个字'),
      trackingNo: z
        .string()
        .trim()
        .min(1, '请填写快递单号')
        .max(40, '快递单号最多 40 位')
        .regex(/^[A-Za-z0-9-]+$/, '快递单号只能包含字母、数字和短横线'),
    }),
    response: ZOperatorExchange,
    auth: 'required',
    okMessage: '已发货',
  }),
  cancelGiftExchange: contract({
    path: 'activity/gift/operator/cancelExchange',
    summary: '取消礼品兑换并退回（站点运营者）',
    request: ZExchangeRef,
    response: ZOperatorExchange,
    auth: 'required',
    okMessage: '已取消，库存与虚拟币已退回',
  }),
};

// ---------------------------------------------------------------------------------------------------------- draws

export const ZDrawPrize = z.object({
  prizeId: z.string(),
  prizeName: z.string(),
  prizeKind: z.enum(PRIZE_KINDS),
  coins: z.number(),
  /** 0..1, as configured (weight / 10 000). */
  probability: z.number(),
  /** null: unlimited. */
  stock: z.number().nullable(),
});
export type TDrawPrize = z.infer<typeof ZDrawPrize>;
export const ZDrawCount = z.object({ remaining: z.number(), dailyLimit: z.number(), cost: z.number(), coin: z.number(), coinName: z.string() });

export const coinDrawCalls = {
  getUserDrawCount: contract({
    path: 'activity/coinDraw/getUserDrawCount',
    summary: '今日剩余抽奖次数',
    request: ZNoFields,
    response: ZDrawCount,
    auth: 'required',
  }),
  getDrawList: contract({
    path: 'activity/coinDraw/getDrawList',
    summary: '抽奖奖品与概率',
    request: ZNoFields,
    response: z.object({ prizes: z.array(ZDrawPrize), cost: z.number(), dailyLimit: z.number(), coinName: z.string() }),
    auth: 'required',
  }),
  getUserDraw: contract({
    path: 'activity/coinDraw/getUserDraw',
    summary: '抽奖一次',
    request: ZNoFields,
    response: z.object({ record: ZDrawRecord, count: ZDrawCount }),
    auth: 'required',
  }),
};

// ---------------------------------------------------------------------------------------------------------- space

export const ZSpaceItem = z.object({
  releaseId: z.string(),
  questionId: z.string(),
  title: z.string(),
  questionType: z.number(),
  subjectCount: z.number(),
  minutes: z.number(),
  reward: z.number(),
  /** Answers the budget still pays. */
  remaining: z.number(),
  /** The caller already answered it (paid or refused). */
  answered: z.boolean(),
  /** The caller released it (answering it earns nothing). */
  mine: z.boolean(),
  releaser: z.string(),
  createTime: z.string(),
});
export type TSpaceItem = z.infer<typeof ZSpaceItem>;

export const ZSpaceParticipation = z.object({
  releaseId: z.string(),
  questionId: z.string(),
  title: z.string(),
  reward: z.number(),
  state: z.enum(SPACE_ANSWER_STATES),
  reason: z.string(),
  createTime: z.string(),
});
export type TSpaceParticipation = z.infer<typeof ZSpaceParticipation>;

export const ZSpaceRelease = z.object({
  releaseId: z.string(),
  questionId: z.string(),
  title: z.string(),
  reward: z.number(),
  budget: z.number(),
  paid: z.number(),
  refunded: z.number(),
  answers: z.number(),
  minutes: z.number(),
  state: z.enum(SPACE_RELEASE_STATES),
  createTime: z.string(),
  closedTime: z.string().nullable(),
});
export type TSpaceRelease = z.infer<typeof ZSpaceRelease>;

export const spaceCalls = {
  getSpaceList: contract({
    path: 'activity/space/getSpaceList',
    summary: '互助空间：可答的问卷',
    request: z.object({ ...ZPaging, sort: z.enum(['reward', 'new', 'short']).default('reward'), questionType: z.number().int().min(0).max(99).optional() }),
    response: ZPageOf(ZSpaceItem).extend({ coin: z.number(), coinName: z.string() }),
    auth: 'required',
  }),
  getParticipationSpacePage: contract({
    path: 'activity/space/getParticipationSpacePage',
    summary: '我参与的互助答题',
    request: z.object(ZPaging),
    response: ZPageOf(ZSpaceParticipation),
    auth: 'required',
  }),
  getReleaseQuestionPage: contract({
    path: 'activity/space/getReleaseQuestionPage',
    summary: '我发布到互助空间的项目',
    request: z.object(ZPaging),
    response: ZPageOf(ZSpaceRelease),
    auth: 'required',
  }),
  getSpaceRelease: contract({
    path: 'activity/space/getSpaceRelease',
    summary: '发布项目到互助空间（预算从虚拟币中扣除）',
    request: z.object({
      questionId: ZQuestionId,
      reward: z.number().int().min(SPACE_RULE.minReward).max(SPACE_RULE.maxReward),
      budget: z.number().int().min(SPACE_RULE.minReward).max(SPACE_RULE.maxBudget),
      minutes: z.number().int().min(1).max(120).default(3),
    }),
    response: z.object({ release: ZSpaceRelease, coin: z.number(), coinName: z.string() }),
    auth: 'required',
    okMessage: '已发布到互助空间',
  }),
  getSpaceExit: contract({
    path: 'activity/space/getSpaceExit',
    summary: '退出互助空间，剩余预算退回',
    request: z.object({ releaseId: ZId }),
    response: z.object({ release: ZSpaceRelease, refunded: z.number(), coin: z.number(), coinName: z.string() }),
    auth: 'required',
    okMessage: '已退出互助空间',
  }),
};
