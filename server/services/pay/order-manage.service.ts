import { randomBytes } from 'node:crypto';
import type { TManagedOrder, TOrderListRequest, TOrderListResult } from '../../../schemas/api/pay';
import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';
import { ORDER_MESSAGES, nextOrderState, orderMove, refusalOf, statesAllowing, type TOrderAction, type TOrderState } from '../../../schemas/order/order-states';
import type { TProductSubject } from '../../../schemas/subjects/types/product';
import { badInput, conflict, notFound } from '../errors';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { closeDueOrders } from './order-close.service';
import { orderFilterSql } from './order-filter';
import { followUpRefunds } from './refund-follow.service';
import { followUpReceipts, publicReceipt, receiptViews } from './unmatched-receipts.service';
import { settleRefund } from './refund-settle.service';
import { ORDER_SELECT, managedViews, type OrderWithProject } from './order-view.service';
import { col, defineSql } from '../../db/sql';

/** The creator's project for an order call: reading needs a power to see answers, changing needs edit power. */
async function managed(deps: Deps, user: AuthUser | null, questionId: string, need: 'report' | 'edit') {
  const access = await accessProject(deps.database.query, user, questionId, need);
  await closeDueOrders(deps.database, deps.pay, deps.now(), { projectId: access.project.id });
  return access;
}

const listOrdersSql = defineSql(
  'order-manage.listOrders',
  { orders: col.int, paid: col.int, refunded: col.int },
  `SELECT count(*) FILTER (WHERE kind = 'payment')::int AS orders, coalesce(sum(amount_fen) FILTER (WHERE kind = 'payment'), 0)::int AS paid,
            coalesce(-sum(amount_fen) FILTER (WHERE kind = 'refund'), 0)::int AS refunded
     FROM ledger WHERE project_id = $1`,
);
const listOrdersSql2 = defineSql(
  'order-manage.listOrders2',
  { config: col.json.as<TProductSubject>() },
  'SELECT config FROM subjects WHERE project_id = $1 AND deleted_at IS NULL AND subject_type = $2 ORDER BY index_sort, id',
);

const countOrders = defineSql('order-manage.count', { n: col.int }, (filter: string) => `SELECT count(*)::int AS n FROM orders o WHERE ${filter}`, [
  ['o.project_id = $1'],
]);

/** active/commodity/order/getOrderList: a project's orders, filtered by state, product, days and keyword. */
export async function listOrders(deps: Deps, user: AuthUser | null, body: TOrderListRequest & { page: number; pageSize: number }): Promise<TOrderListResult> {
  const { project, powerType } = await managed(deps, user, body.questionId, 'report');
  // A refund still processing is asked about again when its orders are looked at (and by the sweep), and so is
  // the refund of a late or double payment.
  await followUpRefunds(deps, { projectId: project.id });
  await followUpReceipts(deps, { projectId: project.id });
  const { where: filter, params } = orderFilterSql(project.id, body);
  const [counted] = await countOrders.run(deps.database.query, params, filter);
  const rows = await deps.database.query<OrderWithProject>(
    `${ORDER_SELECT} WHERE ${filter} ORDER BY o.created_at DESC, o.id DESC LIMIT ${body.pageSize} OFFSET ${(body.page - 1) * body.pageSize}`,
    params,
  );
  const [sums] = await listOrdersSql.run(deps.database.query, [project.id]);
  const subjects = await listOrdersSql2.run(deps.database.query, [project.id, SUBJECT_TYPE.product]);
  return {
    list: await managedViews(deps.database.query, rows, deps.now()),
    total: counted!.n,
    unmatched: (await receiptViews(deps.database.query, { projectId: project.id, open: true })).map(publicReceipt),
    summary: { orders: sums!.orders, paidFen: sums!.paid, refundedFen: sums!.refunded, netFen: sums!.paid - sums!.refunded },
    products: subjects.flatMap((s) => s.config.products.map((p) => ({ productId: p.uuid, title: p.spec ? `${p.title}（${p.spec}）` : p.title }))),
    powerType: powerType ?? 0,
  };
}

async function projectOrder(deps: Deps, projectId: number, orderNo: string): Promise<OrderWithProject> {
  const [order] = await deps.database.query<OrderWithProject>(`${ORDER_SELECT} WHERE o.project_id = $1 AND o.order_no = $2`, [projectId, orderNo]);
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  return order;
}

async function managedView(deps: Deps, orderId: number): Promise<TManagedOrder> {
  const rows = await deps.database.query<OrderWithProject>(`${ORDER_SELECT} WHERE o.id = $1`, [orderId]);
  return (await managedViews(deps.database.query, rows, deps.now()))[0]!;
}

const moveOrderSql = defineSql(
  'order-manage.moveOrder',
  { id: col.int },
  `UPDATE orders SET state = $3, updated_at = $4 WHERE id = $1 AND state = ANY($2::text[]) RETURNING id`,
);
const moveOrderSql2 = defineSql('order-manage.moveOrder2', { state: col.text.as<TOrderState>() }, 'SELECT state FROM orders WHERE id = $1');

/**
 * shipOrder / collectOrder / finishOrder: one conditional UPDATE from the states the transition table allows;
 * a refusal names why in the order's own state (未支付的订单不能发货).
 */
