import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCouponOffer, TUserCoupon } from '../../../schemas/api/coupon';
import type { TBalancePayPack, TPurchaseResult, TTransaction } from '../../../schemas/api/recharge';
import type { TUserInfo } from '../../../schemas/api/user';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { balanceAndLedger, newPayer, recharge, type Payer } from './money-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
}, 120_000);
afterAll(() => t.close());

const receive = (payer: Payer, couponId: unknown) => t.call<TUserCoupon>('activity/coupon/getCouponReceive', { couponId }, payer.headers);
const mine = (payer: Payer, body: Record<string, unknown> = {}) =>
  t.call<{ list: TUserCoupon[]; total: number; counts: Record<string, number> }>('activity/coupon/getUserCouponList', body, payer.headers);
const buy = (payer: Payer, packageId: string, couponCode?: string, call = 'getBalancePay') =>
  t.call<TPurchaseResult>(`active/pay/${call}`, { packageId, couponCode }, payer.headers);

describe(`coupons (${engineName()})`, () => {
  it('the catalogue says what each coupon takes off and whether the caller holds it; each is received once', async () => {
    const anonymous = await t.call<{ list: TCouponOffer[] }>('activity/coupon/getCouponList', {});
    expect(anonymous.data.list.map((c) => c.couponId)).toEqual(['welcome-10', 'member-30', 'package-5']);
    expect(anonymous.data.list.every((c) => !c.received && !c.receivable)).toBe(true);

    const payer = await newPayer(t);
    const got = await receive(payer, 'welcome-10');
    expect(got).toMatchObject({ resultCode: '200', resultMsg: '领取成功', data: { couponId: 'welcome-10', discountFen: 1_000, status: 'usable' } });
    expect(got.data.code).toMatch(/^U[0-9A-Z]{16}$/);
    expect(await receive(payer, 'welcome-10')).toMatchObject({ resultCode: '409', resultMsg: '您已领取过该优惠券' });
    expect(await receive(payer, 'free-money')).toMatchObject({ resultCode: '400', resultMsg: expect.stringContaining('优惠券不存在或已下架') });
    expect((await t.call('activity/coupon/getCouponReceive', { couponId: 'welcome-10' })).resultCode).toBe('401');
    const list = await t.call<{ list: TCouponOffer[] }>('activity/coupon/getCouponList', {}, payer.headers);
    expect(list.data.list.find((c) => c.couponId === 'welcome-10')).toMatchObject({ received: true, receivable: false });
    expect(list.data.list.find((c) => c.couponId === 'member-30')).toMatchObject({ received: false, receivable: true });

    // The new-user coupon is for accounts younger than 30 days.
    const old = await newPayer(t);
    await t.database.query(`UPDATE users SET created_at = now() - interval '40 days' WHERE id = $1`, [old.id]);
    expect(await receive(old, 'welcome-10')).toMatchObject({ resultCode: '409', resultMsg: '该优惠券仅限注册30天内的新用户领取' });
    expect((await receive(old, 'package-5')).resultCode).toBe('200');
  });

  it('a coupon takes its discount off one purchase, never below 0, shows on the ledger, and is then used', async () => {
    const payer = await newPayer(t);
    await recharge(t, payer, 5_000);
    const coupon = (await receive(payer, 'welcome-10')).data;
    const offered = await mine(payer, { packageId: 'ai-100' });
    expect(offered.data.list[0]).toMatchObject({ applicable: true, priceAfterFen: 0, refusal: null });

    const bought = await buy(payer, 'ai-100', coupon.code, 'getBalancePayAiCoin');
    expect(bought.data).toMatchObject({ amountFen: 0, discountFen: 990, couponCode: coupon.code, balanceFen: 5_000, quota: { kind: 'ai', remaining: 100 } });
    const ledger = await t.call<{ list: TTransaction[] }>('recharge/getUserTransactionList', {}, payer.headers);
    expect(ledger.data.list[0]).toMatchObject({ amountFen: 0, title: 'AI次数 100次（优惠券抵扣 9.90 元）', orderNo: bought.data.orderNo });
    expect(await balanceAndLedger(t, payer.id)).toEqual({ balance: 5_000, ledger: 5_000, rows: 2 });

    const after = await mine(payer);
    expect(after.data.list[0]).toMatchObject({ status: 'used', orderNo: bought.data.orderNo });
    expect(after.data.counts).toEqual({ usable: 0, used: 1, expired: 0 });
    expect(await buy(payer, 'sms-100', coupon.code)).toMatchObject({ resultCode: '409', resultMsg: '该优惠券已使用' });
    expect((await mine(payer, { status: 'usable' })).data.total).toBe(0);
  });

  it('refuses another user’s coupon as not found, and one that does not fit the purchase; a refused purchase keeps it', async () => {
    const payer = await newPayer(t);
    const other = await newPayer(t);
    await recharge(t, payer, 2_000);
    const member = (await receive(payer, 'member-30')).data;
    const pack = (await receive(payer, 'package-5')).data;
    const theirs = (await receive(other, 'welcome-10')).data;

    expect(await buy(payer, 'sms-100', theirs.code)).toMatchObject({ resultCode: '404', resultMsg: '优惠券不存在' });
    expect(await buy(payer, 'sms-100', member.code)).toMatchObject({ resultCode: '409', resultMsg: '该优惠券仅限开通会员使用' });
    expect(await buy(payer, 'sms-100', pack.code)).toMatchObject({ resultCode: '409', resultMsg: '该优惠券需订单满 30.00 元才能使用' });
    expect((await buy(payer, 'sms-100', 'not-a-code')).resultCode).toBe('400');
    // 30 元 less 5 元 is more than the 20 元 balance: refused, nothing taken, the coupon still usable.
    expect(await buy(payer, 'advert-1', pack.code, 'getAdvertPay')).toMatchObject({
      resultCode: '409',
      resultMsg: '余额不足：当前余额 20.00 元，需支付 25.00 元，请先充值',
    });
    expect((await mine(payer, { status: 'usable' })).data.total).toBe(2);
    expect(await balanceAndLedger(t, payer.id)).toEqual({ balance: 2_000, ledger: 2_000, rows: 1 });
    expect(await mine(payer, { packageId: 'sms-100' })).toMatchObject({
      data: {
        list: [
          { applicable: false, refusal: '该优惠券仅限开通会员使用' },
          { applicable: false, refusal: '该优惠券需订单满 30.00 元才能使用' },
        ],
      },
    });
  });

  it('an expired coupon is listed as 已过期, refused on a purchase, and may be removed from the list (a usable one may not)', async () => {
    const payer = await newPayer(t);
    await recharge(t, payer, 5_000);
    const coupon = (await receive(payer, 'package-5')).data;
    const usable = (await receive(payer, 'welcome-10')).data;
    await t.database.query(`UPDATE user_coupons SET expires_at = now() - interval '1 minute' WHERE code = $1`, [coupon.code]);
    expect((await mine(payer)).data.counts).toEqual({ usable: 1, used: 0, expired: 1 });
    expect(await buy(payer, 'advert-1', coupon.code)).toMatchObject({ resultCode: '409', resultMsg: '该优惠券已过期' });

    const hide = (code: string, hidden: boolean, who = payer) => t.call('activity/coupon/saveOrUpdateUserCoupon', { code, hidden }, who.headers);
    expect(await hide(usable.code, true)).toMatchObject({ resultCode: '409', resultMsg: '可用的优惠券不能删除' });
    expect(await hide(coupon.code, true, await newPayer(t))).toMatchObject({ resultCode: '404', resultMsg: '优惠券不存在' });
    expect((await hide(coupon.code, true)).resultCode).toBe('200');
    expect((await mine(payer)).data).toMatchObject({ total: 1, counts: { usable: 1, used: 0, expired: 0 } });
    expect((await hide(coupon.code, false)).resultCode).toBe('200');
    expect((await mine(payer)).data.total).toBe(2);
  });
});

