import type { Database, Query } from '../../db/client';
import type { BalanceLedgerRow, UserRow } from '../../db/rows';
import type { TBalanceReason } from '../../db/tables-money';

/**
 * How a purchase takes money from a balance (reliability rule 12, patterns "Capacity, stock and limits"). The exact
 * strategy is one conditional statement in the purchase's transaction — the balance can never go below zero however
 * many purchases run at once; the concurrency test injects a naive read-then-write one
 * (tests/helpers/naive-strategies.ts) and shows it overspends.
 */
export interface BalanceStrategy {
  /** Before the purchase's transaction (the exact strategy reads nothing here). */
  prepare(database: Database, userId: number): Promise<BalanceDebit>;
}
export interface BalanceDebit {
  /** Take `amountFen` inside the caller's transaction: the balance after it, or null when the balance does not cover it. */
  debit(q: Query, userId: number, amountFen: number): Promise<number | null>;
}

type Balance = Pick<UserRow, 'balance_fen'>;

/** One conditional statement: the balance after the debit, or null when it does not cover it. */
export const exactDebit: BalanceDebit = {
  async debit(q, userId, amountFen) {
    const [row] = await q<Balance>('UPDATE users SET balance_fen = balance_fen - $2 WHERE id = $1 AND balance_fen >= $2 RETURNING balance_fen', [
      userId,
      amountFen,
    ]);
    return row ? row.balance_fen : null;
  },
};

export const exactBalance: BalanceStrategy = {
  async prepare() {
    return exactDebit;
  },
};

/** Add to a balance inside the caller's transaction; the balance after it. */
export async function credit(q: Query, userId: number, amountFen: number): Promise<number> {
  const [row] = await q<Balance>('UPDATE users SET balance_fen = balance_fen + $2 WHERE id = $1 RETURNING balance_fen', [userId, amountFen]);
  return row!.balance_fen;
}

export async function balanceOf(query: Query, userId: number): Promise<number> {
  const [row] = await query<Balance>('SELECT balance_fen FROM users WHERE id = $1', [userId]);
  return row?.balance_fen ?? 0;
}

export interface LedgerEntry {
  userId: number;
  amountFen: number;
  reason: TBalanceReason;
  orderNo: string;
  reference: string;
  title: string;
  balanceAfterFen: number;
  at: Date;
}

/** The ledger row of a change, written in the change's own transaction. */
export async function writeLedger(q: Query, entry: LedgerEntry): Promise<void> {
  await q(
    `INSERT INTO balance_ledger (user_id, amount_fen, reason, order_no, reference, title, balance_after_fen, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [entry.userId, entry.amountFen, entry.reason, entry.orderNo, entry.reference, entry.title, entry.balanceAfterFen, entry.at],
  );
}

/** Whether a change with this reference was already written (a provider's transaction credits once). */
export async function ledgerHas(q: Query, reason: TBalanceReason, reference: string): Promise<boolean> {
  const rows = await q<Pick<BalanceLedgerRow, 'id'>>('SELECT id FROM balance_ledger WHERE reason = $1 AND reference = $2', [reason, reference]);
  return rows.length > 0;
}
