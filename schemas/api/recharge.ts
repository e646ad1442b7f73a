import { z } from 'zod';
import { MEMBER_PERIODS, QUOTA_KINDS, purchasableOf } from '../money/catalog';
import { ZCouponCode } from './coupon';
import { zInt } from '../int';
import { contract, ZPageOf } from './contract';
import { ZPayLaunch, ZPayMethod, ZPayScene } from './pay';

/**
 * The balance (issue 46, spec §7 `recharge/*` and active/pay's balance calls): recharge orders paid through the
 * pay providers, the ledger of every change as the user's transactions, and what the balance buys (the packages
 * of the four /buy*.html pages and the paid member levels). Amounts are integer fen.
 */
const R = 'recharge/';
const P = 'active/pay/';

/** Recharges from 1 元 to 50 000 元 at a time. */
export const RECHARGE_LIMITS = { minFen: 100, maxFen: 5_000_000 } as const;

export const BALANCE_MESSAGES = {
  amountMissing: '请填写充值金额',
  amountFraction: '充值金额以分为单位，须为整数（金额最多精确到分）',
  amountNotPositive: '充值金额须大于0',
  amountTooSmall: '单次充值不能少于1元',
  amountTooLarge: '单次充值不能超过50000元',
  packageUnknown: '套餐不存在，请刷新页面后重新选择',
  orderNotFound: '充值订单不存在',
  paidNotDeletable: '已支付的充值记录不能删除',
  noProvider: '暂未开通在线支付，无法充值',
  amountNotPrice: '支付金额与套餐价格不符，请刷新页面后重新选择',
} as const;

/** The refusal when the balance does not cover a purchase: what is there and what is needed. */
export const insufficientMessage = (balanceFen: number, priceFen: number) =>
  `余额不足：当前余额 ${(balanceFen / 100).toFixed(2)} 元，需支付 ${(priceFen / 100).toFixed(2)} 元，请先充值`;

export const ZRechargeNo = z.string({ error: '缺少充值订单号' }).regex(/^R\d{20}$/, '充值订单号无效');
export const ZRechargeAmount = z
  .number({ error: BALANCE_MESSAGES.amountMissing })
  .int(BALANCE_MESSAGES.amountFraction)
  .positive(BALANCE_MESSAGES.amountNotPositive)
  .min(RECHARGE_LIMITS.minFen, BALANCE_MESSAGES.amountTooSmall)
  .max(RECHARGE_LIMITS.maxFen, BALANCE_MESSAGES.amountTooLarge);

export const ZRechargeState = z.enum(['created', 'paid', 'closed']);
/** What became of a purchase order's item once paid: bought, or kept as balance (no longer buyable, `deliveryNote` says why). */
export const ZDelivery = z.enum(['done', 'kept']);
export const ZRechargeOrder = z.object({
  orderNo: z.string(),
  amountFen: z.number(),
  state: ZRechargeState,
  provider: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** A purchase order (a plan or package paid through a provider): what it pays for; absent or null for a plain recharge. */
  packageId: z.string().nullable().optional(),
  title: z.string().nullable().optional(),
  delivery: ZDelivery.nullable().optional(),
  deliveryNote: z.string().nullable().optional(),
});
export type TRechargeOrder = z.infer<typeof ZRechargeOrder>;
export const ZSaveRechargeResult = z.object({ orderNo: z.string(), provider: z.string(), amountFen: z.number(), launch: ZPayLaunch });
export type TSaveRechargeResult = z.infer<typeof ZSaveRechargeResult>;
export const ZRechargeStatus = ZRechargeOrder.extend({ balanceFen: z.number() });
export type TRechargeStatus = z.infer<typeof ZRechargeStatus>;

const ZPaging = {
  page: zInt(1, 100_000).default(1),
  pageSize: zInt(1, 100).default(20),
};
/** A recharge record with its live invoice request, if any (recharge/getInvoice*: schemas/api/invoice.ts). */
export const ZRechargeRecord = ZRechargeOrder.extend({
  invoice: z.object({ invoiceNo: z.string(), state: z.enum(['requested', 'issued', 'revoked']) }).nullable(),
});
export type TRechargeRecord = z.infer<typeof ZRechargeRecord>;
export const ZRechargeListRequest = z.object({ state: ZRechargeState.optional(), ...ZPaging });

export const ZBalanceReason = z.enum(['recharge', 'package', 'member', 'redpacket', 'redpacketReturn']);
export const ZTransaction = z.object({
  orderNo: z.string(),
  reason: ZBalanceReason,
  title: z.string(),
  /** Signed: a recharge adds, a purchase takes away. */
  amountFen: z.number(),
  balanceAfterFen: z.number(),
  createdAt: z.string(),
});
export type TTransaction = z.infer<typeof ZTransaction>;
export const ZTransactionListRequest = z.object({ reason: ZBalanceReason.optional(), ...ZPaging });
export const ZTransactionAmount = z.object({
  balanceFen: z.number(),
  rechargedFen: z.number(),
  spentFen: z.number(),
  transactions: z.number(),
});
export type TTransactionAmount = z.infer<typeof ZTransactionAmount>;

