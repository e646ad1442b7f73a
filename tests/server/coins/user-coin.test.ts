import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUserCoin } from '../../../schemas/api/coins';
import type { TBalancePayPack, TPurchaseResult, TSaveRechargeResult } from '../../../schemas/api/recharge';
import type { TUserInfo } from '../../../schemas/api/user';
import { AI_COIN_RULE } from '../../../schemas/coins/rules';
import { exactCoinMover, type CoinChange } from '../../../server/services/coin-ledger/coin-ledger.service';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { newPayer, recharge, type Payer } from '../money/money-helpers';

/** Issue 51 item 1: coins per user and brand — bought, read by the header, the ledger page, exchanged for AI counts. */
let t: TestApp;
const clock = new Date('2026-12-05T02:00:00Z'); // 10:00 in China
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual', now: () => clock });
}, 120_000);
afterAll(() => t.close());

const HOSTS = { wenjuan: { host: 'wenjuan.localhost' }, toupiao: { host: 'toupiao.localhost' }, jielong: { host: 'jielong.localhost' } };
const on = (payer: Payer, brand: keyof typeof HOSTS) => ({ ...payer.headers, ...HOSTS[brand] });
const coins = (payer: Payer, brand: keyof typeof HOSTS, body: Record<string, unknown> = {}) =>
  t.call<TUserCoin>('activity/user/getUserCoin', body, on(payer, brand));
const exchange = (payer: Payer, count: unknown, brand: keyof typeof HOSTS = 'wenjuan') =>
  t.call<{ coin: number; coinName: string; spent: number; aiRemaining: number }>('activity/user/updateAiCoin', { count }, on(payer, brand));
const infoCoin = async (payer: Payer, brand: keyof typeof HOSTS) => (await t.call<TUserInfo>('activity/user/info', {}, on(payer, brand))).data.coin;

/** A change written the one sanctioned way (the exact mover in a transaction), at a chosen time. */
async function move(payer: Payer, change: Omit<CoinChange, 'userId' | 'brand' | 'at'> & { brand?: string; at: string }) {
  await t.database.transaction((q) => exactCoinMover.change(q, { ...change, userId: payer.id, brand: change.brand ?? 'wenjuan', at: new Date(change.at) }));
}

describe(`coins per brand (${engineName()})`, () => {
  it('coins bought on 投票通 are 投票通 coins: 问卷通 and 接龙通 do not see them, each host names its own coin', async () => {
    const payer = await newPayer(t);
    await recharge(t, payer, 3_000);
    const bought = await t.call<TPurchaseResult>('active/pay/getBalancePayCoin', { packageId: 'coin-100' }, on(payer, 'toupiao'));
    expect(bought.data).toMatchObject({ title: '金币 100个', coin: 100, balanceFen: 2_000 });
    expect(await infoCoin(payer, 'toupiao')).toBe(100);
    expect(await infoCoin(payer, 'wenjuan')).toBe(0);
    expect(await infoCoin(payer, 'jielong')).toBe(0);
    const pack = (host: keyof typeof HOSTS) => t.call<TBalancePayPack>('recharge/getBalancePayPack', {}, on(payer, host));
    expect((await pack('toupiao')).data).toMatchObject({ coin: 100 });
    expect((await pack('wenjuan')).data).toMatchObject({ coin: 0, coinPackages: expect.arrayContaining([expect.objectContaining({ title: '问卷币 100个' })]) });

    // Bought on 问卷通: its own account; 投票通's stays.
    expect((await t.call<TPurchaseResult>('active/pay/getBalancePay', { packageId: 'coin-100' }, on(payer, 'wenjuan'))).data).toMatchObject({
      title: '问卷币 100个',
      coin: 100,
    });
    const wenjuan = await coins(payer, 'wenjuan');
    expect(wenjuan.data).toMatchObject({ coin: 100, coinName: '问卷币', totalEarned: 100, totalSpent: 0, total: 1 });
    expect(wenjuan.data.list[0]).toMatchObject({ delta: 100, balanceAfter: 100, reason: 'buy', title: '问卷币 100个' });
    expect((await coins(payer, 'toupiao')).data).toMatchObject({ coin: 100, coinName: '金币', total: 1 });
    expect((await coins(payer, 'jielong')).data).toMatchObject({ coin: 0, coinName: '金币', total: 0, list: [] });
  });

  it('a coin pack paid through the pay provider lands on the brand the order was made on', async () => {
    const payer = await newPayer(t);
    const started = await t.call<TSaveRechargeResult>('recharge/saveRechargeOrder', { packageId: 'coin-100', method: 'wechat' }, on(payer, 'jielong'));
    expect(started.resultCode, started.resultMsg).toBe('200');
    const paid = await t.call('active/pay/sandbox/decide', { outTradeNo: started.data.orderNo, outcome: 'pay' });
    expect(paid.resultCode, paid.resultMsg).toBe('200');
    expect((await coins(payer, 'jielong')).data).toMatchObject({
      coin: 100,
      coinName: '金币',
      list: [expect.objectContaining({ delta: 100, title: '金币 100个', reason: 'buy' })],
    });
    expect(await infoCoin(payer, 'wenjuan')).toBe(0);
    // A replayed notify buys nothing twice.
    await t.call('active/pay/sandbox/decide', { outTradeNo: started.data.orderNo, outcome: 'pay' });
    expect(await infoCoin(payer, 'jielong')).toBe(100);
  });
});

