import { z } from 'zod';
import { ORDER_STATES } from '../order/order-states';
import { contract } from './contract';
import { ZExportJob } from './export-jobs';
import { ZQuestionId } from './question';
import { ZShipping } from './logistics-models';
import { ZWechatAuthSetting, ZWechatTokenField } from './component';

/**
 * Group-buy chains (团购接龙, solitaireType 2, issue 20 item 3): `activity/question/solitaire/<name>` as the other
 * 接龙 kinds (docs/decisions.md). The products are the project's product subject (type 34: spec, price in fen,
 * stock, per-person limit), the pick-up points the options of its 自提点 choice (an option named 送货上门/快递
 * asks an address); an order is placed through the ordinary submit (active/write/submit), which takes the stock
 * and makes the order in one transaction, and paid with the pay step. These calls are the live page and the
 * organiser's list, summary, cancel and export.
 */
const S = 'activity/question/solitaire/';

const ZDeviceId = z
  .string()
  .min(8, '设备编号无效')
  .max(64, '设备编号无效')
  .regex(/^[\w-]+$/, '设备编号无效');
const ZOrderNo = z.string({ error: '缺少订单号' }).regex(/^\d{20}$/, '订单号无效');
export const ZGroupBuyOrderState = z.enum(ORDER_STATES);

/** One product (one spec of it) as the page sells it: `stock` is what is left (null: unlimited). */
export const ZGroupBuyProduct = z.object({
  subjectId: z.string(),
  productId: z.string(),
  /** The spec row (规格) this entry sells; a line of the order names it (the product's own id for a one-spec product). */
  specId: z.string(),
  title: z.string(),
  spec: z.string(),
  priceFen: z.number(),
  stock: z.number().nullable(),
  maxPerPerson: z.number().nullable(),
  image: z.string(),
});
export type TGroupBuyProduct = z.infer<typeof ZGroupBuyProduct>;

/** A pick-up point, or the delivery option (`delivery`: the buyer gives an address). */
export const ZGroupBuyPoint = z.object({ id: z.string(), title: z.string(), delivery: z.boolean() });
export type TGroupBuyPoint = z.infer<typeof ZGroupBuyPoint>;

/** The subjects the page fills in: the order goes through the submit with answers under these uuids. */
export const ZGroupBuyShape = z.object({
  nameSubjectId: z.string().nullable(),
  phoneSubjectId: z.string().nullable(),
  pickupSubjectId: z.string().nullable(),
  /** A fill-in (single-line or multi-line text) titled 地址, or a region subject (type 4). */
  addressSubjectId: z.string().nullable(),
  /** The address subject's levels when it is a region subject (the page shows the province → city → district picker). */
  addressRegion: z.object({ level: z.enum(['province', 'city', 'district']), detail: z.enum(['none', 'optional', 'required']) }).nullable(),
  /** The address subject must be answered whatever the pick-up point (the page asks it of every buyer). */
  addressRequired: z.boolean(),
  points: z.array(ZGroupBuyPoint),
  /** Other required subjects the page does not ask: the project needs the editor's sheet (setup note). */
  unsupported: z.array(z.string()),
});
export type TGroupBuyShape = z.infer<typeof ZGroupBuyShape>;

/** One order as the public list shows it: numbered in order of placing, the name masked. */
export const ZGroupBuyListOrder = z.object({
  seq: z.number(),
  name: z.string(),
  items: z.string(),
  units: z.number(),
  state: ZGroupBuyOrderState,
  time: z.string(),
});
export type TGroupBuyListOrder = z.infer<typeof ZGroupBuyListOrder>;

export const ZGroupBuyView = z.object({
  questionId: z.string(),
  title: z.string(),
  description: z.string(),
  /** 1 collecting; 0 not published or paused. */
  status: z.number(),
  deadline: z.string().nullable(),
  products: z.array(ZGroupBuyProduct),
  shape: ZGroupBuyShape,
  /** Live orders (not closed or refunded), in number order. */
  orders: z.array(ZGroupBuyListOrder),
  /** The caller's own orders (by login or device): order number, state, amount, numbers of its list row. */
  mine: z.array(
    z.object({
      orderNo: z.string(),
      seq: z.number(),
      state: ZGroupBuyOrderState,
      amountFen: z.number(),
      items: z.string(),
      /** 物流: 顺丰速运 SF1234567890 once shipped, else ''. */
      shipping: z.string(),
    }),
  ),
  lastEventId: z.number(),
  serverTime: z.string(),
  /** 仅限微信授权参与 (issue 47 item 1): the owner's official account buyers authorise through, null when off. */
  wechatAuthId: z.number().nullable(),
});
export type TGroupBuyView = z.infer<typeof ZGroupBuyView>;

