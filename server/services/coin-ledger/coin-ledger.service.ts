import { COIN_REASON_NAMES, type TCoinReason } from '../../../schemas/coins/rules';
import type { Query } from '../../db/client';
import type { CoinAccountRow } from '../../db/rows';

/** One earn (delta > 0) or spend (delta < 0) of a user's coins on a brand, with its reason. */
export interface CoinChange {
  userId: number;
  brand: string;
  delta: number;
  reason: TCoinReason;
  /** Makes the change once-only per user, brand and reason when set (a task's period, a draw's id, an order). */
  reference?: string;
  /** What the ledger row says; the reason's name when left out. */
  title?: string;
  at: Date;
}

/** Changes coins inside the caller's transaction: the balance after it, or null when a spend is not covered (nothing changed). */
export interface CoinMover {
  change(q: Query, change: CoinChange): Promise<number | null>;
}

/**
 * How coins move under concurrency (issue 51; reliability rule 12). The exact strategy is one conditional statement
 * per change — the balance can never go below zero however many spends run at once — plus the ledger row in the same
 * transaction. `prepare` runs before the caller's transaction: the exact one reads nothing there; the concurrency
 * tests inject a naive one (tests/helpers/naive-strategies.ts) that reads the balance there and writes what it read
 * plus its change, and show it overspends.
 */
export interface CoinStrategy {
  prepare(query: Query, userId: number, brand: string): Promise<CoinMover>;
}

type Balance = Pick<CoinAccountRow, 'balance'>;

/** Move the balance by one conditional statement; null when a spend is not covered. */
async function moveBalance(q: Query, c: CoinChange): Promise<number | null> {
  if (c.delta > 0) {
    const [row] = await q<Balance>(
      `INSERT INTO coin_accounts (user_id, brand, balance, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, brand) DO UPDATE SET balance = coin_accounts.balance + EXCLUDED.balance, updated_at = EXCLUDED.updated_at
       RETURNING balance`,
      [c.userId, c.brand, c.delta, c.at],
    );
    return row!.balance;
  }
  const [row] = await q<Balance>(
    'UPDATE coin_accounts SET balance = balance + $3, updated_at = $4 WHERE user_id = $1 AND brand = $2 AND balance + $3 >= 0 RETURNING balance',
    [c.userId, c.brand, c.delta, c.at],
  );
  return row ? row.balance : null;
}

/** The ledger row of a change, in the change's own transaction. */
export async function writeCoinLedger(q: Query, c: CoinChange, balanceAfter: number): Promise<void> {
  await q(
    `INSERT INTO coin_ledger (user_id, brand, delta, balance_after, reason, reference, title, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [c.userId, c.brand, c.delta, balanceAfter, c.reason, c.reference ?? '', c.title ?? COIN_REASON_NAMES[c.reason], c.at],
  );
}

export const exactCoinMover: CoinMover = {
  async change(q, c) {
    if (!Number.isInteger(c.delta) || c.delta === 0) throw new Error(`a coin change is a whole non-zero number, not ${c.delta}`);
    const after = await moveBalance(q, c);
    if (after !== null) await writeCoinLedger(q, c, after);
    return after;
  },
};

export const exactCoins: CoinStrategy = {
  async prepare() {
    return exactCoinMover;
  },
};

/** A user's coins on a brand (0 before the first earn). */
export async function coinsOf(query: Query, userId: number, brand: string): Promise<number> {
  const [row] = await query<Balance>('SELECT balance FROM coin_accounts WHERE user_id = $1 AND brand = $2', [userId, brand]);
  return row?.balance ?? 0;
}

/** Whether a once-only change (reason + reference) was already written. */
export async function coinLedgerHas(q: Query, userId: number, brand: string, reason: TCoinReason, reference: string): Promise<boolean> {
  const rows = await q('SELECT 1 FROM coin_ledger WHERE user_id = $1 AND brand = $2 AND reason = $3 AND reference = $4', [userId, brand, reason, reference]);
  return rows.length > 0;
}

/** The refusal text when coins do not cover a spend: "金币不足：需要 300 金币，当前 120 金币". */
export const notEnoughCoins = (coinName: string, need: number, have: number) => `${coinName}不足：需要 ${need} ${coinName}，当前 ${have} ${coinName}`;

/**
 * Lock a user's coin account on a brand (made empty first if need be) until the caller's transaction ends: a limit
 * counted over the ledger (a daily earning cap) is then read and written by one transaction at a time per user.
 */
export async function lockCoinAccount(q: Query, userId: number, brand: string): Promise<void> {
  await q('INSERT INTO coin_accounts (user_id, brand, balance) VALUES ($1, $2, 0) ON CONFLICT (user_id, brand) DO NOTHING', [userId, brand]);
  await q('SELECT 1 FROM coin_accounts WHERE user_id = $1 AND brand = $2 FOR UPDATE', [userId, brand]);
}