describe(`the coin ledger page (${engineName()})`, () => {
  it('answers the balance, today’s and total earnings, total spending and the page filtered, newest first', async () => {
    const payer = await newPayer(t);
    await move(payer, { delta: 200, reason: 'buy', title: '问卷币 200个', at: '2026-12-01T03:00:00Z' });
    await move(payer, { delta: 5, reason: 'sign', at: '2026-12-03T15:59:00Z' }); // 12-03 23:59 in China
    await move(payer, { delta: -20, reason: 'draw', at: '2026-12-04T16:00:00Z' }); // 12-05 00:00 in China: today
    await move(payer, { delta: 15, reason: 'sign', title: '每日签到（连续第 3 天）', at: '2026-12-04T17:00:00Z' });
    await move(payer, { delta: 30, reason: 'task', at: '2026-12-05T01:00:00Z' });
    await move(payer, { delta: 50, reason: 'sign', brand: 'toupiao', at: '2026-12-05T01:00:00Z' });

    const all = (await coins(payer, 'wenjuan')).data;
    expect(all).toMatchObject({ coin: 230, coinName: '问卷币', todayEarned: 45, totalEarned: 250, totalSpent: 20, total: 5 });
    expect(all.list.map((r) => [r.delta, r.balanceAfter, r.reason])).toEqual([
      [30, 230, 'task'],
      [15, 200, 'sign'],
      [-20, 185, 'draw'],
      [5, 205, 'sign'],
      [200, 200, 'buy'],
    ]);
    expect(all.list[1]).toMatchObject({ title: '每日签到（连续第 3 天）', createTime: '2026-12-04T17:00:00.000Z' });
    expect(all.list[3]!.title).toBe('每日签到');

    const list = async (body: Record<string, unknown>) => {
      const page = (await coins(payer, 'wenjuan', body)).data;
      return { total: page.total, deltas: page.list.map((r) => r.delta) };
    };
    expect(await list({ direction: 'out' })).toEqual({ total: 1, deltas: [-20] });
    expect(await list({ direction: 'in' })).toEqual({ total: 4, deltas: [30, 15, 5, 200] });
    expect(await list({ reason: 'sign' })).toEqual({ total: 2, deltas: [15, 5] });
    expect(await list({ reason: 'sign', direction: 'out' })).toEqual({ total: 0, deltas: [] });
    // China days, both ends included: 12-03 holds the 23:59 sign-in; 12-05 starts at 16:00 UTC the day before.
    expect(await list({ from: '2026-12-03', to: '2026-12-03' })).toEqual({ total: 1, deltas: [5] });
    expect(await list({ from: '2026-12-05' })).toEqual({ total: 3, deltas: [30, 15, -20] });
    expect(await list({ to: '2026-12-04' })).toEqual({ total: 2, deltas: [5, 200] });
    expect(await list({ page: 2, pageSize: 2 })).toEqual({ total: 5, deltas: [-20, 5] });
    expect(await list({ page: 4, pageSize: 2 })).toEqual({ total: 5, deltas: [] });
  });

  it('refuses bad filters with a Chinese message and asks for a login', async () => {
    const payer = await newPayer(t);
    expect(await coins(payer, 'wenjuan', { from: '2026-12-06', to: '2026-12-05' })).toMatchObject({
      resultCode: '400',
      resultMsg: 'from: 开始日期不能晚于结束日期',
    });
    expect(await coins(payer, 'wenjuan', { from: '2026-02-30' })).toMatchObject({ resultCode: '400', resultMsg: 'from: 日期不存在' });
    expect((await coins(payer, 'wenjuan', { direction: 'sideways' })).resultCode).toBe('400');
    expect((await coins(payer, 'wenjuan', { reason: 'stolen' })).resultCode).toBe('400');
    expect((await t.call('activity/user/getUserCoin', {})).resultCode).toBe('401');
    expect((await t.call('activity/user/updateAiCoin', { count: 1 })).resultCode).toBe('401');
  });
});

