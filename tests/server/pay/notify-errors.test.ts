import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { buy, buyer, ledgerOf, publishShop, sandboxNotify, startPay, status } from './pay-helpers';

/**
 * Issue 42 item 3a: when applying a verified notify fails on our side, the provider is answered with a non-2xx
 * status so it sends the notify again, and the failure is logged at error level with the order number. Before,
 * the envelope answered HTTP 200 (resultCode "500"), which every provider takes as delivered.
 */
const lines: { level: number; msg: string; outTradeNo?: string }[] = [];
let t: TestApp;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  t = await createTestApp({ jobs: 'manual', logger: { level: 'warn', stream } });
}, 60_000);
afterAll(() => t.close());

describe(`a notify we fail to apply on ${engineName()}`, () => {
  it('a transaction id already on the ledger (another order’s): answered 500, logged at error level with the order number, the order unpaid; its own payment later is taken', async () => {
    const ctx = await publishShop(t);
    const [first, second] = [buyer(), buyer()];
    const a = (await buy(t, ctx, first, [{ productId: ctx.ticket, quantity: 1 }])).data.order!;
    const b = (await buy(t, ctx, second, [{ productId: ctx.ticket, quantity: 1 }])).data.order!;
    await startPay(t, a.orderNo, first);
    await startPay(t, b.orderNo, second);
    expect((await sandboxNotify(t, { outTradeNo: a.orderNo, transactionId: 'SBX-dup-1', amountFen: 2500, state: 'paid' })).statusCode).toBe(200);

    const failed = await sandboxNotify(t, { outTradeNo: b.orderNo, transactionId: 'SBX-dup-1', amountFen: 2500, state: 'paid' });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ code: 'FAIL' });
    const logged = lines.filter((l) => l.level === 50);
    expect(logged).toEqual([expect.objectContaining({ outTradeNo: b.orderNo, msg: `pay notify could not be applied (order ${b.orderNo})` })]);
    expect((await status(t, b.orderNo, second)).data.state).toBe('created');
    expect(await ledgerOf(t, b.orderNo)).toEqual([]);

    // The provider sends its real notify again: it is taken.
    expect((await sandboxNotify(t, { outTradeNo: b.orderNo, transactionId: 'SBX-dup-2', amountFen: 2500, state: 'paid' })).statusCode).toBe(200);
    expect((await status(t, b.orderNo, second)).data.state).toBe('paid');
  });

  it('the database failing while the payment is written: 500, logged with the order number, nothing changed', async () => {
    const ctx = await publishShop(t);
    const me = buyer();
    const { orderNo } = (await buy(t, ctx, me, [{ productId: ctx.ticket, quantity: 1 }])).data.order!;
    await startPay(t, orderNo, me);
    const transaction = t.database.transaction;
    t.database.transaction = async () => {
      throw new Error('connection terminated unexpectedly');
    };
    try {
      const answer = await sandboxNotify(t, { outTradeNo: orderNo, transactionId: 'SBX-db-down', amountFen: 2500, state: 'paid' });
      expect(answer.statusCode).toBe(500);
    } finally {
      t.database.transaction = transaction;
    }
    expect(lines.filter((l) => l.level === 50 && l.outTradeNo === orderNo)).toHaveLength(1);
    expect((await status(t, orderNo, me)).data.state).toBe('created');
  });
});
