import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TOrderState } from '../../schemas/order/order-states';
import { answerSheets, projects, users } from './tables';

/** A field copied from the sheet onto the order (contact, phone, address, pick-up point). */
export interface OrderContactField {
  label: string;
  value: string;
}
/** The stock an order took, given back when it closes unpaid (`respondent_counters` kind 'stock'). */
export interface OrderStockTake {
  key: string;
  take: number;
}

/**
 * Orders of payment projects (migration 0036): the order, its lines, its refunds, the ledger of every change of
 * money, and the sandbox provider's own trades. Money is integer fen.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** The number people see and quote (also the first payment attempt's out_trade_no). */
    orderNo: text('order_no').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sheetId: integer('sheet_id').references(() => answerSheets.id, { onDelete: 'set null' }),
    /** The buyer as the submit knew them: the login when there was one, always the page's device key. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    deviceId: text('device_id').notNull(),
    /** Migration 0070: on a 仅限微信授权参与 group-buy, the buyer as `w:<openid>` of its official account (their orders, notices). */
    participant: text('participant'),
    amountFen: integer('amount_fen').notNull(),
    refundedFen: integer('refunded_fen').notNull().default(0),
    state: text('state').$type<TOrderState>().notNull().default('created'),
    /** Where a refund returns to when it ends short of the amount or fails. */
    stateBeforeRefund: text('state_before_refund').$type<TOrderState>(),
    provider: text('provider'),
    outTradeNo: text('out_trade_no'),
    transactionId: text('transaction_id'),
    description: text('description').notNull().default(''),
    contact: jsonb('contact').$type<OrderContactField[]>().notNull().default([]),
    stock: jsonb('stock').$type<OrderStockTake[]>().notNull().default([]),
    remark: text('remark').notNull().default(''),
    /** Migration 0080: shipping (物流) — a carrier code of schemas/logistics/carriers.ts, the tracking number, when first shipped. */
    carrier: text('carrier'),
    trackingNo: text('tracking_no'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('orders_order_no_uq').on(t.orderNo),
    uniqueIndex('orders_out_trade_no_uq').on(t.outTradeNo),
    uniqueIndex('orders_sheet_uq').on(t.sheetId),
    index('orders_project_idx').on(t.projectId, t.createdAt),
    index('orders_closing_idx')
      .on(t.closesAt)
      .where(sql`state = 'created'`),
    check('orders_state_ck', sql`${t.state} IN ('created', 'paid', 'shipped', 'collected', 'done', 'closed', 'refunding', 'refunded')`),
    check('orders_amount_ck', sql`${t.amountFen} > 0`),
    check('orders_refunded_ck', sql`${t.refundedFen} >= 0 AND ${t.refundedFen} <= ${t.amountFen}`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    title: text('title').notNull(),
    spec: text('spec').notNull().default(''),
    /** Migration 0080: the spec row bought ('' for a product without spec rows). */
    specId: text('spec_id').notNull().default(''),
    priceFen: integer('price_fen').notNull(),
    quantity: integer('quantity').notNull(),
    amountFen: integer('amount_fen').notNull(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    check('order_lines_quantity_ck', sql`${t.quantity} >= 1`),
    check('order_lines_amount_ck', sql`${t.amountFen} = ${t.priceFen} * ${t.quantity}`),
  ],
);

export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    outRefundNo: text('out_refund_no').notNull(),
    amountFen: integer('amount_fen').notNull(),
    reason: text('reason').notNull().default(''),
    state: text('state').$type<'processing' | 'success' | 'failed'>().notNull(),
    refundId: text('refund_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_refunds_no_uq').on(t.outRefundNo),
    check('order_refunds_state_ck', sql`${t.state} IN ('processing', 'success', 'failed')`),
    check('order_refunds_amount_ck', sql`${t.amountFen} > 0`),
  ],
);

export const ledger = pgTable(
  'ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** An unmatched receipt's rows (migration 0047) are 'unmatched' (+) and 'unmatched_refund' (−), never the order's own. */
    kind: text('kind').$type<'payment' | 'refund' | 'fee' | 'unmatched' | 'unmatched_refund'>().notNull(),
    /** Signed: a payment adds, a refund or a fee takes away. */
    amountFen: integer('amount_fen').notNull(),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    /** The unmatched receipt a row belongs to (set exactly for the kinds 'unmatched' and 'unmatched_refund'). */
    receiptId: integer('receipt_id').references((): AnyPgColumn => unmatchedReceipts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ledger_reference_uq').on(t.kind, t.provider, t.reference),
    index('ledger_project_idx').on(t.projectId, t.createdAt),
    index('ledger_receipt_idx')
      .on(t.receiptId)
      .where(sql`receipt_id IS NOT NULL`),
    check('ledger_kind_ck', sql`${t.kind} IN ('payment', 'refund', 'fee', 'unmatched', 'unmatched_refund')`),
    check('ledger_receipt_ck', sql`(${t.kind} IN ('unmatched', 'unmatched_refund')) = (${t.receiptId} IS NOT NULL)`),
  ],
);

/**
 * Money that arrived when no order expected it (migration 0047, issue 42): a payment after the order closed
 * ('late') or a second transaction for a paid order ('double'). One row per provider transaction; refunded in
 * full through that provider; settled when its refund succeeds.
 */
export const unmatchedReceipts = pgTable(
  'unmatched_receipts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    transactionId: text('transaction_id').notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    amountFen: integer('amount_fen').notNull(),
    reason: text('reason').$type<'late' | 'double'>().notNull(),
    state: text('state').$type<'recorded' | 'refunding' | 'refunded'>().notNull().default('recorded'),
    /** Made when recorded, so every attempt asks the provider for the same refund (WeChat and Alipay dedupe by it). */
    outRefundNo: text('out_refund_no').notNull(),
    refundId: text('refund_id'),
    attempts: integer('attempts').notNull().default(0),
    /** Why the last attempt did not refund, shown to the creator until one does. */
    lastError: text('last_error'),
    retryAt: timestamp('retry_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('unmatched_receipts_transaction_uq').on(t.provider, t.transactionId),
    uniqueIndex('unmatched_receipts_refund_uq').on(t.outRefundNo),
    index('unmatched_receipts_project_idx').on(t.projectId, t.createdAt),
    index('unmatched_receipts_open_idx')
      .on(t.retryAt)
      .where(sql`state <> 'refunded'`),
    check('unmatched_receipts_amount_ck', sql`${t.amountFen} > 0`),
    check('unmatched_receipts_reason_ck', sql`${t.reason} IN ('late', 'double')`),
    check('unmatched_receipts_state_ck', sql`${t.state} IN ('recorded', 'refunding', 'refunded')`),
  ],
);

export const sandboxTrades = pgTable(
  'sandbox_trades',
  {
    outTradeNo: text('out_trade_no').primaryKey(),
    amountFen: integer('amount_fen').notNull(),
    description: text('description').notNull(),
    notifyUrl: text('notify_url').notNull(),
    returnUrl: text('return_url').notNull(),
    state: text('state').$type<'unpaid' | 'paid' | 'closed'>().notNull().default('unpaid'),
    transactionId: text('transaction_id'),
    refundedFen: integer('refunded_fen').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [check('sandbox_trades_state_ck', sql`${t.state} IN ('unpaid', 'paid', 'closed')`)],
);
