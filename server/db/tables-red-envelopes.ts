import { sql } from 'drizzle-orm';
import { bigserial, check, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TRedAmountMode, TRedEnvelopeState, TRedLedgerKind, TRedPayoutState, TRedQualify } from '../../schemas/red-envelope/rules';
import { projects, users } from './tables';
import { voteActivities } from './tables-votes';

/** A vote activity owning the envelope, its payout or its ledger row instead of a project (migration 0083). */
const voteOwner = () => integer('vote_id').references(() => voteActivities.id, { onDelete: 'cascade' });

/**
 * Red envelopes (migration 0076, issue 49 item 1): one per project or (0083) per vote activity. The budget paid in from the payer's balance
 * is held here; approvals take from it by one conditional UPDATE (never past total_count nor budget_fen).
 */
export const redEnvelopes = pgTable(
  'red_envelopes',
  {
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    voteId: voteOwner(),
    state: text('state').$type<TRedEnvelopeState>().notNull().default('unpaid'),
    amountMode: text('amount_mode').$type<TRedAmountMode>().notNull(),
    /** Bounds of one envelope in fen (fixed: min = max). */
    minFen: integer('min_fen').notNull(),
    maxFen: integer('max_fen').notNull(),
    totalCount: integer('total_count').notNull(),
    budgetFen: integer('budget_fen').notNull(),
    qualify: text('qualify').$type<TRedQualify>().notNull(),
    minScore: doublePrecision('min_score'),
    firstN: integer('first_n'),
    /** Who paid the budget in (and gets the unspent part back). */
    payerId: integer('payer_id').references(() => users.id, { onDelete: 'set null' }),
    paidCount: integer('paid_count').notNull().default(0),
    /** Taken by approved payouts. */
    allocatedFen: integer('allocated_fen').notNull().default(0),
    returnedFen: integer('returned_fen').notNull().default(0),
    /** The amount the last take chose (read back by its RETURNING). */
    lastAmountFen: integer('last_amount_fen').notNull().default(0),
    orderNo: text('order_no'),
    /** Sheets (a vote's ballot rows) after this id qualify (the last sheet id when the budget was paid in): earlier answers never do. */
    afterSheetId: integer('after_sheet_id').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('red_envelopes_project_uq').on(t.projectId),
    uniqueIndex('red_envelopes_vote_uq').on(t.voteId),
    check('red_envelopes_owner_ck', sql`(${t.projectId} IS NULL) <> (${t.voteId} IS NULL)`),
    check('red_envelopes_state_ck', sql`${t.state} IN ('unpaid', 'running', 'ended')`),
    check('red_envelopes_mode_ck', sql`${t.amountMode} IN ('fixed', 'random')`),
    check('red_envelopes_qualify_ck', sql`${t.qualify} IN ('valid', 'score', 'first')`),
    check('red_envelopes_bounds_ck', sql`${t.minFen} >= 30 AND ${t.minFen} <= ${t.maxFen} AND ${t.maxFen} <= 20000`),
    check(
      'red_envelopes_budget_ck',
      sql`${t.totalCount} >= 1 AND ${t.budgetFen} >= ${t.minFen} * ${t.totalCount} AND ${t.budgetFen} <= ${t.maxFen} * ${t.totalCount}`,
    ),
    check(
      'red_envelopes_spent_ck',
      sql`${t.paidCount} >= 0 AND ${t.paidCount} <= ${t.totalCount} AND ${t.allocatedFen} >= 0 AND ${t.returnedFen} >= 0 AND ${t.allocatedFen} + ${t.returnedFen} <= ${t.budgetFen}`,
    ),
  ],
);

/** One decision per sheet (unique): rejected, or approved with its amount and its transfer's state. */
export const redEnvelopePayouts = pgTable(
  'red_envelope_payouts',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    voteId: voteOwner(),
    sheetId: integer('sheet_id').notNull(),
    sheetPublicId: text('sheet_public_id').notNull(),
    state: text('state').$type<TRedPayoutState>().notNull(),
    amountFen: integer('amount_fen').notNull().default(0),
    /** Who receives: a WeChat openid, or in the sandbox the respondent's account or sheet. */
    payee: text('payee').notNull().default(''),
    /** The transfer's idempotency key, one per sheet: a retry reuses it, so nothing is paid twice. */
    outBatchNo: text('out_batch_no').notNull(),
    provider: text('provider'),
    transferId: text('transfer_id'),
    failReason: text('fail_reason'),
    attempts: integer('attempts').notNull().default(0),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('red_envelope_payouts_sheet_uq').on(t.projectId, t.sheetId),
    uniqueIndex('red_envelope_payouts_batch_uq').on(t.outBatchNo),
    index('red_envelope_payouts_project_idx').on(t.projectId, t.id),
    uniqueIndex('red_envelope_payouts_vote_sheet_uq').on(t.voteId, t.sheetId),
    index('red_envelope_payouts_vote_idx').on(t.voteId, t.id),
    check('red_envelope_payouts_owner_ck', sql`(${t.projectId} IS NULL) <> (${t.voteId} IS NULL)`),
    check('red_envelope_payouts_state_ck', sql`${t.state} IN ('rejected', 'paying', 'paid', 'failed', 'cancelled')`),
    check('red_envelope_payouts_amount_ck', sql`${t.amountFen} >= 0`),
  ],
);

/** Every fen of a red envelope: held (paid in), paid out (an approval), returned (to the payer's balance). */
export const redEnvelopeLedger = pgTable(
  'red_envelope_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    voteId: voteOwner(),
    kind: text('kind').$type<TRedLedgerKind>().notNull(),
    amountFen: integer('amount_fen').notNull(),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('red_envelope_ledger_reference_uq').on(t.kind, t.reference),
    index('red_envelope_ledger_project_idx').on(t.projectId, t.id),
    index('red_envelope_ledger_vote_idx').on(t.voteId, t.id),
    check('red_envelope_ledger_owner_ck', sql`(${t.projectId} IS NULL) <> (${t.voteId} IS NULL)`),
    check('red_envelope_ledger_kind_ck', sql`${t.kind} IN ('hold', 'payout', 'return', 'cancel')`),
    check('red_envelope_ledger_amount_ck', sql`${t.amountFen} > 0`),
  ],
);

/** The sandbox's transfers (what WeChat's 商家转账 would have paid), once per out_batch_no. */
export const sandboxTransfers = pgTable(
  'sandbox_transfers',
  {
    outBatchNo: text('out_batch_no').primaryKey(),
    transferId: text('transfer_id').notNull(),
    amountFen: integer('amount_fen').notNull(),
    payee: text('payee').notNull(),
    remark: text('remark').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('sandbox_transfers_amount_ck', sql`${t.amountFen} > 0`)],
);
