import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMemberList } from '../../../schemas/api/member';
import type { TBalancePayPack, TPurchaseResult } from '../../../schemas/api/recharge';
import type { TUserInfo } from '../../../schemas/api/user';
import { makeSubject } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { balanceAndLedger, newPayer, recharge, type Payer } from './money-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
}, 60_000);
afterAll(() => t.close());

const buy = (payer: Payer, packageId: unknown, call = 'getBalancePay') => t.call<TPurchaseResult>(`active/pay/${call}`, { packageId }, payer.headers);
const DAY = 86_400_000;

describe(`buying from the balance (${engineName()})`, () => {
  it('lists the four kinds of packages and the member plans with the balance and what is left', async () => {
    const payer = await newPayer(t);
    const pack = await t.call<TBalancePayPack>('recharge/getBalancePayPack', {}, payer.headers);
    expect(new Set(pack.data.packages.map((p) => p.kind))).toEqual(new Set(['ai', 'sms', 'advert', 'risk']));
    expect(pack.data.memberPlans.map((p) => p.id)).toContain('member-2-month');
    expect(pack.data).toMatchObject({ balanceFen: 0, quotas: { ai: 0, sms: 0, advert: 0, risk: 0 } });
    const sms = await t.call<TBalancePayPack>('recharge/getBalancePayPack', { kind: 'sms' }, payer.headers);
    expect(sms.data.packages.every((p) => p.kind === 'sms')).toBe(true);
    expect((await t.call('recharge/getBalancePayPack', { kind: 'coins' }, payer.headers)).resultCode).toBe('400');
  });

  it('a package adds to its quota and takes its price, on the ledger; refusals change nothing', async () => {
    const payer = await newPayer(t);
    expect(await buy(payer, 'ai-100', 'getBalancePayAiCoin')).toMatchObject({
      resultCode: '409',
      resultMsg: '余额不足：当前余额 0.00 元，需支付 9.90 元，请先充值',
      data: { reason: 'insufficientBalance', balanceFen: 0, priceFen: 990 },
    });
    await recharge(t, payer, 10_000);
    const ai = await buy(payer, 'ai-100', 'getBalancePayAiCoin');
    expect(ai.data).toMatchObject({ amountFen: 990, balanceFen: 9_010, quota: { kind: 'ai', remaining: 100 }, member: null });
    expect((await buy(payer, 'ai-500', 'getBalancePayAiCoin')).data.quota).toEqual({ kind: 'ai', remaining: 600 });
    expect((await buy(payer, 'risk-1000', 'getRiskControlPay')).data.quota).toEqual({ kind: 'risk', remaining: 1_000 });

    for (const [packageId, call, message] of [
      ['ai-7', 'getBalancePay', '套餐不存在，请刷新页面后重新选择'],
      ['', 'getBalancePay', '套餐不存在，请刷新页面后重新选择'],
      [12, 'getBalancePay', '请选择套餐'],
      ['sms-100', 'getBalancePayAiCoin', '该套餐不是AI次数套餐'],
      ['member-2-month', 'getAdvertPay', '该套餐不是去广告套餐'],
      ['advert-1', 'getRiskControlPay', '该套餐不是风控筛查套餐'],
    ] as const) {
      const answer = await buy(payer, packageId, call);
      expect(answer.resultCode, String(packageId)).toBe('400');
      expect(answer.resultMsg, String(packageId)).toContain(message);
    }
    expect((await t.call('active/pay/getBalancePay', { packageId: 'sms-100' })).resultCode).toBe('401');
    expect(await balanceAndLedger(t, payer.id)).toEqual({ balance: 10_000 - 990 - 3_900 - 3_000, ledger: 10_000 - 990 - 3_900 - 3_000, rows: 4 });
  });

  it('member plans: an upgrade lifts the creation limits at once, a renewal extends, a lower level is refused', async () => {
    const payer = await newPayer(t);
    await recharge(t, payer, 50_000);
    const limits = async () => (await t.call<{ maxNumber: number; memberLevel: number }>('activity/question/getQuestionCount', {}, payer.headers)).data;
    await t.database.query(`INSERT INTO daily_creations (user_id, day, count) VALUES ($1, (now() AT TIME ZONE 'Asia/Shanghai')::date, 20)`, [payer.id]);
    const create = () =>
      t.call<{ isCreate: number }>(
        'activity/question/saveOrUpdateWxQuestion',
        { questionType: 1, title: '会员测试', subjects: [makeSubject(1, 1)] },
        payer.headers,
      );
    expect((await create()).data.isCreate).toBe(0);
    expect(await limits()).toMatchObject({ maxNumber: 20, memberLevel: 1 });

    const before = Date.now();
    const pro = await buy(payer, 'member-2-month');
    expect(pro.resultCode, pro.resultMsg).toBe('200');
    expect(pro.data.member).toMatchObject({ memberLevel: 2, memberUpgradeType: 1 });
    const ends = new Date(pro.data.member!.expDate!).getTime();
    expect(ends - before).toBeGreaterThanOrEqual(30 * DAY - 1_000);
    expect(ends - before).toBeLessThan(30 * DAY + 60_000);
    expect(await limits()).toMatchObject({ maxNumber: 50, memberLevel: 2 });
    expect((await create()).data.isCreate).toBe(1);

    const info = (await t.call<TUserInfo>('activity/user/info', {}, payer.headers)).data;
    expect(info).toMatchObject({ memberLevel: 2, memberName: '专业版', expDate: pro.data.member!.expDate, memberUpgradeType: 1 });
    expect(info.memberTime).not.toBeNull();

    const renewed = await buy(payer, 'member-2-year');
    expect(new Date(renewed.data.member!.expDate!).getTime()).toBe(ends + 365 * DAY);
    expect(renewed.data.member!.memberUpgradeType).toBe(2);

    // Upgrading carries the days left of 专业版 over at their value: 395 days × 29 ÷ 99 ≈ 115.7 days, plus the month.
    const enterprise = await buy(payer, 'member-4-month');
    const left = ends + 365 * DAY - Date.now();
    const expected = Date.now() + 30 * DAY + (left * 2_900) / 9_900;
    expect(Math.abs(new Date(enterprise.data.member!.expDate!).getTime() - expected)).toBeLessThan(60_000);
    expect(await limits()).toMatchObject({ maxNumber: 100, memberLevel: 4 });

    const lower = await buy(payer, 'member-3-year');
    expect(lower).toMatchObject({ resultCode: '409', resultMsg: '当前已是企业版，不能购买较低的专业增强版；到期后可购买' });
    const spent = 2_900 + 19_900 + 9_900;
    expect(await balanceAndLedger(t, payer.id)).toEqual({ balance: 50_000 - spent, ledger: 50_000 - spent, rows: 4 });
  });

  it("getMemberList: the four levels of §9 with their prices, and the caller's level", async () => {
    const anonymous = await t.call<TMemberList>('wxApplet/member/getMemberList', {});
    expect(anonymous.data.current).toBeNull();
    expect(anonymous.data.levels.map((l) => [l.memberLevel, l.name, l.maxNumber, l.subjectCount, l.monthFen, l.yearFen])).toEqual([
      [1, '免费版', 20, 200, null, null],
      [2, '专业版', 50, 400, 2_900, 19_900],
      [3, '专业增强版', 80, 600, 5_900, 39_900],
      [4, '企业版', 100, 800, 9_900, 69_900],
    ]);
    expect(anonymous.data.levels[1]!.adds).toEqual(['每天可创建 50 个项目', '每个项目最多 400 道题']);
    const payer = await newPayer(t);
    const mine = await t.call<TMemberList>('wxApplet/member/getMemberList', {}, payer.headers);
    expect(mine.data.current).toEqual({ memberLevel: 1, expDate: null, memberTime: null, memberUpgradeType: null, balanceFen: 0 });
  });
});
