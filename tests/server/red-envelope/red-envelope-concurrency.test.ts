import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveSheets } from '../../../server/services/red-envelope/red-review.service';
import { exactBudget, type BudgetStrategy } from '../../../server/services/red-envelope/red-budget';
import { naiveBudget } from '../../helpers/naive-red-envelope';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { answer, envelopeMoney, envelopeProject, fixedRule } from './red-helpers';

/**
 * Issue 49 acceptance: 50 parallel approvals against a budget for 10 → exactly 10 paid, the budget never
 * overspent, the ledger adds up. The naive read-then-write take is raced the same way and caught overspending.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
}, 60_000);
afterAll(() => t.close());

const PARALLEL = 50;

async function race(strategy: BudgetStrategy, rule = fixedRule(10)) {
  const s = await envelopeProject(t, rule, { balanceFen: rule.budgetFen, pay: true });
  const sheets = await answer(t, s.questionId, PARALLEL);
  const outcomes = await Promise.all(
    sheets.map((sheetId) => approveSheets(t.database, t.app.deps.pay, { kind: 'project', id: s.projectId }, [sheetId], s.owner.id, new Date(), strategy)),
  );
  const paid = outcomes.filter((o) => o.done === 1).length;
  const [transfers] = await t.database.query<{ n: number; fen: number }>(
    `SELECT count(*)::int AS n, coalesce(sum(amount_fen), 0)::int AS fen FROM sandbox_transfers WHERE out_batch_no LIKE $1`,
    [`RP${s.projectId}S%`],
  );
  return { paid, money: await envelopeMoney(t, s.projectId), transfers: transfers! };
}

describe(`red envelope approvals under concurrency (${engineName()})`, () => {
  it(`${PARALLEL} parallel approvals against a fixed budget for 10: exactly 10 paid, 10 transfers, never overspent`, async () => {
    const { paid, money, transfers } = await race(exactBudget);
    expect(paid).toBe(10);
    expect(transfers).toEqual({ n: 10, fen: 1_000 });
    expect(money).toMatchObject({ budget: 1_000, allocated: 1_000, paid_count: 10, payout: 1_000, payouts: 10 });
  }, 120_000);

  it(`${PARALLEL} parallel approvals of a random 10 元 for 10: the amounts add up to the budget exactly`, async () => {
    const { paid, money, transfers } = await race(exactBudget, { ...fixedRule(10), amountMode: 'random', minFen: 30, maxFen: 500 });
    expect(paid).toBe(10);
    expect(transfers.fen).toBe(1_000);
    expect(money).toMatchObject({ allocated: 1_000, payout: 1_000, payouts: 10 });
  }, 120_000);

  it('the naive read-then-write take is caught paying more envelopes than the budget holds', async () => {
    const { paid, transfers } = await race(naiveBudget);
    expect(paid).toBeGreaterThan(10);
    expect(transfers.fen).toBeGreaterThan(1_000);
  }, 120_000);
});
