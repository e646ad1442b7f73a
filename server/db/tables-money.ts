import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TQuotaKind } from '../../schemas/money/catalog';
import { users } from './tables';

/** redpacket: a red envelope's budget held (issue 49 item 1); redpacketReturn: its unspent part given back. */
export type TBalanceReason = 'recharge' | 'package' | 'member' | 'redpacket' | 'redpacketReturn';
export type TRechargeState = 'created' | 'paid' | 'closed';
/** What became of the item a purchase order pays for (migration 0055). */
export type TDelivery = 'done' | 'kept';
export type TInvoiceState = 'requested' | 'issued' | 'revoked';
export type TInvoiceTitleType = 'personal' | 'company';

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
    check('balance_ledger_reason_ck', sql`${t.reason} IN ('recharge', 'package', 'member', 'redpacket', 'redpacketReturn')`),
    // A purchase a coupon pays whole is a row of 0 fen (migration 0056); a recharge always moves money.
    check('balance_ledger_amount_ck', sql`${t.amountFen} <> 0 OR ${t.reason} <> 'recharge'`),
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
    /** The brand (host) the order was made on (migration 0089): the coins a coin pack buys land on its account. */
    brand: text('brand').notNull().default('wenjuan'),
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

/**
 * The coupons a user holds (migration 0056): one per catalogue coupon (schemas/money/coupons.ts) per user, named to
 * the client by a random code, used on one purchase at most (used_at and order_no set together, by one conditional
 * UPDATE in the purchase's transaction).
 */
export const userCoupons = pgTable(
  'user_coupons',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    couponId: text('coupon_id').notNull(),
    /** The discount as it was when received (the catalogue may change later). */
    discountFen: integer('discount_fen').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    orderNo: text('order_no'),
    /** Removed from 我的优惠券 by its holder (a used or expired one only). */
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [
    uniqueIndex('user_coupons_code_uq').on(t.code),
    uniqueIndex('user_coupons_once_uq').on(t.userId, t.couponId),
    check('user_coupons_discount_ck', sql`${t.discountFen} > 0`),
    check('user_coupons_used_ck', sql`(${t.usedAt} IS NULL) = (${t.orderNo} IS NULL)`),
  ],
);

/** Invoice requests for paid recharge orders (migration 0056): one per order while not revoked, for the paid amount. */
export const invoices = pgTable(
  'invoices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    invoiceNo: text('invoice_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderNo: text('order_no').notNull(),
    amountFen: integer('amount_fen').notNull(),
    titleType: text('title_type').$type<TInvoiceTitleType>().notNull(),
    title: text('title').notNull(),
    taxNo: text('tax_no'),
    email: text('email').notNull(),
    /** requested until an operator issues it; revoked by its holder while requested. */
    state: text('state').$type<TInvoiceState>().notNull().default('requested'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoices_no_uq').on(t.invoiceNo),
    uniqueIndex('invoices_order_uq')
      .on(t.orderNo)
      .where(sql`${t.state} <> 'revoked'`),
    index('invoices_user_idx').on(t.userId, t.id),
    check('invoices_amount_ck', sql`${t.amountFen} > 0`),
    check('invoices_title_type_ck', sql`${t.titleType} IN ('personal', 'company')`),
    check('invoices_tax_ck', sql`(${t.titleType} = 'company') = (${t.taxNo} IS NOT NULL)`),
    check('invoices_state_ck', sql`${t.state} IN ('requested', 'issued', 'revoked')`),
  ],
);

/** The invoice details a user saved (recharge/saveOrderAccount), which prefill the next invoice request. */
export const invoiceAccounts = pgTable(
  'invoice_accounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    titleType: text('title_type').$type<TInvoiceTitleType>().notNull(),
    title: text('title').notNull(),
    taxNo: text('tax_no'),
    email: text('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('invoice_accounts_title_type_ck', sql`${t.titleType} IN ('personal', 'company')`),
    check('invoice_accounts_tax_ck', sql`(${t.titleType} = 'company') = (${t.taxNo} IS NOT NULL)`),
  ],
);
