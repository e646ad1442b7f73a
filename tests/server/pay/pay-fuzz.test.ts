import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract } from '../../../schemas/api/contract';
import { orderCalls, payCalls } from '../../../schemas/api/pay';
import { payStatementCalls } from '../../../schemas/api/pay-statement';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { arbitraryOf } from '../../helpers/zod-arbitrary';
import { buy, buyer, publishShop, sandboxPay, startPay, type ShopCtx } from './pay-helpers';

/**
 * Every pay and order call with bodies drawn from its own request schema, aimed at real orders (one paid, one
 * unpaid) of a published payment page, as the creator, as the buyer's device and logged out, then with one field
 * broken at a time, and the notify routes with junk. Never a "500"; each call answers "200" at least once.
 */
let t: TestApp;
let ctx: ShopCtx;
let orders: { paid: string; unpaid: string; deviceId: string };
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  ctx = await publishShop(t, { stock: 1_000 });
  const deviceId = buyer();
  const paid = (await buy(t, ctx, deviceId, [{ productId: ctx.ticket, quantity: 4 }])).data.order!.orderNo;
  const unpaid = (await buy(t, ctx, deviceId, [{ productId: ctx.shirt, quantity: 1 }])).data.order!.orderNo;
  await startPay(t, paid, deviceId);
  await sandboxPay(t, paid);
  orders = { paid, unpaid, deviceId };
}, 60_000);
afterAll(() => t.close());

const JUNK = [null, 1, -1, 1e12, 'x'.repeat(5_000), '', '\u0000', { a: 1 }, [1], true, '20261127000000000000'];
const succeeded = new Set<string>();

async function expectNo500(path: string, body: unknown, headers: Record<string, string> = {}) {
  // The export calls queue jobs the runner (manual here) never takes: clear them so the open-job limit stays out of the way.
  if (path.includes('/export')) await t.database.query('DELETE FROM export_jobs');
  const answer = await t.call(path, body, headers);
  expect(answer.resultCode, `${path} ${JSON.stringify(body).slice(0, 200)} → ${answer.resultMsg}`).not.toBe('500');
  if (answer.resultCode === '200') succeeded.add(path);
}

const CALLS = [...Object.values(payCalls), ...Object.values(orderCalls), ...Object.values(payStatementCalls)].map((c) => [c.path, c] as [string, Contract]);

describe.each(CALLS)('%s', (path, contract) => {
  it('answers drawn bodies aimed at real orders without a "500", and succeeds at least once', async () => {
    await fc.assert(
      // Every drawn body is sent for the paid and the unpaid order, as the owner and as nobody, so each call meets
      // the case it succeeds in on the first draw.
      fc.asyncProperty(arbitraryOf(contract.request), async (drawn) => {
        for (const [paid, asOwner] of [
          [true, true],
          [false, true],
          [true, false],
          [false, false],
        ] as const) {
          const body: Record<string, unknown> = { ...(drawn as object) };
          if ('questionId' in body || path.startsWith('active/commodity/')) body.questionId = ctx.questionId;
          if ('orderNo' in body || path.startsWith('active/commodity/order/')) body.orderNo = paid ? orders.paid : orders.unpaid;
          if ('deviceId' in body) body.deviceId = orders.deviceId;
          if ('outTradeNo' in body) body.outTradeNo = orders.paid;
          if ('amountFen' in body) body.amountFen = 1;
          if ('state' in body) delete body.state;
          if ('productId' in body) delete body.productId;
          if ('keyword' in body) delete body.keyword;
          await expectNo500(path, body, asOwner ? ctx.owner.headers : {});
        }
      }),
      { numRuns: 12 },
    );
    for (const junk of JUNK) {
      await expectNo500(path, junk, ctx.owner.headers);
      await expectNo500(path, { questionId: ctx.questionId, orderNo: junk, deviceId: junk, amountFen: junk }, ctx.owner.headers);
    }
    expect(succeeded.has(path), `${path} never answered "200"`).toBe(true);
  }, 60_000);
});

describe('the notify routes', () => {
  it('answer junk with the provider\u2019s "failed", never a fault', async () => {
    const notify = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/pay/notify/sandbox', headers: { 'content-type': 'application/json', 'x-sandbox-signature': 'ab' }, payload });
    for (const payload of ['', 'null', '{"outTradeNo":1}', '\u0000', JSON.stringify({ outTradeNo: orders.unpaid, amountFen: 100 })]) {
      const answer = await notify(payload);
      expect(answer.statusCode).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ code: 'FAIL' });
    }
    // Past the body limit: refused before the handler, in the envelope.
    expect((await notify('x'.repeat(70_000))).json()).toMatchObject({ resultCode: '400', resultMsg: '请求体过大' });
    expect((await t.app.inject({ method: 'POST', url: '/pay/notify/nobody', payload: '{}' })).statusCode).toBe(200);
    const alipay = await t.app.inject({ method: 'GET', url: '/api/active/pay/alipay/notify?out_trade_no=1&sign=x' });
    expect(alipay.statusCode).toBe(404);
    expect(alipay.body).toBe('fail');
  });
});
