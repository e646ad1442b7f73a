import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TCoinReason, TGiftExchangeState, TGiftKind, TPrizeKind, TSpaceAnswerState, TSpaceReleaseState } from '../../schemas/coins/rules';
import { answerSheets, projects, users } from './tables';

const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A user's coins on one brand (migration 0088, issue 51 item 1): never negative (coin_accounts_balance_ck); every
 * change is a coin_ledger row written in the change's transaction (server/services/coin-ledger/coin-ledger.service.ts).
 */
export const coinAccounts = pgTable(
  'coin_accounts',
  {
    userId: userRef(),
    brand: text('brand').notNull(),
    balance: integer('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.brand] }), check('coin_accounts_balance_ck', sql`${t.balance} >= 0`)],
);

/** Every earn and spend of coins with its reason; `reference` (when set) makes a change once-only per user, brand and reason. */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    brand: text('brand').notNull(),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').$type<TCoinReason>().notNull(),
    reference: text('reference').notNull().default(''),
    title: text('title').notNull(),
    createdAt: created(),
  },
  (t) => [
    index('coin_ledger_user_idx').on(t.userId, t.brand, t.id),
    uniqueIndex('coin_ledger_ref_uq')
      .on(t.userId, t.brand, t.reason, t.reference)
      .where(sql`${t.reference} <> ''`),
    check('coin_ledger_delta_ck', sql`${t.delta} <> 0 AND ${t.balanceAfter} >= 0`),
  ],
);

/** One sign-in per user, brand and (China) day; `streak` counts consecutive days including this one. */
export const coinSignins = pgTable(
  'coin_signins',
  {
    userId: userRef(),
    brand: text('brand').notNull(),
    day: date('day').notNull(),
    streak: integer('streak').notNull(),
    reward: integer('reward').notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.brand, t.day] }), check('coin_signins_streak_ck', sql`${t.streak} >= 1`)],
);

/**
 * A user's task (schemas/coins/rules.ts TASKS) in one period: '' for a once-only task, the China day 'YYYY-MM-DD' for
 * a daily one. Completed by the server's own check of the event; the reward taken once (rewarded_at set by one
 * conditional UPDATE).
 */
export const userTasks = pgTable(
  'user_tasks',
  {
    userId: userRef(),
    brand: text('brand').notNull(),
    taskCode: text('task_code').notNull(),
    period: text('period').notNull().default(''),
    progress: integer('progress').notNull().default(0),
    boundAt: timestamp('bound_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
    reward: integer('reward').notNull().default(0),
    createdAt: created(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.brand, t.taskCode, t.period] }),
    check('user_tasks_reward_ck', sql`${t.rewardedAt} IS NULL OR ${t.completedAt} IS NOT NULL`),
  ],
);

/** The task-question link (activity/task/saveTaskQuestion; spec §9 codes 2-2 and 2-3): which projects a task's period counts. */
export const taskQuestions = pgTable(
  'task_questions',
  {
    userId: userRef(),
    brand: text('brand').notNull(),
    taskCode: text('task_code').notNull(),
    period: text('period').notNull().default(''),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.brand, t.taskCode, t.period, t.projectId] })],
);

/** The gift centre's catalogue ('' brand: every brand). Stock is taken by one conditional UPDATE (never below 0). */
export const gifts = pgTable(
  'gifts',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    brand: text('brand').notNull().default(''),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    image: text('image').notNull().default(''),
    kind: text('kind').$type<TGiftKind>().notNull().default('physical'),
    coinPrice: integer('coin_price').notNull(),
    stock: integer('stock').notNull(),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('gifts_public_id_uq').on(t.publicId),
    check('gifts_stock_ck', sql`${t.stock} >= 0 AND ${t.coinPrice} > 0`),
    check('gifts_kind_ck', sql`${t.kind} IN ('physical')`),
  ],
);

/** A gift exchanged for coins (or won in a draw: coins 0), with where to send it. */
export const giftExchanges = pgTable(
  'gift_exchanges',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    userId: userRef(),
    brand: text('brand').notNull(),
    giftId: integer('gift_id')
      .notNull()
      .references(() => gifts.id),
    giftName: text('gift_name').notNull(),
    coins: integer('coins').notNull(),
    receiverName: text('receiver_name').notNull().default(''),
    receiverPhone: text('receiver_phone').notNull().default(''),
    region: text('region').notNull().default(''),
    address: text('address').notNull().default(''),
    state: text('state').$type<TGiftExchangeState>().notNull().default('pending'),
    expressCompany: text('express_company').notNull().default(''),
    trackingNo: text('tracking_no').notNull().default(''),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_exchanges_public_id_uq').on(t.publicId),
    index('gift_exchanges_user_idx').on(t.userId, t.brand, t.id),
    check('gift_exchanges_state_ck', sql`${t.state} IN ('pending', 'shipped', 'done', 'cancelled')`),
  ],
);

