/**
 * An order's life (issue 21 item 1): the one transition table the server enforces (server/services/pay/) and the
 * order machine (machines/order/) is built from. Zod-free, so the respondent bundle can read it.
 *
 * created → paid → shipped / collected → done; created → closed (unpaid after the payment window, stock back);
 * paid, shipped, collected or done → refunding → refunded when the refunds reach the amount. A partial refund
 * that succeeds goes back to the state the order was in (`refund.partial`); one the provider refuses likewise.
 */
export const ORDER_STATES = ['created', 'paid', 'shipped', 'collected', 'done', 'closed', 'refunding', 'refunded'] as const;
export type TOrderState = (typeof ORDER_STATES)[number];

export const ORDER_ACTIONS = ['pay', 'close', 'ship', 'collect', 'finish', 'refund', 'refundDone', 'refundPartial', 'refundFail'] as const;
export type TOrderAction = (typeof ORDER_ACTIONS)[number];

/** The moves of each state; `back` means the state the order was in before its refund started. */
export const ORDER_TRANSITIONS = {
  created: { pay: 'paid', close: 'closed' },
  paid: { ship: 'shipped', collect: 'collected', refund: 'refunding' },
  shipped: { collect: 'collected', finish: 'done', refund: 'refunding' },
  collected: { finish: 'done', refund: 'refunding' },
  done: { refund: 'refunding' },
  refunding: { refundDone: 'refunded', refundPartial: 'back', refundFail: 'back' },
  closed: {},
  refunded: {},
} as const satisfies Record<TOrderState, Partial<Record<TOrderAction, TOrderState | 'back'>>>;

/** The state `action` leads to from `state` ('back': to the state before the refund), or null when refused. */
export function nextOrderState(state: TOrderState, action: TOrderAction): TOrderState | 'back' | null {
  const moves: Partial<Record<TOrderAction, TOrderState | 'back'>> = ORDER_TRANSITIONS[state];
  return moves[action] ?? null;
}

/** The states `action` may start from (the server's conditional UPDATE … WHERE state = ANY(…)). */
export const statesAllowing = (action: TOrderAction): TOrderState[] => ORDER_STATES.filter((s) => nextOrderState(s, action) !== null);

/**
 * One move as the server's conditional UPDATE takes it, from the table: the state `action` leads to (`back`: the
 * state the order was in before its refund, `state_before_refund`) and the states it may start from. Every statement
 * that writes an order's state takes both as parameters from here, never as literals
 * (tests/server/pay/order-moves.test.ts scans the server for it).
 */
export function orderMove(action: TOrderAction): { to: TOrderState | 'back'; from: TOrderState[] } {
  const from = statesAllowing(action);
  const targets = new Set(from.map((state) => nextOrderState(state, action)!));
  // The table's actions each lead to one state whatever they start from; a second would need two statements.
  if (targets.size !== 1) throw new Error(`order action ${action} leads to ${[...targets].join(', ')}`);
  return { to: [...targets][0]!, from };
}

export const ORDER_STATE_NAMES: Record<TOrderState, string> = {
  created: '待支付',
  paid: '已支付',
  shipped: '已发货',
  collected: '已自提',
  done: '已完成',
  closed: '已关闭',
  refunding: '退款中',
  refunded: '已退款',
};

/** The refusal of `action` on an order in `state`, in words the creator or buyer understands. */
export function refusalOf(state: TOrderState, action: TOrderAction): string {
  const unpaid = state === 'created' || state === 'closed';
  switch (action) {
    case 'ship':
      return unpaid ? '未支付的订单不能发货' : `${ORDER_STATE_NAMES[state]}的订单不能发货`;
    case 'collect':
      return unpaid ? '未支付的订单不能标记为已自提' : `${ORDER_STATE_NAMES[state]}的订单不能标记为已自提`;
    case 'finish':
      return unpaid ? '未支付的订单不能完成' : `${ORDER_STATE_NAMES[state]}的订单不能标记为已完成`;
    case 'refund':
      return unpaid ? '未支付的订单不能退款' : state === 'refunding' ? '订单正在退款中，请稍后再试' : '订单已全额退款';
    case 'pay':
      return state === 'closed' ? '订单已超时关闭，请重新下单' : '订单已支付，请勿重复支付';
    default:
      return `订单${ORDER_STATE_NAMES[state]}，不能进行此操作`;
  }
}

/** States that hold money the buyer paid (the refundable ones). */
export const PAID_STATES: readonly TOrderState[] = ['paid', 'shipped', 'collected', 'done'];

export const ORDER_LIMITS = {
  /** Minutes an unpaid order waits before it closes and gives its stock back (project setting paymentWindowMinutes). */
  paymentWindowMinutes: 15,
  remarkLength: 200,
  reasonLength: 80,
  /** The largest order a single payment may carry (integer fen; WeChat Pay's limit is far above what a form sells). */
  maxAmountFen: 2_000_000_000,
} as const;

export const ORDER_MESSAGES = {
  notFound: '订单不存在',
  /** Someone else's order (a result link opened on another device): the refusal's data says whose, masked. */
  notYours: '这是他人的订单',
  refundTooMuch: '退款金额超过可退金额',
  tooLarge: '订单金额过大，请分开下单',
  noMerchant: '发布者尚未开通收款，暂时不能支付',
  /** A production start without PAY_PROVIDER (issue 42): nobody takes payments, so nothing can be paid. */
  noProvider: '网站尚未配置支付渠道（PAY_PROVIDER），暂时不能支付',
  /** …and a project that sells something cannot be published; the release page shows this. */
  publishNeedsProvider: '网站尚未配置支付渠道（服务器设置 PAY_PROVIDER），含收费商品的项目暂不能发布，请联系网站管理员',
  sheetOrdered: '已下单的答卷不能修改，如需更改请联系发布者',
} as const;
