import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { naiveCapacity } from '../../helpers/naive-strategies';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { closeDueOrders } from '../../../server/services/pay/order-close.service';
import { buy, buyer, ledgerOf, publishShop, sandboxNotify, startPay, status, stockLeft } from './pay-helpers';

let t: TestApp;
/** The same database through an app whose submit takes stock read-then-write (tests/helpers/naive-strategies.ts). */
let naive: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  naive = await siblingApp(t, { strategies: { capacity: naiveCapacity } });
});
afterAll(async () => {
  await naive.close();
  await t.close();
});

const orderCount = async (questionId: string) =>
  (
    await t.database.query<{ n: number; units: number }>(
      `SELECT count(DISTINCT o.id)::int AS n, coalesce(sum(l.quantity), 0)::int AS units FROM orders o JOIN projects p ON p.id = o.project_id
       JOIN order_lines l ON l.order_id = o.id WHERE p.public_id = $1`,
      [questionId],
    )
  )[0]!;

async function race(app: TestApp) {
  const ctx = await publishShop(t, { stock: 10 });
  const answers = await Promise.all(Array.from({ length: 40 }, () => buy(app, ctx, buyer(), [{ productId: ctx.ticket, quantity: 1 }])));
  return { ctx, answers, count: await orderCount(ctx.questionId) };
}

describe(`orders under concurrency on ${engineName()}`, () => {
  it('40 parallel orders for a stock of 10: exactly 10 orders, the others told the stock is gone; all 10 can be paid', async () => {
    const { ctx, answers, count } = await race(t);
    const made = answers.filter((a) => a.resultCode === '200');
    expect(made).toHaveLength(10);
    expect(count).toEqual({ n: 10, units: 10 });
    expect(answers.filter((a) => a.resultCode !== '200').every((a) => a.resultMsg === '商品「门票」库存不足，请减少数量或选择其他商品')).toBe(true);
    expect(await stockLeft(t, ctx)).toBe(0);
    // Every order made is payable: each is its sheet's, with the sheet stored.
    const sheets = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders o JOIN answer_sheets a ON a.id = o.sheet_id JOIN projects p ON p.id = o.project_id WHERE p.public_id = $1',
      [ctx.questionId],
    );
    expect(sheets[0]!.n).toBe(10);
  });

  it('has teeth: the naive read-then-write stock oversells (more than 10 orders)', async () => {
    const { count } = await race(naive);
    expect(count.n).toBeGreaterThan(10);
  });

  it('10 parallel identical notifies pay once and write one ledger row', async () => {
    const ctx = await publishShop(t);
    const me = buyer();
    const { orderNo } = (await buy(t, ctx, me, [{ productId: ctx.ticket, quantity: 2 }])).data.order!;
    await startPay(t, orderNo, me);
    const notify = { outTradeNo: orderNo, transactionId: 'SBX-parallel-1', amountFen: 5000, state: 'paid' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => sandboxNotify(t, notify)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect((await status(t, orderNo, me)).data.state).toBe('paid');
    expect(await ledgerOf(t, orderNo)).toEqual([{ kind: 'payment', amount_fen: 5000 }]);
  });

  it('parallel sweeps close each due order once and give its stock back once (paid orders keep theirs)', async () => {
    const ctx = await publishShop(t, { stock: 6 });
    const buyers = Array.from({ length: 6 }, () => buyer());
    const orders = await Promise.all(buyers.map((b) => buy(t, ctx, b, [{ productId: ctx.ticket, quantity: 1 }])));
    for (const i of [0, 1, 2]) {
      const { orderNo } = orders[i]!.data.order!;
      await startPay(t, orderNo, buyers[i]!);
      await sandboxNotify(t, { outTradeNo: orderNo, transactionId: `SBX-keep-${i}`, amountFen: 2500, state: 'paid' });
    }
    expect(await stockLeft(t, ctx)).toBe(0);
    const later = new Date(Date.now() + 20 * 60_000);
    const projectId = (await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [ctx.questionId]))[0]!.id;
    const closed = await Promise.all(Array.from({ length: 5 }, () => closeDueOrders(t.database, t.app.deps.pay, later, { projectId })));
    expect(closed.reduce((a, b) => a + b, 0)).toBe(3);
    // Three units given back once each: a second return would leave more than 3 on sale.
    expect(await stockLeft(t, ctx)).toBe(3);
  });
});