describe(`coins bought from the balance (${engineName()})`, () => {
  it('getBalancePayCoin adds the coins the header shows, named by the brand; other kinds are refused', async () => {
    const payer = await newPayer(t);
    await recharge(t, payer, 2_000);
    const pack = await t.call<TBalancePayPack>('recharge/getBalancePayPack', {}, payer.headers);
    expect(pack.data.coinPackages[0]).toEqual({ id: 'coin-100', coins: 100, priceFen: 1_000, title: '问卷币 100个' });
    expect(pack.data.coin).toBe(0);
    const bought = await buy(payer, 'coin-100', undefined, 'getBalancePayCoin');
    expect(bought.data).toMatchObject({ title: '问卷币 100个', amountFen: 1_000, balanceFen: 1_000, coin: 100, quota: null, member: null });
    expect((await t.call<TUserInfo>('activity/user/info', {}, payer.headers)).data.coin).toBe(100);
    expect(await buy(payer, 'ai-100', undefined, 'getBalancePayCoin')).toMatchObject({
      resultCode: '400',
      resultMsg: expect.stringContaining('该套餐不是虚拟币套餐'),
    });
    expect(await buy(payer, 'coin-500', undefined, 'getBalancePayCoin')).toMatchObject({ resultCode: '409', resultMsg: expect.stringContaining('余额不足') });
    expect(await balanceAndLedger(t, payer.id)).toEqual({ balance: 1_000, ledger: 1_000, rows: 2 });
  });
});
