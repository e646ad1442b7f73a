import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDrawPrize, TDrawRecord, TGift, TGiftExchange } from '../../../schemas/api/coins';
import { BRANDS } from '../../../schemas/brands';
import { DRAW_RULE } from '../../../schemas/coins/rules';
import type { AuthUser } from '../../../server/services/access/sessions.service';
import { coinsOf, exactCoinMover } from '../../../server/services/coin-ledger/coin-ledger.service';
import { userDraw } from '../../../server/services/coins/gifts/coin-draw.service';
import { pickPrize } from '../../../server/services/coins/gifts/pick-prize';
import { loginNewUser } from '../../helpers/fixtures';
import { naiveGiftStock } from '../../helpers/naive-strategies';
import { userIdOf } from '../../helpers/sms-fixtures';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * Issue 51 item 3: the gift centre and the coin draw — exchanges paid in the brand's coin with the stock taken
 * exactly under 50 parallel exchanges (a naive read-then-write stock oversells), the draw's prizes at their configured
 * chances (20 000 seeded rolls), its cost and prize to the coin, its daily limit under parallel draws, and the refusals.
 */
let t: TestApp;
let naive: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  naive = await siblingApp(t, { strategies: { giftStock: naiveGiftStock } });
}, 60_000);
afterAll(async () => {
  await naive.close();
  await t.close();
});

const G = 'activity/gift/';
const D = 'activity/coinDraw/';
const brand = BRANDS.wenjuan;
const address = { receiverName: '张三', receiverPhone: '13800138000', region: '浙江省 杭州市 西湖区', address: '文三路 100 号' };

/** A signed-in user given `coins` through the ledger, as a purchase would. */
async function userWith(coins: number) {
  const user = await loginNewUser(t);
  const userId = await userIdOf(t, user.phone);
  if (coins > 0)
    await t.database.transaction((q) => exactCoinMover.change(q, { userId, brand: brand.id, delta: coins, reason: 'buy', title: '测试充值', at: new Date() }));
  return { ...user, userId };
}

let giftSeq = 0;
async function newGift(stock: number, price: number): Promise<{ id: number; giftId: string }> {
  const giftId = `g_test_${process.pid}_${giftSeq++}`;
  const [row] = await t.database.query<{ id: number }>(
    `INSERT INTO gifts (public_id, name, description, coin_price, stock, sort) VALUES ($1, $2, '测试礼品', $3, $4, 99) RETURNING id`,
    [giftId, `测试礼品${giftSeq}`, price, stock],
  );
  return { id: row!.id, giftId };
}

const stockOf = async (id: number) => (await t.database.query<{ stock: number }>('SELECT stock FROM gifts WHERE id = $1', [id]))[0]!.stock;