export async function moveOrder(
  deps: Deps,
  user: AuthUser | null,
  body: { questionId: string; orderNo: string },
  action: TOrderAction,
): Promise<TManagedOrder> {
  const { project } = await managed(deps, user, body.questionId, 'edit');
  const order = await projectOrder(deps, project.id, body.orderNo);
  const target = nextOrderState(order.state, action);
  const moved = target && target !== 'back' ? await moveOrderSql.run(deps.database.query, [order.id, statesAllowing(action), target, deps.now()]) : [];
  if (!moved.length) {
    const [now] = await moveOrderSql2.run(deps.database.query, [order.id]);
    throw conflict(refusalOf(now!.state, action), { state: now!.state });
  }
  return managedView(deps, order.id);
}

/** saveOrderRemark: the creator's own note on an order (any state). */
export async function remarkOrder(deps: Deps, user: AuthUser | null, body: { questionId: string; orderNo: string; remark: string }): Promise<TManagedOrder> {
  const { project } = await managed(deps, user, body.questionId, 'edit');
  const order = await projectOrder(deps, project.id, body.orderNo);
  await deps.database.query('UPDATE orders SET remark = $2, updated_at = $3 WHERE id = $1', [order.id, body.remark, deps.now()]);
  return managedView(deps, order.id);
}

const refundOrderSql = defineSql(
  'order-manage.refundOrder',
  { state: col.text.as<TOrderState>(), amount_fen: col.int, refunded_fen: col.int },
  'SELECT state, amount_fen, refunded_fen FROM orders WHERE id = $1',
);

/**
 * refundOrder: the amount is reserved first with one conditional UPDATE (refunded + amount ≤ paid, from a
 * refundable state, the order moves to refunding), so two refunds at once never exceed what was paid; then the
 * provider refunds. Its success writes the ledger (−amount) and ends in refunded when nothing is left, else back
 * in the state the order left; a refusal gives the reservation back. "processing" stays refunding.
 */
export async function refundOrder(
  deps: Deps,
  user: AuthUser | null,
  body: { questionId: string; orderNo: string; amountFen: number; reason: string },
): Promise<TManagedOrder> {
  const { project } = await managed(deps, user, body.questionId, 'edit');
  const order = await projectOrder(deps, project.id, body.orderNo);
  const now = deps.now();
  const outRefundNo = `R${order.order_no}${randomBytes(3).toString('hex')}`;
  const reserved = await deps.database.transaction(async (q) => {
    const [row] = await q<{ amount_fen: number; refunded_fen: number; state_before_refund: TOrderState }>(
      `UPDATE orders SET refunded_fen = refunded_fen + $3, state_before_refund = state, state = $5, updated_at = $4
       WHERE id = $1 AND state = ANY($2::text[]) AND refunded_fen + $3 <= amount_fen
       RETURNING amount_fen, refunded_fen, state_before_refund`,
      [order.id, REFUND.from, body.amountFen, now, REFUND.to],
    );
    if (row)
      await q(
        `INSERT INTO order_refunds (order_id, out_refund_no, amount_fen, reason, state, created_by, created_at) VALUES ($1, $2, $3, $4, 'processing', $5, $6)`,
        [order.id, outRefundNo, body.amountFen, body.reason, user?.id ?? null, now],
      );
    return row ?? null;
  });
  if (!reserved) {
    const [current] = await refundOrderSql.run(deps.database.query, [order.id]);
    if (statesAllowing('refund').includes(current!.state))
      throw badInput(`${ORDER_MESSAGES.refundTooMuch}（最多可退 ${yuan(current!.amount_fen - current!.refunded_fen)} 元）`);
    throw conflict(refusalOf(current!.state, 'refund'), { state: current!.state });
  }
  const provider = order.provider ? deps.pay.byName(order.provider) : null;
  const answer = provider
    ? await provider
        .refund({ outTradeNo: order.out_trade_no!, outRefundNo, refundFen: body.amountFen, totalFen: reserved.amount_fen, reason: body.reason })
        .catch(() => ({ state: 'failed' as const, refundId: undefined }))
    : { state: 'failed' as const, refundId: undefined };
  if (answer.state !== 'processing')
    await settleRefund(deps, order.id, outRefundNo, answer.state === 'success', answer.refundId ?? outRefundNo, order.provider ?? '');
  const view = await managedView(deps, order.id);
  if (answer.state === 'failed') throw conflict('退款失败：支付渠道拒绝了这笔退款，请稍后再试');
  return view;
}

/** paid, shipped, collected or done → refunding, from the transition table. */
const REFUND = orderMove('refund');

const yuan = (fen: number) => (fen / 100).toFixed(2);

const countOwned = defineSql(
  'order-manage.countOwned',
  { n: col.int },
  (state: string) => `SELECT count(*)::int AS n FROM orders o JOIN projects p ON p.id = o.project_id WHERE p.owner_id = $1 AND p.deleted_at IS NULL ${state}`,
  [[''], ['AND o.state = $2']],
);

/** recharge/getCommodityOrderPage: the orders of every project the caller owns, newest first. */
export async function commodityOrderPage(deps: Deps, user: AuthUser, body: { state?: TOrderState; page: number; pageSize: number }) {
  await closeDueOrders(deps.database, deps.pay, deps.now());
  const params: unknown[] = [user.id];
  const state = body.state ? 'AND o.state = $2' : '';
  if (body.state) params.push(body.state);
  const [counted] = await countOwned.run(deps.database.query, params, state);
  const rows = await deps.database.query<OrderWithProject>(
    `${ORDER_SELECT} WHERE p.owner_id = $1 AND p.deleted_at IS NULL ${state} ORDER BY o.created_at DESC, o.id DESC LIMIT ${body.pageSize} OFFSET ${(body.page - 1) * body.pageSize}`,
    params,
  );
  return { list: await managedViews(deps.database.query, rows, deps.now()), total: counted!.n };
}
