import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TQuotaKind } from '../../schemas/money/catalog';
import { users } from './tables';

export type TBalanceReason = 'recharge' | 'package' | 'member';
export type TRechargeState = 'created' | 'paid' | 'closed';
/** What became of the item a purchase order pays for (migration 0055). */
export type TDelivery = 'done' | 'kept';

/**
 * A user's balance (migration 0051, issue 46): users.balance_fen is the balance, never negative (CHECK), and
 * every change of it is one row here written in the same transaction, with the balance after it; the rows of a
 * user add up to the balance. Money is integer fen.
 */
export const balanceLedger = pgTable(
  'balance_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Signed: a recharge adds, a purchase takes away. */
    amountFen: integer('amount_fen').notNull(),
    reason: text('reason').$type<TBalanceReason>().notNull(),
    /** The order the change belongs to: a recharge order's number, or the purchase's own number. */
    orderNo: text('order_no').notNull(),
    /** What makes the change happen once: a provider's transaction (`provider:transactionId`) or the purchase's number. */
    reference: text('reference').notNull(),
    /** What was bought or paid, as the transaction list shows it. */
    title: text('title').notNull(),
    balanceAfterFen: integer('balance_after_fen').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('balance_ledger_reference_uq').on(t.reason, t.reference),
    index('balance_ledger_user_idx').on(t.userId, t.id),
    check('balance_ledger_reason_ck', sql`${t.reason} IN ('recharge', 'package', 'member')`),
    check('balance_ledger_amount_ck', sql`${t.amountFen} <> 0`),
    check('balance_ledger_after_ck', sql`${t.balanceAfterFen} >= 0`),
  ],
);

/** Recharge orders (recharge/saveRechargeOrder), paid through the pay providers; a paid one credits the balance once per provider transaction. */
export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    id: serial('id').primaryKey(),
    /** 'R' + 20 digits, also the provider's out_trade_no. */
    orderNo: text('order_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountFen: integer('amount_fen').notNull(),
    state: text('state').$type<TRechargeState>().notNull().default('created'),
    provider: text('provider'),
    transactionId: text('transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** A purchase order (migration 0055): the package or member plan its payment buys; null for a plain recharge. */
    packageId: text('package_id'),
    /** 'done' the item was bought, 'kept' it could no longer be (the money stays in the balance); null while unpaid. */
    delivery: text('delivery').$type<TDelivery>(),
    /** Why the item could not be bought ('kept'). */
    deliveryNote: text('delivery_note'),
  },
  (t) => [
    uniqueIndex('recharge_orders_no_uq').on(t.orderNo),
    index('recharge_orders_user_idx').on(t.userId, t.id),
    check('recharge_orders_state_ck', sql`${t.state} IN ('created', 'paid', 'closed')`),
    check('recharge_orders_amount_ck', sql`${t.amountFen} > 0`),
    check('recharge_orders_delivery_ck', sql`${t.delivery} IN ('done', 'kept')`),
  ],
);

/** What a user has left of each package kind (AI count, SMS count, ad removal, risk control); its feature takes from it. */
export const userQuotas = pgTable(
  'user_quotas',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TQuotaKind>().notNull(),
    remaining: integer('remaining').notNull().default(0),
    used: integer('used').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('user_quotas_kind_ck', sql`${t.kind} IN ('ai', 'sms', 'advert', 'risk')`),
    check('user_quotas_remaining_ck', sql`${t.remaining} >= 0`),
    check('user_quotas_used_ck', sql`${t.used} >= 0`),
  ],
);
