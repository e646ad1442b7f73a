import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrderListResult } from '../../../schemas/api/pay';
import type { PayProvider, PayRefundResult } from '../../../server/providers/pay';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { buy, buyer, ledgerOf, manage, publishShop, sandboxPay, startPay, type ShopCtx } from './pay-helpers';

/**
 * Issue 21: a refund the provider answers "processing" is asked about again (the sweep, or when the creator
 * looks at the orders) until it ends: one state change, and a ledger row only on success.
 */
let t: TestApp;
/** What the fake provider answers the refund and the follow-up questions; every question is counted. */
const script: { refund: PayRefundResult; query: PayRefundResult; asked: number } = {
  refund: { state: 'processing' },
  query: { state: 'processing' },
  asked: 0,
};
const fake = {
  name: 'wechat',
  refund: async () => script.refund,
  queryRefund: async () => {
    script.asked += 1;
    return script.query;
  },
} as unknown as PayProvider;

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  const byName = t.app.deps.pay.byName;
  t.app.deps.pay.byName = (name) => (name === 'fake' ? fake : byName(name));
}, 60_000);
afterAll(() => t.close());

/** A paid ¥50.00 order whose trade now belongs to the fake provider. */
async function paidOrder(): Promise<{ ctx: ShopCtx; orderNo: string }> {
  const ctx = await publishShop(t);
  const me = buyer();
  const { orderNo } = (await buy(t, ctx, me, [{ productId: ctx.ticket, quantity: 2 }])).data.order!;
  await startPay(t, orderNo, me);
  await sandboxPay(t, orderNo);
  await t.database.query(`UPDATE orders SET provider = 'fake' WHERE order_no = $1`, [orderNo]);
  return { ctx, orderNo };
}

const orderRow = async (orderNo: string) =>
  (await t.database.query<{ state: string; refunded_fen: number }>('SELECT state, refunded_fen FROM orders WHERE order_no = $1', [orderNo]))[0]!;
const refundRows = (orderNo: string) =>
  t.database.query<{ state: string; refund_id: string | null }>(
    'SELECT r.state, r.refund_id FROM order_refunds r JOIN orders o ON o.id = r.order_id WHERE o.order_no = $1 ORDER BY r.id',
    [orderNo],
  );

describe(`refund follow-up on ${engineName()}`, () => {
  it('a processing refund stays refunding until the provider says success; then one ledger row, however many ask at once', async () => {
    const { ctx, orderNo } = await paidOrder();
    script.refund = { state: 'processing' };
    script.query = { state: 'processing' };
    const answer = await manage(t, ctx, 'refundOrder', { orderNo, amountFen: 2000, reason: '退一张票' });
    expect(answer.resultCode).toBe('200');
    expect(answer.data).toMatchObject({ state: 'refunding', refundedFen: 2000 });
    expect(answer.data.refunds).toEqual([expect.objectContaining({ amountFen: 2000, state: 'processing' })]);

    // Still processing: the sweep asks and changes nothing.
    const asked = script.asked;
    await t.app.orderSweeper.runOnce();
    expect(script.asked).toBeGreaterThan(asked);
    expect(await orderRow(orderNo)).toEqual({ state: 'refunding', refunded_fen: 2000 });
    expect(await ledgerOf(t, orderNo)).toEqual([{ kind: 'payment', amount_fen: 5000 }]);
    // Another refund waits for this one.
    expect((await manage(t, ctx, 'refundOrder', { orderNo, amountFen: 100 })).resultMsg).toBe('订单正在退款中，请稍后再试');

    // The provider finished it: sweeps and the creator's list ask at the same time; it settles once.
    script.query = { state: 'success', refundId: 'WX-REFUND-1' };
    await Promise.all([
      t.app.orderSweeper.runOnce(),
      t.app.orderSweeper.runOnce(),
      manage<TOrderListResult>(t, ctx, 'getOrderList', {}),
      t.app.orderSweeper.runOnce(),
    ]);
    expect(await ledgerOf(t, orderNo)).toEqual([
      { kind: 'payment', amount_fen: 5000 },
      { kind: 'refund', amount_fen: -2000 },
    ]);
    expect(await orderRow(orderNo)).toEqual({ state: 'paid', refunded_fen: 2000 });
    expect(await refundRows(orderNo)).toEqual([{ state: 'success', refund_id: 'WX-REFUND-1' }]);
    // Ended refunds are not asked about again.
    const after = script.asked;
    await t.app.orderSweeper.runOnce();
    expect(script.asked).toBe(after);
  });

  it('the rest refunded, settled when the creator opens the orders: the order ends refunded', async () => {
    const { ctx, orderNo } = await paidOrder();
    script.query = { state: 'processing' };
    expect((await manage(t, ctx, 'refundOrder', { orderNo, amountFen: 5000 })).data.state).toBe('refunding');
    script.query = { state: 'success', refundId: 'WX-REFUND-2' };
    const list = await manage<TOrderListResult>(t, ctx, 'getOrderList', {});
    expect(list.data.list[0]).toMatchObject({ orderNo, state: 'refunded', refundedFen: 5000 });
    expect(list.data.summary).toMatchObject({ refundedFen: 5000, netFen: 0 });
    expect(await ledgerOf(t, orderNo)).toHaveLength(2);
  });

  it('a refund the provider finally refuses gives the amount back: no ledger row, the order as it was, refundable again', async () => {
    const { ctx, orderNo } = await paidOrder();
    await manage(t, ctx, 'shipOrder', { orderNo });
    script.query = { state: 'processing' };
    await manage(t, ctx, 'refundOrder', { orderNo, amountFen: 3000 });
    script.query = { state: 'failed' };
    await Promise.all([t.app.orderSweeper.runOnce(), t.app.orderSweeper.runOnce()]);
    expect(await orderRow(orderNo)).toEqual({ state: 'shipped', refunded_fen: 0 });
    expect(await ledgerOf(t, orderNo)).toEqual([{ kind: 'payment', amount_fen: 5000 }]);
    expect(await refundRows(orderNo)).toEqual([{ state: 'failed', refund_id: null }]);

    script.refund = { state: 'success', refundId: 'WX-REFUND-3' };
    const again = await manage(t, ctx, 'refundOrder', { orderNo, amountFen: 5000 });
    expect(again.data).toMatchObject({ state: 'refunded', refundedFen: 5000 });
    script.refund = { state: 'processing' };
  });

  it('a provider that cannot be reached is asked again next time; nothing changes meanwhile', async () => {
    const { ctx, orderNo } = await paidOrder();
    script.query = { state: 'processing' };
    await manage(t, ctx, 'refundOrder', { orderNo, amountFen: 1000 });
    const down = fake.queryRefund!;
    fake.queryRefund = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    try {
      await t.app.orderSweeper.runOnce();
      expect(await orderRow(orderNo)).toEqual({ state: 'refunding', refunded_fen: 1000 });
    } finally {
      fake.queryRefund = down;
    }
    script.query = { state: 'success', refundId: 'WX-REFUND-4' };
    await t.app.orderSweeper.runOnce();
    expect(await orderRow(orderNo)).toEqual({ state: 'paid', refunded_fen: 1000 });
  });
});