export const ZGroupBuyManageOrder = z.object({
  seq: z.number(),
  orderNo: z.string(),
  name: z.string(),
  phone: z.string(),
  point: z.string(),
  address: z.string(),
  lines: z.array(z.object({ productId: z.string(), title: z.string(), spec: z.string(), quantity: z.number(), amountFen: z.number() })),
  amountFen: z.number(),
  state: ZGroupBuyOrderState,
  createdAt: z.string(),
  /** Carrier and tracking number once shipped (发货, logistics/shipOrder), else null. */
  shipping: ZShipping.nullable(),
});
export type TGroupBuyManageOrder = z.infer<typeof ZGroupBuyManageOrder>;

/**
 * What to buy: each product (spec) with the units of the orders that count (placed, paid, collected: not
 * closed or refunded), split per pick-up point in `points` order (delivery is a column too; '未选' last when any).
 */
export const ZGroupBuySummary = z.object({
  points: z.array(z.string()),
  rows: z.array(z.object({ productId: z.string(), title: z.string(), spec: z.string(), total: z.number(), byPoint: z.array(z.number()) })),
  totals: z.object({ placed: z.number(), paid: z.number(), collected: z.number(), cancelled: z.number(), paidFen: z.number() }),
});
export type TGroupBuySummary = z.infer<typeof ZGroupBuySummary>;

export const ZGroupBuyManageView = z.object({
  questionId: z.string(),
  title: z.string(),
  status: z.number(),
  deadline: z.string().nullable(),
  products: z.array(ZGroupBuyProduct),
  shape: ZGroupBuyShape,
  orders: z.array(ZGroupBuyManageOrder),
  summary: ZGroupBuySummary,
  powerType: z.number(),
  lastEventId: z.number(),
  /** 仅限微信授权参与: the owner's official account, null when off. */
  wechatAuthId: z.number().nullable(),
});
export type TGroupBuyManageView = z.infer<typeof ZGroupBuyManageView>;

export const ZGetGroupBuyRequest = z.object({ questionId: ZQuestionId, deviceId: ZDeviceId.optional(), wechatToken: ZWechatTokenField });
/** saveGroupBuySetting: 仅限微信授权参与 — one of the owner's authorised official accounts, or null for off. */
export const ZGroupBuySettingRequest = z.object({ questionId: ZQuestionId, wechatAuthId: ZWechatAuthSetting });
export const ZGroupBuyManageRequest = z.object({ questionId: ZQuestionId });
export const ZGroupBuyOrderRequest = z.object({ questionId: ZQuestionId, orderNo: ZOrderNo });

/** 通知取货: the paid orders (of one pick-up point, or all) are told their goods can be picked up (issue 47 item 4). */
export const ZPickupNoticeRequest = z.object({ questionId: ZQuestionId, point: z.string().trim().max(100, '自提点名称过长').optional() });
/** `notified`: orders told now; `already`: orders told before (each order is told once). */
export const ZPickupNoticeResult = z.object({ notified: z.number(), already: z.number() });
export type TPickupNoticeResult = z.infer<typeof ZPickupNoticeResult>;

export const GROUP_BUY_MESSAGES = {
  notGroupBuy: '该项目不是团购接龙',
  cancelPaid: '已支付的订单请先退款，退款后库存不会自动恢复',
  cancelled: '订单已取消',
  wechatRequired: '本团购仅限微信授权参与，请在微信中打开本页',
} as const;

export const groupBuyCalls = {
  getGroupBuy: contract({
    path: `${S}getGroupBuy`,
    summary: '团购接龙：商品、库存与订单列表',
    request: ZGetGroupBuyRequest,
    response: ZGroupBuyView,
    auth: 'optional',
  }),
  getGroupBuyManage: contract({
    path: `${S}getGroupBuyManage`,
    summary: '团购接龙：订单管理与备货汇总',
    request: ZGroupBuyManageRequest,
    response: ZGroupBuyManageView,
    auth: 'required',
  }),
  cancelGroupBuyOrder: contract({
    path: `${S}cancelGroupBuyOrder`,
    summary: '团购接龙：取消未支付的订单（库存退回）',
    request: ZGroupBuyOrderRequest,
    response: ZGroupBuyManageOrder,
    auth: 'required',
    okMessage: '订单已取消，库存已退回',
  }),
  noticeGroupBuyPickup: contract({
    path: `${S}noticeGroupBuyPickup`,
    summary: '团购接龙：通知已支付的买家取货（短信或页面提示）',
    request: ZPickupNoticeRequest,
    response: ZPickupNoticeResult,
    auth: 'required',
  }),
  saveGroupBuySetting: contract({
    path: `${S}saveGroupBuySetting`,
    summary: '团购接龙：仅限微信授权参与的设置',
    request: ZGroupBuySettingRequest,
    response: z.object({ wechatAuthId: z.number().nullable() }),
    auth: 'required',
    okMessage: '设置已保存',
  }),
  exportGroupBuyOrders: contract({
    path: `${S}exportGroupBuyOrders`,
    summary: '团购接龙：导出订单（Excel，我的下载）',
    request: ZGroupBuyManageRequest,
    response: ZExportJob,
    auth: 'required',
    okMessage: '已加入导出队列，可在“我的下载”查看进度',
  }),
};
