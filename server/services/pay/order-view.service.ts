import type { TManagedOrder, TOrderView } from '../../../schemas/api/pay';
import type { Query } from '../../db/client';
import type { OrderLineRow, OrderRefundRow, OrderRow } from '../../db/rows';
import { publicReceipt, receiptViews } from './unmatched-receipts.service';
import { shippingOf } from './shipping-view';

export type OrderWithProject = OrderRow & { question_id: string; title: string };

/** An order with its project's public id and title: `SELECT … FROM orders o JOIN projects p`. */
export const ORDER_SELECT = 'SELECT o.*, p.public_id AS question_id, p.title FROM orders o JOIN projects p ON p.id = o.project_id';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

async function linesOf(query: Query, ids: number[]): Promise<Map<number, OrderLineRow[]>> {
  const rows = ids.length ? await query<OrderLineRow>('SELECT * FROM order_lines WHERE order_id = ANY($1::int[]) ORDER BY id', [ids]) : [];
  const out = new Map<number, OrderLineRow[]>();
  for (const row of rows) out.set(row.order_id, [...(out.get(row.order_id) ?? []), row]);
  return out;
}

function viewOf(order: OrderWithProject, lines: OrderLineRow[], now: Date): TOrderView {
  return {
    orderNo: order.order_no,
    questionId: order.question_id,
    title: order.title,
    state: order.state,
    amountFen: order.amount_fen,
    refundedFen: order.refunded_fen,
    lines: lines.map((l) => ({ productId: l.product_id, title: l.title, spec: l.spec, priceFen: l.price_fen, quantity: l.quantity, amountFen: l.amount_fen })),
    contact: order.contact,
    provider: order.provider,
    createdAt: iso(order.created_at)!,
    closesAt: iso(order.closes_at)!,
    paidAt: iso(order.paid_at),
    shipping: shippingOf(order),
    serverTime: now.toISOString(),
  };
}

export async function buyerView(query: Query, order: OrderWithProject, now: Date): Promise<TOrderView> {
  return viewOf(order, (await linesOf(query, [order.id])).get(order.id) ?? [], now);
}

/** The creator's rows: each with its lines, refunds and unmatched receipts, read in three statements for the page. */
export async function managedViews(query: Query, orders: OrderWithProject[], now: Date): Promise<TManagedOrder[]> {
  const ids = orders.map((o) => o.id);
  const lines = await linesOf(query, ids);
  const refunds = ids.length ? await query<OrderRefundRow>('SELECT * FROM order_refunds WHERE order_id = ANY($1::int[]) ORDER BY id', [ids]) : [];
  const receipts = await receiptViews(query, { orderIds: ids });
  return orders.map((o) => ({
    ...viewOf(o, lines.get(o.id) ?? [], now),
    buyer: o.user_id ? `用户 ${o.user_id}` : `访客 ${o.device_id.slice(0, 8)}`,
    transactionId: o.transaction_id,
    remark: o.remark,
    refunds: refunds
      .filter((r) => r.order_id === o.id)
      .map((r) => ({ amountFen: r.amount_fen, reason: r.reason, state: r.state, createdAt: iso(r.created_at)! })),
    receipts: receipts.filter((r) => r.orderId === o.id).map(publicReceipt),
  }));
}
