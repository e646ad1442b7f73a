import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayNotifyRequest } from '../../../server/providers/pay';
import { naiveReceipts } from '../../helpers/naive-strategies';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { buy, buyer, ledgerMismatches, ledgerRowsOf, publishShop, receiptsOf, sandboxNotify, sandboxPay, startPay, status } from './pay-helpers';
import { postNotify } from './real-providers';

/**
 * Issue 42 item 3c: ten copies of a late or a double payment's notify arriving together record one unmatched
 * receipt and refund it once; every copy is answered SUCCESS, after the record. A naive strategy (look for the
 * receipt, then insert it; read its state, then claim its refund) answers copies with 500 and asks the provider
 * for the refund more than once.
 */
let t: TestApp;
let naive: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  naive = await siblingApp(t, { strategies: { receipts: naiveReceipts } });
}, 60_000);
afterAll(async () => {
  await naive.close();
  await t.close();
});

/** Count the sandbox's refund calls for the next race. */
function countRefunds(app: TestApp) {
  const sandbox = app.app.deps.pay.sandbox!;
  const real = sandbox.refund.bind(sandbox);
  let calls = 0;
  sandbox.refund = async (input) => {
    calls += 1;
    return real(input);
  };
  return { calls: () => calls, restore: () => (sandbox.refund = real) };
}

/** An order the sandbox took payment for after its window closed; the notify not delivered yet. */
async function latePayment(app: TestApp): Promise<{ orderNo: string; notify: PayNotifyRequest }> {
  const ctx = await publishShop(t, { settings: { paymentWindowMinutes: 5 } });
  const me = buyer();
  const { orderNo } = (await buy(t, ctx, me, [{ productId: ctx.ticket, quantity: 1 }])).data.order!;
  await startPay(t, orderNo, me);
  const { notify } = (await app.app.deps.pay.sandbox!.decide(orderNo, 'pay', new Date()))!;
  // Its window ends now: the buyer's next look closes it (and gives its stock back), before the notify arrives.
  await t.database.query(`UPDATE orders SET closes_at = now() - interval '1 second' WHERE order_no = $1`, [orderNo]);
  expect((await status(t, orderNo, me)).data.state).toBe('closed');
  return { orderNo, notify: notify! };
}

/** A paid order and a second sandbox transaction for it. */
async function doublePayment(): Promise<{ orderNo: string; send: (app: TestApp) => ReturnType<typeof sandboxNotify> }> {
  const ctx = await publishShop(t);
  const me = buyer();
  const { orderNo } = (await buy(t, ctx, me, [{ productId: ctx.ticket, quantity: 1 }])).data.order!;
  await startPay(t, orderNo, me);
  await sandboxPay(t, orderNo);
  const second = { outTradeNo: orderNo, transactionId: `SBX-second-${orderNo}`, amountFen: 2500, state: 'paid' };
  return { orderNo, send: (app) => sandboxNotify(app, second) };
}

/** A late payment whose first refund the sandbox refused: recorded, waiting to try again, and due now. */
async function waitingReceipt(app: TestApp): Promise<{ orderNo: string }> {
  const { orderNo, notify } = await latePayment(app);
  const sandbox = app.app.deps.pay.sandbox!;
  const real = sandbox.refund;
  sandbox.refund = async () => ({ state: 'failed' });
  try {
    expect((await postNotify(app, 'sandbox', notify as { headers: Record<string, string>; body: string })).statusCode).toBe(200);
  } finally {
    sandbox.refund = real;
  }
  expect(await receiptsOf(t, orderNo)).toMatchObject([{ state: 'recorded', last_error: '支付渠道拒绝了这笔退款' }]);
  await t.database.query(`UPDATE unmatched_receipts SET retry_at = now() - interval '1 second' WHERE out_trade_no = $1`, [orderNo]);
  return { orderNo };
}

describe(`unmatched receipts under concurrency on ${engineName()}`, () => {
  it('ten parallel copies of a late payment notify: one receipt, one refund, every copy answered SUCCESS', async () => {
    const { orderNo, notify } = await latePayment(t);
    const refunds = countRefunds(t);
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => postNotify(t, 'sandbox', notify as { headers: Record<string, string>; body: string })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
      expect(refunds.calls()).toBe(1);
    } finally {
      refunds.restore();
    }
    expect(await receiptsOf(t, orderNo)).toMatchObject([{ reason: 'late', state: 'refunded', amount_fen: 2500 }]);
    expect(await ledgerRowsOf(t, orderNo)).toEqual([
      { kind: 'unmatched', amount_fen: 2500, provider: 'sandbox' },
      { kind: 'unmatched_refund', amount_fen: -2500, provider: 'sandbox' },
    ]);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('ten parallel copies of a double payment notify: one receipt, one refund; the order keeps its own payment once', async () => {
    const { orderNo, send } = await doublePayment();
    const refunds = countRefunds(t);
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => send(t)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
      expect(refunds.calls()).toBe(1);
    } finally {
      refunds.restore();
    }
    expect(await receiptsOf(t, orderNo)).toMatchObject([{ reason: 'double', state: 'refunded' }]);
    expect(await ledgerRowsOf(t, orderNo)).toEqual([
      { kind: 'payment', amount_fen: 2500, provider: 'sandbox' },
      { kind: 'unmatched', amount_fen: 2500, provider: 'sandbox' },
      { kind: 'unmatched_refund', amount_fen: -2500, provider: 'sandbox' },
    ]);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('a receipt whose first refund failed, due again: ten sweeps at once ask the provider once', async () => {
    const { orderNo } = await waitingReceipt(t);
    const refunds = countRefunds(t);
    try {
      await Promise.all(Array.from({ length: 10 }, () => t.app.orderSweeper.runOnce()));
      expect(refunds.calls()).toBe(1);
    } finally {
      refunds.restore();
    }
    expect(await receiptsOf(t, orderNo)).toMatchObject([{ state: 'refunded', last_error: null }]);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('has teeth: the naive strategy answers copies with 500, and asks for one refund more than once', async () => {
    const { notify } = await latePayment(naive);
    const { send } = await doublePayment();
    const late = await Promise.all(Array.from({ length: 10 }, () => postNotify(naive, 'sandbox', notify as { headers: Record<string, string>; body: string })));
    const double = await Promise.all(Array.from({ length: 10 }, () => send(naive)));
    expect([...late, ...double].filter((a) => a.statusCode === 500).length).toBeGreaterThan(0);

    await waitingReceipt(naive);
    const refunds = countRefunds(naive);
    try {
      await Promise.all(Array.from({ length: 10 }, () => naive.app.orderSweeper.runOnce()));
      expect(refunds.calls()).toBeGreaterThan(1);
    } finally {
      refunds.restore();
    }
  });
});