/** The coin draw's prizes ('' brand: every brand); weight in parts of 10 000; stock null = unlimited. */
export const coinDrawPrizes = pgTable(
  'coin_draw_prizes',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    brand: text('brand').notNull().default(''),
    name: text('name').notNull().default(''),
    kind: text('kind').$type<TPrizeKind>().notNull(),
    coins: integer('coins').notNull().default(0),
    giftId: integer('gift_id').references(() => gifts.id),
    weight: integer('weight').notNull(),
    stock: integer('stock'),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('coin_draw_prizes_public_id_uq').on(t.publicId),
    check('coin_draw_prizes_kind_ck', sql`${t.kind} IN ('coin', 'gift', 'none')`),
    check('coin_draw_prizes_weight_ck', sql`${t.weight} >= 0 AND (${t.stock} IS NULL OR ${t.stock} >= 0)`),
  ],
);

/** One draw: what it cost and what it won (a gift prize makes a gift_exchanges row to be addressed). */
export const coinDraws = pgTable(
  'coin_draws',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    userId: userRef(),
    brand: text('brand').notNull(),
    prizeId: integer('prize_id').references(() => coinDrawPrizes.id),
    prizeName: text('prize_name').notNull(),
    prizeKind: text('prize_kind').$type<TPrizeKind>().notNull(),
    cost: integer('cost').notNull(),
    wonCoins: integer('won_coins').notNull().default(0),
    exchangeId: integer('exchange_id').references(() => giftExchanges.id),
    /** The China day of the draw (the daily limit counts these). */
    day: date('day').notNull(),
    createdAt: created(),
  },
  (t) => [uniqueIndex('coin_draws_public_id_uq').on(t.publicId), index('coin_draws_user_idx').on(t.userId, t.brand, t.day)],
);

/**
 * A published project released to the mutual answering space: `budget` coins paid in by the releaser up front, each
 * accepted answer takes `reward` of it by one conditional UPDATE (paid + reward ≤ budget); leaving gives the rest
 * back (refunded). One open release per project.
 */
export const spaceReleases = pgTable(
  'space_releases',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: userRef(),
    brand: text('brand').notNull(),
    reward: integer('reward').notNull(),
    budget: integer('budget').notNull(),
    paid: integer('paid').notNull().default(0),
    refunded: integer('refunded').notNull().default(0),
    answers: integer('answers').notNull().default(0),
    /** The answering time the releaser states, in minutes (the list sorts by it). */
    minutes: integer('minutes').notNull().default(1),
    state: text('state').$type<TSpaceReleaseState>().notNull().default('open'),
    createdAt: created(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('space_releases_public_id_uq').on(t.publicId),
    uniqueIndex('space_releases_open_uq')
      .on(t.projectId)
      .where(sql`${t.state} = 'open'`),
    index('space_releases_list_idx').on(t.brand, t.state, t.id),
    check('space_releases_state_ck', sql`${t.state} IN ('open', 'closed')`),
    check(
      'space_releases_money_ck',
      sql`${t.reward} >= 1 AND ${t.budget} >= ${t.reward} AND ${t.paid} >= 0 AND ${t.refunded} >= 0 AND ${t.paid} + ${t.refunded} <= ${t.budget}`,
    ),
  ],
);

/** One person's answer to a released project: paid its reward, or refused with the reason (suspect, screened out, budget spent, own survey). */
export const spaceAnswers = pgTable(
  'space_answers',
  {
    id: serial('id').primaryKey(),
    releaseId: integer('release_id')
      .notNull()
      .references(() => spaceReleases.id, { onDelete: 'cascade' }),
    sheetId: integer('sheet_id').references(() => answerSheets.id, { onDelete: 'set null' }),
    userId: userRef(),
    reward: integer('reward').notNull().default(0),
    state: text('state').$type<TSpaceAnswerState>().notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('space_answers_once_uq').on(t.releaseId, t.userId),
    index('space_answers_user_idx').on(t.userId, t.id),
    check('space_answers_state_ck', sql`${t.state} IN ('paid', 'refused')`),
  ],
);