describe(`gifts on ${engineName()}`, () => {
  it('lists the seeded gifts with the caller’s coins named by the brand', async () => {
    const u = await userWith(150);
    const page = await t.call<{ list: TGift[]; total: number; coin: number; coinName: string }>(
      `${G}getWxAppletGiftPage`,
      { page: 1, pageSize: 20 },
      u.headers,
    );
    expect(page.resultCode).toBe('200');
    expect(page.data.coin).toBe(150);
    expect(page.data.coinName).toBe('问卷币');
    expect(page.data.list.map((g) => g.name).slice(0, 4)).toEqual(['定制笔记本', '帆布袋', '保温杯', '充电宝']);
  });

  it('an exchange takes one of the stock and exactly the price, keeps the address, and the address may change until it ships', async () => {
    const u = await userWith(500);
    const gift = await newGift(3, 200);
    const done = await t.call<{ exchange: TGiftExchange; coin: number }>(`${G}getGiftExchange`, { giftId: gift.giftId, address }, u.headers);
    expect(done.resultCode).toBe('200');
    expect(done.resultMsg).toBe('兑换成功');
    expect(done.data.coin).toBe(300);
    expect(done.data.exchange).toMatchObject({ coins: 200, state: 'pending', addressEditable: true, receiverName: '张三', region: '浙江省 杭州市 西湖区' });
    expect(await stockOf(gift.id)).toBe(2);
    const [ledger] = await t.database.query<{ delta: number; title: string; reason: string }>(
      `SELECT delta, title, reason FROM coin_ledger WHERE user_id = $1 AND reason = 'gift'`,
      [u.userId],
    );
    expect(ledger).toMatchObject({ delta: -200, reason: 'gift', title: expect.stringMatching(/^兑换礼品：测试礼品/) });

    const moved = await t.call<TGiftExchange>(
      `${G}updateGiftAddress`,
      { exchangeId: done.data.exchange.exchangeId, address: { ...address, address: '文一路 1 号' } },
      u.headers,
    );
    expect(moved.resultCode).toBe('200');
    expect(moved.data.address).toBe('文一路 1 号');

    const other = await userWith(0);
    const stolen = await t.call(`${G}updateGiftAddress`, { exchangeId: done.data.exchange.exchangeId, address }, other.headers);
    expect(stolen.resultCode).toBe('404');
    const theirs = await t.call<{ list: TGiftExchange[]; total: number }>(`${G}getGiftExchangePage`, { page: 1, pageSize: 20 }, other.headers);
    expect(theirs.data.total).toBe(0);

    await t.database.query(`UPDATE gift_exchanges SET state = 'shipped' WHERE public_id = $1`, [done.data.exchange.exchangeId]);
    const late = await t.call(`${G}updateGiftAddress`, { exchangeId: done.data.exchange.exchangeId, address }, u.headers);
    expect(late).toMatchObject({ resultCode: '409', resultMsg: '礼品已发货，无法修改地址' });

    const mine = await t.call<{ list: TGiftExchange[]; total: number }>(`${G}getGiftExchangePage`, { page: 1, pageSize: 20 }, u.headers);
    expect(mine.data.list).toHaveLength(1);
    expect(mine.data.list[0]).toMatchObject({ state: 'shipped', addressEditable: false, address: '文一路 1 号' });
    const count = await t.call(`${G}getGifCount`, {}, u.headers);
    expect(count.data).toEqual({ exchangeCount: 1, pendingCount: 0, drawCount: 0, unaddressedCount: 0 });
  });

  it('refuses too few coins, a sold-out gift, an unknown gift and a bad phone, taking nothing', async () => {
    const poor = await userWith(50);
    const gift = await newGift(1, 200);
    const short = await t.call(`${G}getGiftExchange`, { giftId: gift.giftId, address }, poor.headers);
    expect(short).toMatchObject({ resultCode: '409', resultMsg: '问卷币不足：需要 200 问卷币，当前 50 问卷币' });
    expect(await stockOf(gift.id)).toBe(1);
    expect(await coinsOf(t.database.query, poor.userId, brand.id)).toBe(50);

    const rich = await userWith(1000);
    expect((await t.call(`${G}getGiftExchange`, { giftId: gift.giftId, address }, rich.headers)).resultCode).toBe('200');
    const gone = await t.call(`${G}getGiftExchange`, { giftId: gift.giftId, address }, rich.headers);
    expect(gone).toMatchObject({ resultCode: '409', resultMsg: '礼品已兑完' });
    expect(await coinsOf(t.database.query, rich.userId, brand.id)).toBe(800);

    expect(await t.call(`${G}getGiftExchange`, { giftId: 'nope', address }, rich.headers)).toMatchObject({
      resultCode: '404',
      resultMsg: '礼品不存在或已下架',
    });
    const phone = await t.call(`${G}getGiftExchange`, { giftId: 'g_notebook', address: { ...address, receiverPhone: '12345' } }, rich.headers);
    expect(phone).toMatchObject({ resultCode: '400', resultMsg: '手机号格式不正确' });
    const empty = await t.call(`${G}getGiftExchange`, { giftId: 'g_notebook', address: { ...address, receiverName: ' ' } }, rich.headers);
    expect(empty.resultCode).toBe('400');
    expect(empty.resultMsg).toContain('请填写收货人');
    expect(await coinsOf(t.database.query, rich.userId, brand.id)).toBe(800);
  });

  async function race(app: TestApp) {
    const gift = await newGift(7, 100);
    const users = await Promise.all(Array.from({ length: 50 }, () => userWith(100)));
    const answers = await Promise.all(users.map((u) => app.call(`${G}getGiftExchange`, { giftId: gift.giftId, address }, u.headers)));
    const [spent] = await t.database.query<{ n: number }>(
      `SELECT coalesce(-sum(delta), 0)::int AS n FROM coin_ledger WHERE reason = 'gift' AND user_id = ANY($1)`,
      [users.map((u) => u.userId)],
    );
    const [made] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM gift_exchanges WHERE gift_id = $1', [gift.id]);
    return { answers, stock: await stockOf(gift.id), spent: spent!.n, exchanges: made!.n };
  }

  it('50 parallel exchanges of a gift with 7 left make exactly 7, leave 0 and spend exactly 7 × the price', async () => {
    const { answers, stock, spent, exchanges } = await race(t);
    expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(7);
    expect(answers.filter((a) => a.resultCode === '409').map((a) => a.resultMsg)).toEqual(Array(43).fill('礼品已兑完'));
    expect(exchanges).toBe(7);
    expect(stock).toBe(0);
    expect(spent).toBe(700);
  }, 120_000);

  it('a naive read-then-write stock exchanges more than there were', async () => {
    const { exchanges } = await race(naive);
    expect(exchanges).toBeGreaterThan(7);
  }, 120_000);
});

