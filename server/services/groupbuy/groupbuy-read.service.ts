import type { TGroupBuyManageView, TGroupBuyView } from '../../../schemas/api/groupbuy';
import type { AuthUser } from '../access/sessions.service';
import { carrierName } from '../../../schemas/logistics/carriers';
import { lastEventId } from '../chain/chain-events.service';
import type { Deps } from '../deps';
import { closeDueOrders } from '../pay/order-close.service';
import { managedGroupBuy, productsOf, publicGroupBuy, readGroupBuy, soldOf } from './groupbuy-project.service';
import { LIVE_STATES, groupBuyOrders, itemsOf, listOrder, manageOrder, summaryOf, type GroupBuyOrderRow } from './groupbuy-orders.service';
import { chainViewer, solitaireWechat, type ChainCaller, type WechatChain } from '../chain/chain-wechat.service';

/**
 * The caller's own orders: on a 仅限微信授权参与 group-buy those of their WeChat identity (every browser of theirs;
 * none without a valid token), else those of their login or of this page's device key.
 */
function mineOf(deps: Deps, wechat: WechatChain, user: AuthUser | null, caller: ChainCaller, rows: GroupBuyOrderRow[]): GroupBuyOrderRow[] {
  if (wechat.wechat_appid) {
    const me = chainViewer(deps, wechat, user, caller);
    return me ? rows.filter((r) => r.participant === me) : [];
  }
  const { deviceId } = caller;
  return rows.filter((r) => (user ? r.user_id === user.id : false) || (deviceId !== undefined && r.device_id === deviceId));
}

/** 顺丰速运 SF1234567890 once the order is shipped, else ''. */
const shippedText = (r: GroupBuyOrderRow) => (r.carrier && r.tracking_no ? `${carrierName(r.carrier)} ${r.tracking_no}` : '');

/**
 * getGroupBuy: the public page — products with what is left, the pick-up points, the numbered list of live
 * orders (names masked) and the caller's own orders. Unpaid orders past their window are closed first, so the
 * stock shown is what can be bought. The event position is read first: an order placed meanwhile is replayed.
 */
export async function getGroupBuy(deps: Deps, user: AuthUser | null, questionId: string, caller: ChainCaller): Promise<TGroupBuyView> {
  const { query } = deps.database;
  const project = await publicGroupBuy(query, questionId);
  await closeDueOrders(deps.database, deps.pay, deps.now(), { projectId: project.id });
  const last = await lastEventId(query, project.id);
  const [gb, sold, rows] = await Promise.all([readGroupBuy(query, project.id), soldOf(query, project.id), groupBuyOrders(query, project.id)]);
  const wechat = await solitaireWechat(query, project.id);
  const mine = mineOf(deps, wechat, user, caller, rows);
  return {
    questionId: project.public_id,
    title: project.title,
    description: gb.description,
    status: project.status,
    deadline: gb.deadline,
    products: productsOf(gb, sold),
    shape: gb.shape,
    orders: rows.filter((r) => LIVE_STATES.includes(r.state)).map((r) => listOrder(r, gb.shape)),
    mine: mine.map((r) => ({ orderNo: r.order_no, seq: r.seq, state: r.state, amountFen: r.amount_fen, items: itemsOf(r), shipping: shippedText(r) })),
    lastEventId: last,
    serverTime: deps.now().toISOString(),
    wechatAuthId: wechat.wechat_auth_id,
  };
}

/** getGroupBuyManage: every order with the buyer's name, phone, point and address, and the summary of what to buy. */
export async function getGroupBuyManage(deps: Deps, user: AuthUser | null, questionId: string): Promise<TGroupBuyManageView> {
  const { query } = deps.database;
  const project = await managedGroupBuy(query, user, questionId, 'read');
  await closeDueOrders(deps.database, deps.pay, deps.now(), { projectId: project.id });
  const last = await lastEventId(query, project.id);
  const [gb, sold, rows] = await Promise.all([readGroupBuy(query, project.id), soldOf(query, project.id), groupBuyOrders(query, project.id)]);
  return {
    questionId: project.public_id,
    title: project.title,
    status: project.status,
    deadline: gb.deadline,
    products: productsOf(gb, sold),
    shape: gb.shape,
    orders: [...rows].reverse().map((r) => manageOrder(r, gb.shape)),
    summary: summaryOf(rows, gb.shape),
    powerType: project.powerType,
    lastEventId: last,
    wechatAuthId: (await solitaireWechat(query, project.id)).wechat_auth_id,
  };
}
