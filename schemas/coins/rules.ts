/**
 * The coin's rules as data (issue 51): what earns and what spends the brand's coin (问卷币 on 问卷通, 金币 on 投票通 and
 * 接龙通 — schemas/brands.ts coinName), shared by the server (which alone applies them) and /coinRule.html, /task.html,
 * /giftList.html and /mutual.html (which show them). Coins are whole numbers; a user's coins are kept per brand.
 */

/** Why a ledger row changed a user's coins (coin_ledger.reason). */
export const COIN_REASONS = ['buy', 'sign', 'task', 'space_earn', 'space_release', 'space_refund', 'gift', 'gift_refund', 'draw', 'draw_prize', 'ai'] as const;
export type TCoinReason = (typeof COIN_REASONS)[number];
export const COIN_REASON_NAMES: Record<TCoinReason, string> = {
  buy: '余额购买',
  sign: '每日签到',
  task: '任务奖励',
  space_earn: '互助答题奖励',
  space_release: '发布到互助空间',
  space_refund: '互助空间退回',
  gift: '兑换礼品',
  gift_refund: '礼品兑换退回',
  draw: '抽奖',
  draw_prize: '抽奖奖励',
  ai: '兑换AI次数',
};

/**
 * Daily sign-in: `base` coins a day; a streak (consecutive days) adds a bonus on its 3rd and 7th day, then starts a
 * new 7-day cycle. Missing a day starts the streak again at day 1. Days are China's calendar days (Asia/Shanghai).
 */
export const SIGN_RULE = {
  base: 5,
  cycle: 7,
  bonuses: [
    { day: 3, coins: 10 },
    { day: 7, coins: 30 },
  ],
} as const;

/** The coins a sign-in on the `streak`-th consecutive day earns (streak ≥ 1). */
export function signReward(streak: number): number {
  const day = ((Math.max(1, streak) - 1) % SIGN_RULE.cycle) + 1;
  return SIGN_RULE.base + (SIGN_RULE.bonuses.find((b) => b.day === day)?.coins ?? 0);
}

/** What a task is: taskType 1 新手任务 (once), 2 日常任务 (once a day); its code is `${taskType}-${dailyTaskType}` (spec §9). */
export const TASK_TYPES = { 1: '新手任务', 2: '日常任务' } as const;
export type TTaskType = keyof typeof TASK_TYPES;

export interface TaskDef {
  /** `${taskType}-${dailyTaskType}`, the spec's task code. */
  code: string;
  taskType: TTaskType;
  dailyTaskType: number;
  title: string;
  description: string;
  reward: number;
  /** How many events complete it (3 space answers; 10 answers). */
  target: number;
}

/**
 * The tasks (issue 51 item 2). Each is completed by the real event on the server (never by the client saying so):
 * 1-1 a bound phone, 1-2 a project created, 1-3 a project published, 1-4 ten answers on one's projects, 1-5 a
 * collaborator invited; 2-2 three surveys answered in the mutual space today (each answer saved as the task's
 * question link), 2-3 a project shared today (the link saved by saveTaskQuestion) that then receives an answer from
 * someone else, 2-6 a template copied today (completes on copy), 2-8 today's recommended template copied with the
 * task's encrypted taskId.
 */
export const TASKS: readonly TaskDef[] = [
  { code: '1-1', taskType: 1, dailyTaskType: 1, title: '绑定手机号', description: '绑定手机号，账号更安全', reward: 20, target: 1 },
  { code: '1-2', taskType: 1, dailyTaskType: 2, title: '创建第一个项目', description: '创建一份问卷、考试、表单或投票', reward: 20, target: 1 },
  { code: '1-3', taskType: 1, dailyTaskType: 3, title: '发布第一个项目', description: '发布项目，开始收集数据', reward: 30, target: 1 },
  { code: '1-4', taskType: 1, dailyTaskType: 4, title: '收集 10 份答卷', description: '你的项目累计收到 10 份有效答卷', reward: 50, target: 10 },
  { code: '1-5', taskType: 1, dailyTaskType: 5, title: '邀请一位协作者', description: '邀请同事一起管理项目', reward: 30, target: 1 },
  { code: '2-2', taskType: 2, dailyTaskType: 2, title: '互助答题 3 份', description: '在互助空间回答 3 份他人的问卷', reward: 15, target: 3 },
  { code: '2-3', taskType: 2, dailyTaskType: 3, title: '分享项目', description: '分享一个项目，并收到 1 份他人的答卷', reward: 10, target: 1 },
  { code: '2-6', taskType: 2, dailyTaskType: 6, title: '使用模板创建项目', description: '从模板库复制一个模板', reward: 10, target: 1 },
  { code: '2-8', taskType: 2, dailyTaskType: 8, title: '体验今日推荐模板', description: '使用今日推荐的模板创建项目', reward: 20, target: 1 },
];
export const taskOf = (code: string): TaskDef | undefined => TASKS.find((t) => t.code === code);

/** Task states as the task centre shows them: 去完成 → (做了) 领取奖励 → 已领取. */
export const TASK_STATES = ['todo', 'done', 'received'] as const;
export type TTaskState = (typeof TASK_STATES)[number];

/** The mutual answering space (issue 51 item 4): a reward per accepted answer, a budget paid in coins up front. */
export const SPACE_RULE = { minReward: 1, maxReward: 100, maxBudget: 100_000, dailyEarnCap: 300 } as const;

/** The coin draw (issue 51 item 3): each draw costs `cost` coins, at most `dailyLimit` draws a day. */
export const DRAW_RULE = { cost: 20, dailyLimit: 5 } as const;
export const PRIZE_KINDS = ['coin', 'gift', 'none'] as const;
export type TPrizeKind = (typeof PRIZE_KINDS)[number];
/** Prize weights are parts of this whole (a probability of weight / DRAW_WEIGHT_TOTAL). */
export const DRAW_WEIGHT_TOTAL = 10_000;

/** Coins for AI counts (activity/user/updateAiCoin): one AI use costs `coinsPerUse` coins. */
export const AI_COIN_RULE = { coinsPerUse: 20, maxUses: 100 } as const;

export const GIFT_KINDS = ['physical'] as const;
export type TGiftKind = (typeof GIFT_KINDS)[number];
export const GIFT_EXCHANGE_STATES = ['pending', 'shipped', 'done', 'cancelled'] as const;
export type TGiftExchangeState = (typeof GIFT_EXCHANGE_STATES)[number];
export const GIFT_EXCHANGE_STATE_NAMES: Record<TGiftExchangeState, string> = { pending: '待发货', shipped: '已发货', done: '已完成', cancelled: '已取消' };

export const SPACE_RELEASE_STATES = ['open', 'closed'] as const;
export type TSpaceReleaseState = (typeof SPACE_RELEASE_STATES)[number];
export const SPACE_ANSWER_STATES = ['paid', 'refused'] as const;
export type TSpaceAnswerState = (typeof SPACE_ANSWER_STATES)[number];