describe(`coins for AI counts (${engineName()})`, () => {
  it('spends coinsPerUse coins per AI use and adds the uses, or refuses naming the coin, what it needs and what is there', async () => {
    const payer = await newPayer(t);
    await move(payer, { delta: 3 * AI_COIN_RULE.coinsPerUse + 5, reason: 'task', at: '2026-12-05T01:00:00Z' });
    await move(payer, { delta: 100, reason: 'sign', brand: 'toupiao', at: '2026-12-05T01:00:00Z' });
    const done = await exchange(payer, 2);
    expect(done).toMatchObject({ resultCode: '200', resultMsg: '兑换成功', data: { coin: 25, coinName: '问卷币', spent: 40, aiRemaining: 2 } });
    const ledger = (await coins(payer, 'wenjuan', { reason: 'ai' })).data;
    expect(ledger.list).toEqual([expect.objectContaining({ delta: -40, balanceAfter: 25, reason: 'ai', title: '兑换AI次数 2 次' })]);
    expect(ledger.totalSpent).toBe(40);

    expect(await exchange(payer, 2)).toMatchObject({ resultCode: '409', resultMsg: '问卷币不足：需要 40 问卷币，当前 25 问卷币' });
    // Nothing changed: neither the coins nor the AI counts.
    expect((await coins(payer, 'wenjuan')).data.coin).toBe(25);
    expect((await t.call<TBalancePayPack>('recharge/getBalancePayPack', {}, payer.headers)).data.quotas.ai).toBe(2);

    // 投票通's coins are spent on 投票通, named 金币; the AI counts are the account's.
    expect((await exchange(payer, 5, 'toupiao')).data).toMatchObject({ coin: 0, coinName: '金币', spent: 100, aiRemaining: 7 });
    expect(await exchange(payer, 1, 'toupiao')).toMatchObject({ resultCode: '409', resultMsg: '金币不足：需要 20 金币，当前 0 金币' });
    expect((await coins(payer, 'wenjuan')).data.coin).toBe(25);

    for (const bad of [0, -1, 1.5, AI_COIN_RULE.maxUses + 1, '2', null]) expect((await exchange(payer, bad)).resultCode).toBe('400');
  });
});

describe(`migration 0089 (${engineName()})`, () => {
  it('moves users.coin to the 问卷通 coin account with a ledger row, then drops the column', async () => {
    const [a, b] = [await newPayer(t), await newPayer(t)];
    await move(a, { delta: 10, reason: 'sign', at: '2026-12-05T01:00:00Z' });
    // Replay the data move on this database: put the old column back with the coins bought before.
    await t.database.query('ALTER TABLE users ADD COLUMN coin integer NOT NULL DEFAULT 0');
    await t.database.query('UPDATE users SET coin = CASE id WHEN $1 THEN 300 WHEN $2 THEN 0 END WHERE id IN ($1, $2)', [a.id, b.id]);
    const sql = readFileSync('server/db/migrations/0089_coins_per_brand.sql', 'utf8').split('--> statement-breakpoint');
    expect(sql).toHaveLength(4);
    for (const statement of sql.slice(0, 3)) await t.database.query(statement);
    expect(await t.database.query("SELECT 1 FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'coin'")).toEqual([]);

    const moved = (await coins(a, 'wenjuan')).data;
    expect(moved).toMatchObject({ coin: 310, totalEarned: 310 });
    expect(moved.list[0]).toMatchObject({ delta: 300, balanceAfter: 310, reason: 'buy', title: '此前购买的虚拟币' });
    expect((await coins(b, 'wenjuan')).data).toMatchObject({ coin: 0, total: 0 });
  });
});
