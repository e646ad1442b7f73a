import { expect } from 'vitest';
import type { TSaveRechargeResult } from '../../../schemas/api/recharge';
import { loginNewUser } from '../../helpers/fixtures';
import type { TestApp } from '../../helpers/test-app';

/** A new logged-in user with their database id. */
export async function newPayer(t: TestApp) {
  const login = await loginNewUser(t);
  const [row] = await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [login.phone]);
  return { ...login, id: row!.id };
}

export type Payer = Awaited<ReturnType<typeof newPayer>>;

/** Start a recharge and pay it in the sandbox's cashier (its signed notify goes through the real notify route). */
export async function recharge(t: TestApp, payer: Payer, amountFen: number): Promise<string> {
  const started = await t.call<TSaveRechargeResult>('recharge/saveRechargeOrder', { amountFen }, payer.headers);
  expect(started.resultCode, started.resultMsg).toBe('200');
  const paid = await t.call('active/pay/sandbox/decide', { outTradeNo: started.data.orderNo, outcome: 'pay' });
  expect(paid.resultCode, paid.resultMsg).toBe('200');
  return started.data.orderNo;
}

/** The stored balance and the sum of the user's ledger rows (equal, always). */
export async function balanceAndLedger(t: TestApp, userId: number): Promise<{ balance: number; ledger: number; rows: number }> {
  const [row] = await t.database.query<{ balance: number; ledger: number; rows: number }>(
    `SELECT u.balance_fen AS balance, coalesce((SELECT sum(amount_fen) FROM balance_ledger WHERE user_id = u.id), 0)::int AS ledger,
            (SELECT count(*) FROM balance_ledger WHERE user_id = u.id)::int AS rows
     FROM users u WHERE u.id = $1`,
    [userId],
  );
  return row!;
}
