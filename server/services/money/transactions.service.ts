import type { TTransaction, TTransactionAmount } from '../../../schemas/api/recharge';
import type { Query } from '../../db/client';
import type { BalanceLedgerRow } from '../../db/rows';
import type { TBalanceReason } from '../../db/tables-money';
import type { AuthUser } from '../access/sessions.service';
import { balanceOf } from './balance.service';

/** The ledger's sums of one user (float8: a lifetime's recharges may pass int4 though no balance can). */
interface LedgerTotals {
  recharged: number;
  spent: number;
  transactions: number;
}

const view = (row: BalanceLedgerRow): TTransaction => ({
  orderNo: row.order_no,
  reason: row.reason,
  title: row.title,
  amountFen: row.amount_fen,
  balanceAfterFen: row.balance_after_fen,
  createdAt: new Date(row.created_at).toISOString(),
});

/** recharge/getUserTransactionList: the caller's ledger, newest first (/transactionsRecord/index.html). */
export async function transactionList(query: Query, user: AuthUser, filter: { reason?: TBalanceReason; page: number; pageSize: number }) {
  const rows = await query<BalanceLedgerRow & { total: number }>(
    `SELECT *, (count(*) OVER ())::int AS total FROM balance_ledger WHERE user_id = $1 AND ($2::text IS NULL OR reason = $2)
     ORDER BY id DESC LIMIT $3 OFFSET $4`,
    [user.id, filter.reason ?? null, filter.pageSize, (filter.page - 1) * filter.pageSize],
  );
  return { list: rows.map(view), total: rows[0]?.total ?? 0 };
}

/** recharge/getTransactionAmount: the balance and the ledger's totals (recharged in, spent out). */
export async function transactionAmount(query: Query, user: AuthUser): Promise<TTransactionAmount> {
  const [sums] = await query<LedgerTotals>(
    `SELECT coalesce(sum(amount_fen) FILTER (WHERE amount_fen > 0), 0)::float8 AS recharged, coalesce(-sum(amount_fen) FILTER (WHERE amount_fen < 0), 0)::float8 AS spent,
            count(*)::int AS transactions
     FROM balance_ledger WHERE user_id = $1`,
    [user.id],
  );
  return { balanceFen: await balanceOf(query, user.id), rechargedFen: sums!.recharged, spentFen: sums!.spent, transactions: sums!.transactions };
}
