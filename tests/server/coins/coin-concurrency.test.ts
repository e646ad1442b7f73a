import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_COIN_RULE } from '../../../schemas/coins/rules';
import { exactCoinMover } from '../../../server/services/coin-ledger/coin-ledger.service';
import { naiveCoins } from '../../helpers/naive-strategies';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { newPayer } from '../money/money-helpers';

/**
 * Issue 51: 30 parallel exchanges of coins for AI counts against coins that cover exactly 10. The exact strategy
 * (one conditional statement per spend, server/services/coin-ledger/coin-ledger.service.ts) lets exactly 10 through; the
 * naive one (tests/helpers/naive-strategies.ts: read before the transaction, write what it read minus the spend)
 * lets more through or leaves a ledger that no longer adds up to the balance.
 */
let t: TestApp;
let naive: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  naive = await siblingApp(t, { strategies: { coins: naiveCoins } });
}, 60_000);
afterAll(async () => {
  await naive.close();
  await t.close();
});

async function race(app: TestApp) {
  const payer = await newPayer(t);
  await t.database.transaction((q) =>
    exactCoinMover.change(q, { userId: payer.id, brand: 'wenjuan', delta: 10 * AI_COIN_RULE.coinsPerUse, reason: 'task', at: new Date() }),
  );
  const results = await Promise.all(Array.from({ length: 30 }, () => app.call('activity/user/updateAiCoin', { count: 1 }, payer.headers)));
  const [state] = await t.database.query<{ balance: number; ledger: number; ai: number }>(
    `SELECT (SELECT balance FROM coin_accounts WHERE user_id = $1 AND brand = 'wenjuan') AS balance,
            (SELECT coalesce(sum(delta), 0)::int FROM coin_ledger WHERE user_id = $1 AND brand = 'wenjuan') AS ledger,
            (SELECT coalesce(sum(remaining), 0)::int FROM user_quotas WHERE user_id = $1 AND kind = 'ai') AS ai`,
    [payer.id],
  );
  return { ok: results.filter((r) => r.resultCode === '200').length, codes: new Set(results.map((r) => r.resultCode)), ...state! };
}

describe(`coin spends under concurrency on ${engineName()}`, () => {
  it('30 parallel AI exchanges against coins for 10: exactly 10 succeed, the rest are refused, balance 0, the ledger adds up', async () => {
    const { ok, codes, balance, ledger, ai } = await race(t);
    expect(ok).toBe(10);
    expect([...codes].sort()).toEqual(['200', '409']);
    expect(balance).toBe(0);
    expect(ledger).toBe(balance);
    expect(ai).toBe(10);
  });

  it('the naive strategy overspends: more than 10 succeed, or the ledger no longer adds up to the balance', async () => {
    const { ok, balance, ledger, ai } = await race(naive);
    expect(ok > 10 || ledger !== balance).toBe(true);
    expect(ai).toBe(ok);
  });
});
