import type { TPickupNoticeResult } from '../../../schemas/api/groupbuy';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { recordNotice } from '../notices/notice-record.service';
import { sendNoticesNow } from '../notices/notice-send.service';
import { plainTitle } from '../report/report-subjects';
import { managedGroupBuy, readGroupBuy } from './groupbuy-project.service';
import { buyerParticipant, groupBuyOrders, itemsOf, manageOrder, pointOf, type GroupBuyOrderRow } from './groupbuy-orders.service';

/** 王小明，你在「周末水果团」的团购订单（赣南脐橙（10斤装） ×1）可以取货了，自提点：东门驿站。 */
export const pickupText = (name: string, title: string, items: string, point: string): string =>
  `${name ? `${name}，` : ''}你在「${plainTitle(title).slice(0, 30)}」的团购订单（${items.slice(0, 60)}）可以取货了${point ? `，自提点：${point}` : ''}。`;

/**
 * 通知取货 (issue 47 item 4): the organiser tells the paid orders — of one pick-up point, or all — that their goods
 * are ready. Each order is told once (its notice's key is the order number): a buyer of a 仅限微信授权参与 group-buy
 * by the chain's official account's template message, else by SMS to the phone the buyer left, else on the group-buy
 * page at their next visit; the texts go out after the notices commit. The order's state
 * does not move: 已自提 stays the organiser's mark once the goods are handed out.
 */
export async function noticePickup(deps: Deps, user: AuthUser | null, body: { questionId: string; point?: string }): Promise<TPickupNoticeResult> {
  const project = await managedGroupBuy(deps.database.query, user, body.questionId, 'edit');
  const now = deps.now();
  const result = await deps.database.transaction(async (query) => {
    const { shape } = await readGroupBuy(query, project.id);
    const due = (await groupBuyOrders(query, project.id)).filter((r) => r.state === 'paid' && (!body.point || pointOf(r, shape) === body.point));
    let notified = 0;
    for (const row of due) if ((await recordNotice(query, pickupNotice(row, manageOrder(row, shape), project), now)) !== null) notified += 1;
    return { notified, already: due.length - notified };
  });
  await sendNoticesNow(deps, result.notified > 0);
  return result;
}

function pickupNotice(row: GroupBuyOrderRow, order: { name: string; phone: string; point: string }, project: { id: number; title: string }) {
  return {
    projectId: project.id,
    kind: 'order_ready_for_pickup' as const,
    // The buyer as the group-buy page knows them: the WeChat user (told by the chain's account's template message),
    // else the login, else the page's device key.
    recipient: {
      participant: buyerParticipant(row),
      name: order.name,
      phone: /^1\d{10}$/.test(order.phone) ? order.phone : '',
      brand: '',
    },
    text: pickupText(order.name, project.title, itemsOf(row), order.point),
    onceKey: `order_ready_for_pickup:${row.order_no}`,
  };
}
