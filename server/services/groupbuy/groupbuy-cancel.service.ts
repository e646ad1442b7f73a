import { GROUP_BUY_MESSAGES, type TGroupBuyManageOrder } from '../../../schemas/api/groupbuy';
import { ORDER_MESSAGES, orderMove, refusalOf, type TOrderState } from '../../../schemas/order/order-states';
import type { OrderStockTake } from '../../db/tables-orders';
import { conflict, notFound } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { giveStockBack } from '../pay/order-stock.service';
import { managedGroupBuy, readGroupBuy } from './groupbuy-project.service';
import { groupBuyOrders, manageOrder } from './groupbuy-orders.service';

/** created → closed, from the transition table. */
const CLOSE = orderMove('close');
/**
 * cancelGroupBuyOrder: the organiser cancels a placed (unpaid) order. One conditional UPDATE moves it from
 * 'created' to 'closed' and returns the stock it held, in the same transaction as the stock given back: two
 * cancels at once, or a cancel racing the closing sweep or a payment, give the stock back at most once (the
 * loser finds the order no longer 'created'). A paid order is refunded in the orders screen instead.
 */
export async function cancelGroupBuyOrder(deps: Deps, user: AuthUser | null, body: { questionId: string; orderNo: string }): Promise<TGroupBuyManageOrder> {
  const project = await managedGroupBuy(deps.database.query, user, body.questionId, 'edit');
  const now = deps.now();
  const cancelled = await deps.database.transaction(async (q) => {
    const [row] = await q<{ stock: OrderStockTake[] }>(
      `UPDATE orders SET state = $4, updated_at = $3 WHERE project_id = $1 AND order_no = $2 AND state = ANY($5::text[]) RETURNING stock`,
      [project.id, body.orderNo, now, CLOSE.to, CLOSE.from],
    );
    if (!row) return false;
    await giveStockBack(q, [{ projectId: project.id, stock: row.stock }]);
    return true;
  });
  const rows = await groupBuyOrders(deps.database.query, project.id);
  const order = rows.find((r) => r.order_no === body.orderNo);
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  if (!cancelled) {
    const state: TOrderState = order.state;
    if (state === 'closed') throw conflict(GROUP_BUY_MESSAGES.cancelled, { state });
    if (state === 'paid' || state === 'collected' || state === 'shipped' || state === 'done') throw conflict(GROUP_BUY_MESSAGES.cancelPaid, { state });
    throw conflict(refusalOf(state, 'close'), { state });
  }
  return manageOrder(order, (await readGroupBuy(deps.database.query, project.id)).shape);
}
