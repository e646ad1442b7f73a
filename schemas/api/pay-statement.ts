import { z } from 'zod';
import { contract } from './contract';
import { ZExportJob } from './export-jobs';
import { ZOrderListRequest, ZOrderState, ZOrderView, ZUnmatchedReceipt } from './pay';
import { ZQuestionRef } from './question';

/**
 * The trade statement of a payment project (spec §7 "Reports: question/statement … trade statements"), the
 * buyer's own orders (我的订单, beside 我的填写) and the order exports through the export jobs (我的下载).
 * Every amount is integer fen, computed from the ledger.
 */
const C = 'active/commodity/order/';

export const ZTradeTotals = z.object({
  /** Sum of the payment rows of the ledger. */
  paidFen: z.number(),
  /** Sum of the refund rows (as a positive number). */
  refundedFen: z.number(),
  netFen: z.number(),
  /** Orders with a payment / with at least one refund / all orders made (paid or not). */
  paidOrders: z.number(),
  refundedOrders: z.number(),
  orders: z.number(),
});
export type TTradeTotals = z.infer<typeof ZTradeTotals>;

export const ZTradeProductRow = z.object({
  productId: z.string(),
  title: z.string(),
  spec: z.string(),
  quantity: z.number(),
  orders: z.number(),
  paidFen: z.number(),
  refundedFen: z.number(),
  netFen: z.number(),
});
export const ZTradeDayRow = z.object({
  /** YYYY-MM-DD in Asia/Shanghai. */
  day: z.string(),
  paidOrders: z.number(),
  paidFen: z.number(),
  refundedFen: z.number(),
  netFen: z.number(),
});
export const ZTradeStatement = z.object({
  totals: ZTradeTotals,
  byProduct: z.array(ZTradeProductRow),
  byDay: z.array(ZTradeDayRow),
  /** Late and double payments not refunded yet: not income (outside the totals), shown until settled. */
  unmatched: z.array(ZUnmatchedReceipt),
});
export type TTradeStatement = z.infer<typeof ZTradeStatement>;
export type TTradeProductRow = z.infer<typeof ZTradeProductRow>;
export type TTradeDayRow = z.infer<typeof ZTradeDayRow>;

/** A buyer's own order in 我的订单: the order as its buyer sees it, and whether it can still be paid. */
export const ZMyOrder = ZOrderView.extend({ payable: z.boolean() });
export type TMyOrder = z.infer<typeof ZMyOrder>;
export const ZMyOrdersRequest = z.object({
  state: ZOrderState.optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(50).default(10),
});
export const ZMyOrders = z.object({ list: z.array(ZMyOrder), total: z.number() });
export type TMyOrders = z.infer<typeof ZMyOrders>;

/** The orders export takes the filters of /online/list.html (without the paging). */
export const ZOrderExportRequest = ZOrderListRequest.omit({ page: true, pageSize: true });
export type TOrderExportRequest = z.infer<typeof ZOrderExportRequest>;
export const ZOrderExportFilter = ZOrderExportRequest.omit({ questionId: true });
export type TOrderExportFilter = z.infer<typeof ZOrderExportFilter>;

const queued = '已加入导出队列，可在“我的下载”查看进度';

export const payStatementCalls = {
  getTradeStatement: contract({
    path: 'question/statement/getTradeStatement',
    summary: '交易统计（收款、退款、净收入，按商品与按日）',
    request: ZQuestionRef,
    response: ZTradeStatement,
    auth: 'required',
  }),
  getMyOrders: contract({ path: `${C}getMyOrders`, summary: '我的订单（本人下的订单）', request: ZMyOrdersRequest, response: ZMyOrders, auth: 'required' }),
  exportOrders: contract({
    path: `${C}exportOrders`,
    summary: '导出订单（Excel，我的下载）',
    request: ZOrderExportRequest,
    response: ZExportJob,
    auth: 'required',
    okMessage: queued,
  }),
  exportReconciliation: contract({
    path: `${C}exportReconciliation`,
    summary: '导出对账单（支付渠道交易号、订单、退款与流水，Excel，我的下载）',
    request: ZQuestionRef,
    response: ZExportJob,
    auth: 'required',
    okMessage: queued,
  }),
};
