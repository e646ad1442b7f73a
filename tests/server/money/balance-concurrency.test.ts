import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPurchaseResult } from '../../../schemas/api/recharge';
import { naiveBalance } from '../../helpers/naive-strategies';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { balanceAndLedger, newPayer, recharge } from './money-helpers';

/**
 * Issue 46 acceptance: 20 parallel purchases of a 30 元 package against a 100 元 balance buy exactly 3, leave
 * 10 元, and the ledger adds up to the balance. The naive strategy (read the balance, then write it minus the
 * price) is raced the same way and must be caught: it sells more than was paid for.
 */
let t: TestApp;
let naive: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  naive = await siblingApp(t, { strategies: { balance: naiveBalance } });
}, 60_000);
afterAll(async () => {
  await naive.close();
  await t.close();
});

async function race(app: TestApp) {
  const payer = await newPayer(t);
  await recharge(t, payer, 10_000);
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => app.call<TPurchaseResult>('active/pay/getAdvertPay', { packageId: 'advert-1' }, payer.headers)),
  );
  const bought = answers.filter((a) => a.resultCode === '200').length;
  const [quota] = await t.database.query<{ remaining: number }>(`SELECT remaining FROM user_quotas WHERE user_id = $1 AND kind = 'advert'`, [payer.id]);
  return { payer, answers, bought, quota: quota?.remaining ?? 0, money: await balanceAndLedger(t, payer.id) };
}

describe(`balance purchases under concurrency (${engineName()})`, () => {
  it('20 parallel purchases of a 30 元 package against 100 元: exactly 3, 10 元 left, the ledger adds up', async () => {
    const { answers, bought, quota, money } = await race(t);
    expect(bought).toBe(3);
    expect(quota).toBe(3);
    expect(money).toEqual({ balance: 1_000, ledger: 1_000, rows: 4 });
    const refused = answers.filter((a) => a.resultCode !== '200');
    expect(new Set(refused.map((a) => a.resultCode))).toEqual(new Set(['409']));
    expect(refused[0]!.resultMsg).toBe('余额不足：当前余额 10.00 元，需支付 30.00 元，请先充值');
  });

  it('the naive read-then-write purchase is caught: it sells more than the balance paid for', async () => {
    const { bought, quota, money } = await race(naive);
    expect(bought).toBeGreaterThan(3);
    expect(quota).toBeGreaterThan(3);
    expect(money.ledger).not.toBe(money.balance);
  });
});
