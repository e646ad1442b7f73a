import type { TMyOrders } from '../../../schemas/api/pay-statement';
import type { TOrderState } from '../../../schemas/order/order-states';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { closeDueOrders } from './order-close.service';
import { ORDER_SELECT, buyerView, type OrderWithProject } from './order-view.service';
import { col, defineSql } from '../../db/sql';

const myOrdersSql = defineSql(
  'my-orders.myOrders',
  { order_no: col.text },
  `SELECT order_no FROM orders WHERE user_id = $1 AND state = 'created' AND closes_at <= $2`,
);

const countMine = defineSql('my-orders.count', { n: col.int }, (state: string) => `SELECT count(*)::int AS n FROM orders o WHERE o.user_id = $1 ${state}`, [
  [''],
  ['AND o.state = $2'],
]);

/**
 * active/commodity/order/getMyOrders (我的订单, beside 我的填写): the orders the logged-in user made, newest first,
 * each as its buyer sees it. Only orders whose user is the caller: an order made without a login belongs to its
 * device and is reached from that device's result page, never listed for an account. Unpaid orders past their
 * window are closed first, so `payable` is true only while paying can still succeed.
 */
export async function myOrders(deps: Deps, user: AuthUser, body: { state?: TOrderState; page: number; pageSize: number }): Promise<TMyOrders> {
  const now = deps.now();
  const params: unknown[] = [user.id];
  const state = body.state ? 'AND o.state = $2' : '';
  if (body.state) params.push(body.state);
  const due = await myOrdersSql.run(deps.database.query, [user.id, now]);
  for (const { order_no } of due) await closeDueOrders(deps.database, deps.pay, now, { orderNo: order_no });
  const [counted] = await countMine.run(deps.database.query, params, state);
  const rows = await deps.database.query<OrderWithProject>(
    `${ORDER_SELECT} WHERE o.user_id = $1 ${state} ORDER BY o.created_at DESC, o.id DESC LIMIT ${body.pageSize} OFFSET ${(body.page - 1) * body.pageSize}`,
    params,
  );
  const list = [];
  for (const row of rows) {
    const view = await buyerView(deps.database.query, row, now);
    list.push({ ...view, payable: row.state === 'created' && new Date(row.closes_at).getTime() > now.getTime() });
  }
  return { list, total: counted!.n };
}
