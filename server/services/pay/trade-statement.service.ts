import type { TTradeStatement } from '../../../schemas/api/pay-statement';
import type { Query } from '../../db/client';
import { publicReceipt, receiptViews } from './unmatched-receipts.service';
import { col, defineSql } from '../../db/sql';

/** Days of the statement in the project's zone (orders are shown in Asia/Shanghai). */
const DAY = `to_char(lg.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`;

const tradeStatementSql = defineSql(
  'trade-statement.tradeStatement',
  { paid: col.bigint, refunded: col.bigint, paid_orders: col.bigint, refunded_orders: col.bigint, orders: col.bigint },
  `SELECT coalesce(sum(amount_fen) FILTER (WHERE kind = 'payment'), 0) AS paid,
            coalesce(-sum(amount_fen) FILTER (WHERE kind = 'refund'), 0) AS refunded,
            count(DISTINCT order_id) FILTER (WHERE kind = 'payment') AS paid_orders,
            count(DISTINCT order_id) FILTER (WHERE kind = 'refund') AS refunded_orders,
            (SELECT count(*) FROM orders WHERE project_id = $1) AS orders
     FROM ledger WHERE project_id = $1`,
);
const tradeStatementSql2 = defineSql(
  'trade-statement.tradeStatement2',
  { product_id: col.text, title: col.text, spec: col.text, quantity: col.bigint, orders: col.bigint, paid: col.bigint, refunded: col.numeric },
  `WITH paid AS (
       SELECT l.product_id, l.id AS line_id, l.order_id, l.quantity, l.amount_fen
       FROM ledger lg JOIN order_lines l ON l.order_id = lg.order_id
       WHERE lg.project_id = $1 AND lg.kind = 'payment'
     ), shares AS (
       SELECT l.product_id, -lg.amount_fen AS total,
              (-lg.amount_fen)::bigint * l.amount_fen / o.amount_fen AS share,
              row_number() OVER (PARTITION BY lg.id ORDER BY l.id) AS rn,
              sum((-lg.amount_fen)::bigint * l.amount_fen / o.amount_fen) OVER (PARTITION BY lg.id) AS shared
       FROM ledger lg JOIN orders o ON o.id = lg.order_id JOIN order_lines l ON l.order_id = o.id
       WHERE lg.project_id = $1 AND lg.kind = 'refund'
     ), refunded AS (
       SELECT product_id, sum(share + CASE WHEN rn = 1 THEN total - shared ELSE 0 END) AS refunded FROM shares GROUP BY product_id
     ), sold AS (
       SELECT product_id, sum(quantity) AS quantity, count(DISTINCT order_id) AS orders, sum(amount_fen) AS paid FROM paid GROUP BY product_id
     ), names AS (
       SELECT l.product_id, min(l.title) AS title, min(l.spec) AS spec
       FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.project_id = $1 GROUP BY l.product_id
     )
     SELECT s.product_id, n.title, n.spec, s.quantity, s.orders, s.paid, coalesce(r.refunded, 0) AS refunded
     FROM sold s JOIN names n ON n.product_id = s.product_id LEFT JOIN refunded r ON r.product_id = s.product_id
     ORDER BY s.paid DESC, n.title, s.product_id`,
);

const tradeStatementSql3 = defineSql(
  'trade-statement.tradeStatement3',
  { day: col.text, paid_orders: col.bigint, paid: col.bigint, refunded: col.bigint },
  `SELECT ${DAY} AS day,
            count(DISTINCT order_id) FILTER (WHERE kind = 'payment') AS paid_orders,
            coalesce(sum(amount_fen) FILTER (WHERE kind = 'payment'), 0) AS paid,
            coalesce(-sum(amount_fen) FILTER (WHERE kind = 'refund'), 0) AS refunded
     FROM ledger lg WHERE lg.project_id = $1 GROUP BY 1 ORDER BY 1`,
);

/**
 * question/statement/getTradeStatement: what a payment project took in, from the ledger (every change of money
 * is one row there: payment +, refund −), summed in SQL. By product, an order's payment counts as its lines'
 * amounts; a refund is shared over the order's lines in proportion to their amounts (rounded down, the rest of
 * the fen on the order's first line), so the products always add up to the totals.
 */
export async function tradeStatement(query: Query, projectId: number): Promise<TTradeStatement> {
  const [totals] = await tradeStatementSql.run(query, [projectId]);
  const products = await tradeStatementSql2.run(query, [projectId]);
  const days = await tradeStatementSql3.run(query, [projectId]);
  const paid = Number(totals!.paid);
  const refunded = Number(totals!.refunded);
  // Late and double payments are not income: outside the totals, listed until their refunds succeed.
  const unmatched = (await receiptViews(query, { projectId, open: true })).map(publicReceipt);
  return {
    unmatched,
    totals: {
      paidFen: paid,
      refundedFen: refunded,
      netFen: paid - refunded,
      paidOrders: Number(totals!.paid_orders),
      refundedOrders: Number(totals!.refunded_orders),
      orders: Number(totals!.orders),
    },
    byProduct: products.map((p) => ({
      productId: p.product_id,
      title: p.title,
      spec: p.spec,
      quantity: Number(p.quantity),
      orders: Number(p.orders),
      paidFen: Number(p.paid),
      refundedFen: Number(p.refunded),
      netFen: Number(p.paid) - Number(p.refunded),
    })),
    byDay: days.map((d) => ({
      day: d.day,
      paidOrders: Number(d.paid_orders),
      paidFen: Number(d.paid),
      refundedFen: Number(d.refunded),
      netFen: Number(d.paid) - Number(d.refunded),
    })),
  };
}
