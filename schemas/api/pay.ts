import { z } from 'zod';
import { ORDER_LIMITS, ORDER_STATES } from '../order/order-states';
import { RECEIPT_REASONS, RECEIPT_STATES } from '../order/receipts';
import { contract, fileRoute } from './contract';
import { ZQuestionId } from './question';
import { ZWechatTokenField } from './component';
import { ZShipping } from './logistics-models';

/**
 * Payment orders (issue 21, spec §7 `active/pay/*`, `active/commodity/order` calls, `recharge/getCommodityOrderPage`).
 * The buyer's calls name the order by its number and the buyer by the login when there is one, else by the
 * answering page's device key (as the submit knew them); the creator's calls need a power on the project.
 * Amounts are integer fen.
 */
const P = 'active/pay/';
const C = 'active/commodity/order/';

export const ZOrderNo = z.string({ error: '缺少订单号' }).regex(/^\d{20}$/, '订单号无效');
const ZDeviceId = z
  .string({ error: '缺少设备编号' })
  .min(8, '设备编号无效')
  .max(64, '设备编号无效')
  .regex(/^[\w-]+$/, '设备编号无效');

export const ZOrderState = z.enum(ORDER_STATES);
export const ZPayScene = z.enum(['jsapi', 'h5', 'native', 'page', 'wap']);
export const ZPayMethod = z.enum(['wechat', 'alipay']);

export const ZOrderLine = z.object({
  productId: z.string(),
  title: z.string(),
  spec: z.string(),
  priceFen: z.number(),
  quantity: z.number(),
  amountFen: z.number(),
});
export type TOrderLine = z.infer<typeof ZOrderLine>;
export const ZContactField = z.object({ label: z.string(), value: z.string() });

/**
 * The refusal's data when someone else's order is opened (a result link on another device, issue 43 item 5): whose
 * it is, masked, and the project to go back to.
 */
export const ZNotYours = z.object({
  reason: z.literal('notYours'),
  questionId: z.string(),
  buyerName: z.string().nullable(),
  buyerPhone: z.string().nullable(),
});
export type TNotYours = z.infer<typeof ZNotYours>;

/** An order as its buyer sees it (getOrderStatus and the result pages). */
export const ZOrderView = z.object({
  orderNo: z.string(),
  questionId: z.string(),
  title: z.string(),
  state: ZOrderState,
  amountFen: z.number(),
  refundedFen: z.number(),
  lines: z.array(ZOrderLine),
  contact: z.array(ZContactField),
  provider: z.string().nullable(),
  createdAt: z.string(),
  closesAt: z.string(),
  paidAt: z.string().nullable(),
  /** 物流 (issue 49 item 6): the carrier and tracking number once shipped. */
  shipping: ZShipping.nullable(),
  serverTime: z.string(),
});
export type TOrderView = z.infer<typeof ZOrderView>;

/**
 * Money that arrived for an order that no longer expected it (a late or a double payment, issue 42): recorded,
 * refunded automatically, shown to the creator until the refund succeeds (settledAt).
 */
export const ZUnmatchedReceipt = z.object({
  orderNo: z.string(),
  amountFen: z.number(),
  reason: z.enum(RECEIPT_REASONS),
  state: z.enum(RECEIPT_STATES),
  provider: z.string(),
  transactionId: z.string(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  /** Why the last refund attempt did not go through (it is tried again at retryAt). */
  lastError: z.string().nullable(),
  retryAt: z.string().nullable(),
});
export type TUnmatchedReceipt = z.infer<typeof ZUnmatchedReceipt>;

/** The creator's row adds the buyer's device, the transaction id, the remark, the refunds and any unmatched receipts. */
export const ZManagedOrder = ZOrderView.extend({
  buyer: z.string(),
  transactionId: z.string().nullable(),
  remark: z.string(),
  refunds: z.array(z.object({ amountFen: z.number(), reason: z.string(), state: z.string(), createdAt: z.string() })),
  receipts: z.array(ZUnmatchedReceipt),
});
export type TManagedOrder = z.infer<typeof ZManagedOrder>;

/** What the submit answers besides the sheet when the project sells something: the order to pay. */
export const ZSubmitOrder = z.object({ orderNo: z.string(), amountFen: z.number(), closesAt: z.string() });

/** wechatToken: an order of a 仅限微信授权参与 group-buy is also its WeChat user's on their other browsers. */
export const ZBuyerRequest = z.object({ orderNo: ZOrderNo, deviceId: ZDeviceId, wechatToken: ZWechatTokenField });
export const ZStartPayRequest = ZBuyerRequest.extend({ scene: ZPayScene.optional() });
/** What the browser does next: open the cashier (redirect), show a QR code, or call WeChat's JSAPI. */
export const ZPayLaunch = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({ kind: z.literal('qr'), codeUrl: z.string() }),
  z.object({ kind: z.literal('jsapi'), params: z.record(z.string(), z.string()) }),
]);
export const ZStartPayResult = z.object({ orderNo: z.string(), provider: z.string(), amountFen: z.number(), launch: ZPayLaunch });
export type TStartPayResult = z.infer<typeof ZStartPayResult>;

const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day) && day >= '2000-01-01' && day <= '2100-12-31';
  }, '日期无效');