/** A fixed-seed PRNG (mulberry32): the same 20 000 rolls every run. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const authOf = (userId: number, phone: string): AuthUser => ({ id: userId, publicId: '', phone, username: '', memberLevel: 1, tokenHash: '', apiToken: null });

describe(`the coin draw on ${engineName()}`, () => {
  it('20 000 seeded draws over the seeded prizes land within 3σ of each configured probability', async () => {
    const prizes = await t.database.query<{ public_id: string; weight: number }>(
      'SELECT public_id, weight FROM coin_draw_prizes WHERE active ORDER BY sort, id',
    );
    expect(prizes.map((p) => p.weight)).toEqual([5000, 2500, 1500, 800, 200]);
    const n = 20_000;
    const roll = mulberry32(20261205);
    const hits = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const won = pickPrize(prizes, roll());
      hits.set(won?.public_id ?? 'none', (hits.get(won?.public_id ?? 'none') ?? 0) + 1);
    }
    for (const p of prizes) {
      const prob = p.weight / 10_000;
      const sigma = Math.sqrt(n * prob * (1 - prob));
      expect(Math.abs((hits.get(p.public_id) ?? 0) - n * prob)).toBeLessThanOrEqual(3 * sigma);
    }
    expect(hits.get('none')).toBeUndefined();
  });

  it('shows the prizes with their chances, coin prizes named by the brand’s coin', async () => {
    const u = await userWith(0);
    const list = await t.call<{ prizes: TDrawPrize[]; cost: number; dailyLimit: number; coinName: string }>(`${D}getDrawList`, {}, u.headers);
    expect(list.data.prizes.map((p) => [p.prizeName, p.probability])).toEqual([
      ['谢谢参与', 0.5],
      ['5问卷币', 0.25],
      ['20问卷币', 0.15],
      ['100问卷币', 0.08],
      ['帆布袋', 0.02],
    ]);
    expect(list.data).toMatchObject({ cost: DRAW_RULE.cost, dailyLimit: DRAW_RULE.dailyLimit, coinName: '问卷币' });
    const onVote = await t.app.inject({ method: 'POST', url: `/api/${D}getDrawList`, payload: {}, headers: { ...u.headers, host: 'toupiao.example.test' } });
    expect(onVote.json().data.prizes[1].prizeName).toMatch(/^5(金币|问卷币)$/);
  });

  it('a draw spends exactly the cost and credits exactly the prize', async () => {
    const u = await userWith(100);
    const drawn = await t.call<{ record: TDrawRecord; count: { remaining: number; coin: number } }>(`${D}getUserDraw`, {}, u.headers);
    expect(drawn.resultCode).toBe('200');
    const { record, count } = drawn.data;
    expect(record.cost).toBe(DRAW_RULE.cost);
    expect(count.remaining).toBe(DRAW_RULE.dailyLimit - 1);
    expect(count.coin).toBe(100 - DRAW_RULE.cost + record.wonCoins);
    const ledger = await t.database.query<{ delta: number; reason: string; reference: string }>(
      'SELECT delta, reason, reference FROM coin_ledger WHERE user_id = $1 AND reason IN ($2, $3) ORDER BY id',
      [u.userId, 'draw', 'draw_prize'],
    );
    expect(ledger[0]).toEqual({ delta: -DRAW_RULE.cost, reason: 'draw', reference: record.drawId });
    expect(ledger.slice(1)).toEqual(record.wonCoins ? [{ delta: record.wonCoins, reason: 'draw_prize', reference: record.drawId }] : []);

    // A roll into the 20-coin slice (0.75 ≤ r < 0.90) credits exactly 20.
    const auth = authOf(u.userId, u.phone);
    const before = await coinsOf(t.database.query, u.userId, brand.id);
    const twenty = await userDraw(t.app.deps, auth, brand, () => 0.8);
    expect(twenty.record).toMatchObject({ prizeName: '20问卷币', prizeKind: 'coin', wonCoins: 20, exchange: null });
    expect(await coinsOf(t.database.query, u.userId, brand.id)).toBe(before - DRAW_RULE.cost + 20);

    const detail = await t.call<TDrawRecord>(`${G}getUseDrawDetail`, { drawId: twenty.record.drawId }, u.headers);
    expect(detail.data).toEqual(twenty.record);
    const other = await userWith(0);
    expect((await t.call(`${G}getUseDrawDetail`, { drawId: twenty.record.drawId }, other.headers)).resultCode).toBe('404');
    const page = await t.call<{ list: TDrawRecord[]; total: number }>(`${G}getUserCoinDrawDetailPage`, { page: 1, pageSize: 20 }, u.headers);
    expect(page.data.total).toBe(2);
  });

  it('a gift prize becomes an exchange to address; a gift prize out of stock is 谢谢参与', async () => {
    const u = await userWith(100);
    const auth = authOf(u.userId, u.phone);
    const bag = await userDraw(t.app.deps, auth, brand, () => 0.999);
    expect(bag.record).toMatchObject({ prizeName: '帆布袋', prizeKind: 'gift', wonCoins: 0 });
    expect(bag.record.exchange).toMatchObject({ giftName: '帆布袋', coins: 0, state: 'pending', receiverName: '' });
    expect((await t.call(`${G}getGifCount`, {}, u.headers)).data).toEqual({ exchangeCount: 1, pendingCount: 1, drawCount: 1, unaddressedCount: 1 });
    const addressed = await t.call<TGiftExchange>(`${G}updateGiftAddress`, { exchangeId: bag.record.exchange!.exchangeId, address }, u.headers);
    expect(addressed.data.receiverName).toBe('张三');

    const [left] = await t.database.query<{ stock: number }>(`SELECT stock FROM coin_draw_prizes WHERE public_id = 'p_bag'`);
    await t.database.query(`UPDATE coin_draw_prizes SET stock = 0 WHERE public_id = 'p_bag'`);
    try {
      const none = await userDraw(t.app.deps, auth, brand, () => 0.999);
      expect(none.record).toMatchObject({ prizeName: '谢谢参与', prizeKind: 'none', wonCoins: 0, exchange: null });
    } finally {
      await t.database.query(`UPDATE coin_draw_prizes SET stock = $1 WHERE public_id = 'p_bag'`, [left!.stock]);
    }
    expect(await coinsOf(t.database.query, u.userId, brand.id)).toBe(100 - 2 * DRAW_RULE.cost);
  });

  it(`10 parallel draws with ${DRAW_RULE.dailyLimit} left today make exactly ${DRAW_RULE.dailyLimit}; too few coins is refused`, async () => {
    const u = await userWith(1000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.call(`${D}getUserDraw`, {}, u.headers)));
    expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(DRAW_RULE.dailyLimit);
    expect(answers.filter((a) => a.resultCode === '409').map((a) => a.resultMsg)).toEqual(
      Array(10 - DRAW_RULE.dailyLimit).fill('今日抽奖次数已用完（每天 5 次），明天再来吧'),
    );
    const [spent] = await t.database.query<{ n: number }>(`SELECT -sum(delta)::int AS n FROM coin_ledger WHERE user_id = $1 AND reason = 'draw'`, [u.userId]);
    expect(spent!.n).toBe(DRAW_RULE.dailyLimit * DRAW_RULE.cost);
    expect((await t.call<{ remaining: number }>(`${D}getUserDrawCount`, {}, u.headers)).data.remaining).toBe(0);

    const poor = await userWith(DRAW_RULE.cost - 1);
    const refused = await t.call(`${D}getUserDraw`, {}, poor.headers);
    expect(refused).toMatchObject({ resultCode: '409', resultMsg: `问卷币不足：需要 ${DRAW_RULE.cost} 问卷币，当前 ${DRAW_RULE.cost - 1} 问卷币` });
    expect((await t.call<{ remaining: number }>(`${D}getUserDrawCount`, {}, poor.headers)).data.remaining).toBe(DRAW_RULE.dailyLimit);
  });
});
