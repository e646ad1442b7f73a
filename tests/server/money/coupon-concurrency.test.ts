import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUserCoupon } from '../../../schemas/api/coupon';
import type { TPurchaseResult } from '../../../schemas/api/recharge';
import { naiveCoupon } from '../../helpers/naive-strategies';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { balanceAndLedger, newPayer, recharge } from './money-helpers';

/**
 * Issue 46 acceptance: one coupon named on 10 parallel purchases is used once — one purchase gets the discount,
 * the others are refused and take nothing — with a balance that would cover all ten. The naive strategy (read
 * whether it is used before the transaction, then mark it) is raced the same way and must be caught.
 */
let t: TestApp;
let naive: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  naive = await siblingApp(t, { strategies: { coupon: naiveCoupon } });
}, 60_000);
afterAll(async () => {
  await naive.close();
  await t.close();
});

async function race(app: TestApp) {
  const payer = await newPayer(t);
  await recharge(t, payer, 50_000);
  const coupon = await t.call<TUserCoupon>('activity/coupon/getCouponReceive', { couponId: 'welcome-10' }, payer.headers);
  expect(coupon.resultCode, coupon.resultMsg).toBe('200');
  const answers = await Promise.all(
    Array.from({ length: 10 }, () =>
      app.call<TPurchaseResult>('active/pay/getAdvertPay', { packageId: 'advert-1', couponCode: coupon.data.code }, payer.headers),
    ),
  );
  const bought = answers.filter((a) => a.resultCode === '200');
  const [used] = await t.database.query<{ used: number }>('SELECT count(*)::int AS used FROM user_coupons WHERE user_id = $1 AND used_at IS NOT NULL', [
    payer.id,
  ]);
  return { answers, bought, money: await balanceAndLedger(t, payer.id), used: used!.used };
}

describe(`a coupon under concurrency (${engineName()})`, () => {
  it('one coupon on 10 parallel purchases: used once, one discount, the others refused and charged nothing', async () => {
    const { answers, bought, money } = await race(t);
    expect(bought).toHaveLength(1);
    expect(bought[0]!.data).toMatchObject({ amountFen: 2_000, discountFen: 1_000 });
    const refused = answers.filter((a) => a.resultCode !== '200');
    expect(new Set(refused.map((a) => `${a.resultCode} ${a.resultMsg}`))).toEqual(new Set(['409 该优惠券已使用']));
    expect(money).toEqual({ balance: 48_000, ledger: 48_000, rows: 2 });
  });

  it('the naive read-then-write use is caught: one coupon pays for several purchases', async () => {
    const { bought, money } = await race(naive);
    expect(bought.length).toBeGreaterThan(1);
    expect(bought.every((a) => a.data.discountFen === 1_000)).toBe(true);
    expect(money.balance).toBeLessThan(48_000);
  });
});
