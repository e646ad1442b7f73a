import { z } from 'zod';
import { CARRIER_CODES, LOGISTICS_MESSAGES, TRACKING_NO } from '../logistics/carriers';
import { contract } from './contract';
import { ZShipping } from './logistics-models';
import { ZBuyerRequest, ZOrderNo, ZOrderState } from './pay';
import { ZQuestionId } from './question';

/**
 * Logistics (物流, issue 49 item 6; spec §7 "logistics" under activity/question/): the creator ships a paid order
 * with a carrier of the fixed list and a tracking number (and corrects them while it is 已发货), one by one or from
 * an Excel sheet (订单号, 快递公司, 快递单号) previewed first; the buyer reads them on their order page.
 * Specs (规格) are saved with their product subject (updateWxQuestionSubject); `spec/getSpecStock` reads each
 * spec's stock, sold and left for the creator.
 */
const L = 'activity/question/logistics/';

export const ZTrackingNo = z
  .string({ error: LOGISTICS_MESSAGES.trackingNo })
  .trim()
  .regex(TRACKING_NO, LOGISTICS_MESSAGES.trackingNo)
  .transform((s) => s.toUpperCase());
export const ZCarrier = z.enum(CARRIER_CODES, { error: LOGISTICS_MESSAGES.carrier });

export const ZShipRequest = z.object({ questionId: ZQuestionId, orderNo: ZOrderNo, carrier: ZCarrier, trackingNo: ZTrackingNo });
export const ZShipResult = z.object({ orderNo: z.string(), state: ZOrderState, shipping: ZShipping, corrected: z.boolean() });
export type TShipResult = z.infer<typeof ZShipResult>;

/** An .xlsx (base64, ≤ 2 MB) the server reads; `confirm` false previews, true ships the rows that pass. */
export const ZBatchShipRequest = z.object({
  questionId: ZQuestionId,
  xlsx: z.string({ error: '请上传Excel文件' }).min(1, '请上传Excel文件').max(2_800_000, '文件不能超过2MB'),
  confirm: z.boolean().default(false),
});
export const ZBatchShipRow = z.object({
  /** The sheet's row number (2 = the first row under the headers). */
  row: z.number(),
  orderNo: z.string(),
  carrier: z.string(),
  carrierName: z.string(),
  trackingNo: z.string(),
  /** ship: a paid order; correct: a shipped one whose carrier or number changes; null: refused (message says why). */
  action: z.enum(['ship', 'correct', 'same']).nullable(),
  message: z.string(),
});
export type TBatchShipRow = z.infer<typeof ZBatchShipRow>;
export const ZBatchShipResult = z.object({
  rows: z.array(ZBatchShipRow),
  /** Rows that pass (preview) or were shipped or corrected (confirm). */
  ok: z.number(),
  failed: z.number(),
  confirmed: z.boolean(),
});
export type TBatchShipResult = z.infer<typeof ZBatchShipResult>;

export const ZSpecStockRequest = z.object({ questionId: ZQuestionId });
export const ZSpecStock = z.object({
  subjectId: z.string(),
  productId: z.string(),
  specId: z.string(),
  title: z.string(),
  spec: z.string(),
  priceFen: z.number(),
  /** The stock the creator set (null: unlimited), the units held by placed and paid orders, what is left. */
  stock: z.number().nullable(),
  sold: z.number(),
  left: z.number().nullable(),
});
export const ZSpecStockResult = z.object({ list: z.array(ZSpecStock) });
export type TSpecStockResult = z.infer<typeof ZSpecStockResult>;

export const logisticsCalls = {
  shipOrder: contract({
    path: `${L}shipOrder`,
    summary: '物流：订单发货（快递公司与快递单号），已发货的可修改',
    request: ZShipRequest,
    response: ZShipResult,
    auth: 'required',
  }),
  batchShip: contract({
    path: `${L}batchShip`,
    summary: '物流：Excel 批量发货（先预览，逐行报告错误）',
    request: ZBatchShipRequest,
    response: ZBatchShipResult,
    auth: 'required',
  }),
  getLogistics: contract({
    path: `${L}getLogistics`,
    summary: '物流：买家查看订单的快递公司与单号',
    request: ZBuyerRequest,
    response: z.object({ orderNo: z.string(), state: ZOrderState, shipping: ZShipping.nullable() }),
    auth: 'optional',
  }),
  getSpecStock: contract({
    path: 'activity/question/spec/getSpecStock',
    summary: '规格：每个规格的库存、已售与剩余',
    request: ZSpecStockRequest,
    response: ZSpecStockResult,
    auth: 'required',
  }),
};