export const ZOrderListRequest = z.object({
  questionId: ZQuestionId,
  state: ZOrderState.optional(),
  productId: z.string().max(64).optional(),
  /** Days in Asia/Shanghai, both included. */
  startDate: ZDay.optional(),
  endDate: ZDay.optional(),
  keyword: z.string().max(50).optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type TOrderListRequest = z.input<typeof ZOrderListRequest>;
export const ZOrderSummary = z.object({ orders: z.number(), paidFen: z.number(), refundedFen: z.number(), netFen: z.number() });
export const ZOrderListResult = z.object({
  list: z.array(ZManagedOrder),
  total: z.number(),
  summary: ZOrderSummary,
  /** The project's unmatched receipts not settled yet, whatever the filters: shown above the list until refunded. */
  unmatched: z.array(ZUnmatchedReceipt),
  products: z.array(z.object({ productId: z.string(), title: z.string() })),
  powerType: z.number(),
});
export type TOrderListResult = z.infer<typeof ZOrderListResult>;

export const ZOrderActionRequest = z.object({ questionId: ZQuestionId, orderNo: ZOrderNo });
export const ZRefundRequest = ZOrderActionRequest.extend({
  amountFen: z.number({ error: '请填写退款金额' }).int('退款金额以分为单位，须为整数').min(1, '退款金额须大于0').max(ORDER_LIMITS.maxAmountFen),
  reason: z.string().trim().max(ORDER_LIMITS.reasonLength, `退款原因不能超过${ORDER_LIMITS.reasonLength}个字`).default(''),
});
export const ZRemarkRequest = ZOrderActionRequest.extend({
  remark: z.string().trim().max(ORDER_LIMITS.remarkLength, `备注不能超过${ORDER_LIMITS.remarkLength}个字`),
});
export const ZCommodityPageRequest = z.object({
  state: ZOrderState.optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export const ZCommodityPage = z.object({ list: z.array(ZManagedOrder), total: z.number() });

export const ZSandboxDecideRequest = z.object({
  outTradeNo: z.string().min(1).max(64),
  outcome: z.enum(['pay', 'fail']),
});
export const ZSandboxDecideResult = z.object({ returnUrl: z.string(), state: z.string() });

/** Alipay's notify as the spec places it: GET with the trade's fields in the query (sign and sign_type included). */
export const ZAlipayNotifyQuery = z.looseObject({
  out_trade_no: z.string().max(64).optional(),
  trade_no: z.string().max(64).optional(),
  trade_status: z.string().max(32).optional(),
  total_amount: z.string().max(32).optional(),
  sign: z.string().max(2_000).optional(),
  sign_type: z.string().max(16).optional(),
});

export const PAY_MESSAGES = {
  paid: '支付成功',
  started: '请在收银台完成支付',
} as const;

const buyer = <const N extends string>(path: N, summary: string) =>
  contract({ path: `${P}${path}`, summary, request: ZStartPayRequest, response: ZStartPayResult, auth: 'optional' });
const status = <const N extends string>(path: N, summary: string) =>
  contract({ path: `${P}${path}`, summary, request: ZBuyerRequest, response: ZOrderView, auth: 'optional' });
const manage = <const N extends string>(path: N, summary: string) =>
  contract({ path: `${C}${path}`, summary, request: ZOrderActionRequest, response: ZManagedOrder, auth: 'required' });

export const payCalls = {
  wxPay: buyer('wxPay', '微信支付（公众号 JSAPI / H5）'),
  wxTradePay: buyer('wxTradePay', '微信支付（手机浏览器 H5）'),
  wxTradePagePay: buyer('wxTradePagePay', '微信支付（电脑扫码 Native）'),
  aliTradePay: buyer('aliTradePay', '支付宝支付（电脑网站 / 手机网站）'),
  getOrderStatus: status('getOrderStatus', '订单支付状态'),
  getOrderState: status('getOrderState', '订单状态'),
  getWxPayStatus: status('getWxPayStatus', '微信支付状态'),
  sandboxDecide: contract({
    path: `${P}sandbox/decide`,
    summary: '沙箱收银台：确认支付或模拟失败',
    request: ZSandboxDecideRequest,
    response: ZSandboxDecideResult,
    auth: 'optional',
  }),
};

export const orderCalls = {
  getOrderList: contract({ path: `${C}getOrderList`, summary: '收款订单列表', request: ZOrderListRequest, response: ZOrderListResult, auth: 'required' }),
  shipOrder: manage('shipOrder', '订单发货'),
  collectOrder: manage('collectOrder', '订单已自提'),
  finishOrder: manage('finishOrder', '订单完成'),
  refundOrder: contract({ path: `${C}refundOrder`, summary: '订单退款', request: ZRefundRequest, response: ZManagedOrder, auth: 'required' }),
  saveOrderRemark: contract({ path: `${C}saveOrderRemark`, summary: '订单备注', request: ZRemarkRequest, response: ZManagedOrder, auth: 'required' }),
  getCommodityOrderPage: contract({
    path: 'recharge/getCommodityOrderPage',
    summary: '我的收款订单（全部项目）',
    request: ZCommodityPageRequest,
    response: ZCommodityPage,
    auth: 'required',
  }),
};

export const payFileRoutes = {
  alipayNotify: fileRoute({ path: `${P}alipay/notify`, summary: '支付宝异步通知', query: ZAlipayNotifyQuery, auth: 'optional', mediaType: 'text/plain' }),
};