export const ZQuotaKind = z.enum(QUOTA_KINDS);
export const ZQuotas = z.object({ ai: z.number(), sms: z.number(), advert: z.number(), risk: z.number() });
export const ZPackage = z.object({ id: z.string(), kind: ZQuotaKind, quantity: z.number(), priceFen: z.number(), title: z.string() });
export const ZMemberPlanView = z.object({ id: z.string(), memberLevel: z.number(), period: z.enum(MEMBER_PERIODS), priceFen: z.number(), title: z.string() });
export const ZCoinPackage = z.object({ id: z.string(), coins: z.number(), priceFen: z.number(), title: z.string() });
export const ZBalancePayPack = z.object({
  balanceFen: z.number(),
  quotas: ZQuotas,
  packages: z.array(ZPackage),
  memberPlans: z.array(ZMemberPlanView),
  /** The coin packs (active/pay/getBalancePayCoin); empty when a quota kind is asked for. */
  coinPackages: z.array(ZCoinPackage),
  /** The caller's coins on the request's brand (coin_accounts). */
  coin: z.number(),
});
export type TBalancePayPack = z.infer<typeof ZBalancePayPack>;

export const ZPackageId = z
  .string({ error: '请选择套餐' })
  .max(40, BALANCE_MESSAGES.packageUnknown)
  .refine((id) => purchasableOf(id) !== undefined, BALANCE_MESSAGES.packageUnknown);

/**
 * recharge/saveRechargeOrder: a recharge of `amountFen`, or with `packageId` a purchase order — the plan or package
 * paid straight through the provider (the amount is its price; one given besides must equal it).
 */
export const ZSaveRechargeRequest = z
  .object({ amountFen: ZRechargeAmount.optional(), packageId: ZPackageId.optional(), method: ZPayMethod.default('wechat'), scene: ZPayScene.optional() })
  .superRefine((body, ctx) => {
    if (body.packageId === undefined && body.amountFen === undefined)
      ctx.addIssue({ code: 'custom', path: ['amountFen'], message: BALANCE_MESSAGES.amountMissing });
    const item = body.packageId === undefined ? undefined : purchasableOf(body.packageId);
    if (item && body.amountFen !== undefined && body.amountFen !== item.priceFen)
      ctx.addIssue({ code: 'custom', path: ['amountFen'], message: BALANCE_MESSAGES.amountNotPrice });
  });
/** A purchase, optionally with one of the caller's coupons (activity/coupon/*), which it uses once. */
export const ZBalancePayRequest = z.object({ packageId: ZPackageId, couponCode: ZCouponCode.optional() });
export const ZPurchaseResult = z.object({
  orderNo: z.string(),
  packageId: z.string(),
  title: z.string(),
  /** What was taken from the balance: the price less the coupon's discount. */
  amountFen: z.number(),
  /** The coupon's part of the price (0 without one). */
  discountFen: z.number(),
  couponCode: z.string().nullable(),
  balanceFen: z.number(),
  /** A coin pack: the caller's coins after the purchase. */
  coin: z.number().nullable(),
  /** A package: its kind's quota after the purchase. */
  quota: z.object({ kind: ZQuotaKind, remaining: z.number() }).nullable(),
  /** A member plan: the level and its new end. */
  member: z.object({ memberLevel: z.number(), expDate: z.string().nullable(), memberUpgradeType: z.number().nullable() }).nullable(),
});
export type TPurchaseResult = z.infer<typeof ZPurchaseResult>;

export const rechargeCalls = {
  saveRechargeOrder: contract({
    path: `${R}saveRechargeOrder`,
    summary: '创建充值订单并发起支付',
    request: ZSaveRechargeRequest,
    response: ZSaveRechargeResult,
    auth: 'required',
  }),
  getOrderPayAmount: contract({
    path: `${R}getOrderPayAmount`,
    summary: '充值订单支付状态与余额',
    request: z.object({ orderNo: ZRechargeNo }),
    response: ZRechargeStatus,
    auth: 'required',
  }),
  getUserRechargeList: contract({
    path: `${R}getUserRechargeList`,
    summary: '充值记录',
    request: ZRechargeListRequest,
    response: ZPageOf(ZRechargeRecord),
    auth: 'required',
  }),
  getRechargeDel: contract({
    path: `${R}getRechargeDel`,
    summary: '删除未支付的充值订单',
    request: z.object({ orderNo: ZRechargeNo }),
    response: z.null(),
    auth: 'required',
    okMessage: '已删除',
  }),
  getUserTransactionList: contract({
    path: `${R}getUserTransactionList`,
    summary: '余额收支明细',
    request: ZTransactionListRequest,
    response: ZPageOf(ZTransaction),
    auth: 'required',
  }),
  getTransactionAmount: contract({
    path: `${R}getTransactionAmount`,
    summary: '余额与收支合计',
    request: z.object({}).passthrough(),
    response: ZTransactionAmount,
    auth: 'required',
  }),
  getBalancePayPack: contract({
    path: `${R}getBalancePayPack`,
    summary: '余额可购买的套餐与会员价格、剩余次数',
    request: z.object({ kind: ZQuotaKind.optional() }),
    response: ZBalancePayPack,
    auth: 'required',
  }),
};

const buy = <Name extends string>(path: Name, summary: string) =>
  contract({ path: `${P}${path}`, summary, request: ZBalancePayRequest, response: ZPurchaseResult, auth: 'required', okMessage: '购买成功' });

/** Purchases from the balance: getBalancePay takes any package or member plan, the others only their own kind's packages. */
export const balancePayCalls = {
  getBalancePay: buy('getBalancePay', '余额购买（套餐或会员）'),
  getBalancePayAiCoin: buy('getBalancePayAiCoin', '余额购买AI次数'),
  getAdvertPay: buy('getAdvertPay', '余额购买去广告'),
  getRiskControlPay: buy('getRiskControlPay', '余额购买风控筛查'),
  getBalancePayCoin: buy('getBalancePayCoin', '余额购买虚拟币'),
};
