import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftOperatorCalls, type TGiftExchange, type TOperatorExchange } from '../../../schemas/api/coins';
import { BRANDS } from '../../../schemas/brands';
import { coinsOf, exactCoinMover } from '../../../server/services/coin-ledger/coin-ledger.service';
import { loginNewUser } from '../../helpers/fixtures';
import { userIdOf } from '../../helpers/sms-fixtures';
import { createTestApp, lastCode, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { arbitraryOf } from '../../helpers/zod-arbitrary';

/**
 * Issue 51 follow-up: the site operator (OPERATOR_ACCOUNTS) ships an exchange (company + tracking number, once) or
 * cancels it (the stock and the coins back, once); the user sees 已发货 with the tracking number and gets a message;
 * every other account is refused "403" on every operator call.
 */
const OPERATOR = `1391${String(process.pid % 10_000_000).padStart(7, '0')}`;
const G = 'activity/gift/';
const O = 'activity/gift/operator/';
const brand = BRANDS.wenjuan;
const address = { receiverName: '李四', receiverPhone: '13800138000', region: '浙江省 杭州市 西湖区', address: '文三路 100 号' };

let t: TestApp;
let operator: { token: string };
beforeAll(async () => {
  t = await createTestApp({ env: { OPERATOR_ACCOUNTS: `13912340009,${OPERATOR}` } });
  await t.call('activity/user/sendSms', { phone: OPERATOR });
  operator = { token: (await t.call<{ token: string }>('activity/user/login', { phone: OPERATOR, code: await lastCode(t.database, OPERATOR) })).data.token };
}, 60_000);
afterAll(() => t.close());

let giftSeq = 0;
async function newGift(stock: number, price: number) {
  const giftId = `g_op_${process.pid}_${giftSeq++}`;
  const [row] = await t.database.query<{ id: number }>(
    `INSERT INTO gifts (public_id, name, description, coin_price, stock, sort) VALUES ($1, $2, '测试礼品', $3, $4, 99) RETURNING id`,
    [giftId, `运营测试礼品${giftSeq}`, price, stock],
  );
  return { id: row!.id, giftId };
}
const stockOf = async (id: number) => (await t.database.query<{ stock: number }>('SELECT stock FROM gifts WHERE id = $1', [id]))[0]!.stock;

/** A user with 500 coins who exchanged a new gift (stock 5, price 200): 300 left, stock 4. */
async function exchanged() {
  const user = await loginNewUser(t);
  const userId = await userIdOf(t, user.phone);
  await t.database.transaction((q) => exactCoinMover.change(q, { userId, brand: brand.id, delta: 500, reason: 'buy', title: '测试充值', at: new Date() }));
  const gift = await newGift(5, 200);
  const done = await t.call<{ exchange: TGiftExchange }>(`${G}getGiftExchange`, { giftId: gift.giftId, address }, user.headers);
  expect(done.resultCode).toBe('200');
  return { user, userId, gift, exchangeId: done.data.exchange.exchangeId };
}

const op = <T = TOperatorExchange>(call: string, body: unknown) => t.call<T>(`${O}${call}`, body, { token: operator.token });

describe(`gift operator on ${engineName()}`, () => {
  it('refuses every account not in OPERATOR_ACCOUNTS with "403" and changes nothing', async () => {
    const { user, exchangeId, gift } = await exchanged();
    for (const [call, body] of [
      ['getExchangePage', {}],
      ['shipExchange', { exchangeId, expressCompany: '顺丰速运', trackingNo: 'SF1234567890' }],
      ['cancelExchange', { exchangeId }],
    ] as const) {
      const answer = await t.call(`${O}${call}`, body, user.headers);
      expect(answer, call).toMatchObject({ resultCode: '403', resultMsg: '仅站点运营者可以处理礼品发货' });
      expect((await t.call(`${O}${call}`, body)).resultCode, `${call} logged out`).toBe('401');
    }
    expect(await stockOf(gift.id)).toBe(4);
    const mine = await t.call<{ list: TGiftExchange[] }>(`${G}getGiftExchangePage`, {}, user.headers);
    expect(mine.data.list[0]!.state).toBe('pending');
  });

  it('lists the pending exchanges with the address, ships one once, and the user sees 已发货 with the tracking number', async () => {
    const { user, userId, exchangeId } = await exchanged();
    const pending = await op<{ list: TOperatorExchange[]; total: number; pendingCount: number }>('getExchangePage', { state: 'pending', pageSize: 100 });
    expect(pending.resultCode).toBe('200');
    const row = pending.data.list.find((e) => e.exchangeId === exchangeId);
    expect(row).toMatchObject({ state: 'pending', receiverName: '李四', receiverPhone: '13800138000', address: '文三路 100 号', brand: 'wenjuan', coins: 200 });
    expect(row!.userPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(pending.data.pendingCount).toBeGreaterThanOrEqual(1);

    const shipped = await op('shipExchange', { exchangeId, expressCompany: ' 顺丰速运 ', trackingNo: 'SF1234567890' });
    expect(shipped).toMatchObject({ resultCode: '200', resultMsg: '已发货' });
    expect(shipped.data).toMatchObject({ state: 'shipped', expressCompany: '顺丰速运', trackingNo: 'SF1234567890', addressEditable: false });
    const again = await op('shipExchange', { exchangeId, expressCompany: '中通快递', trackingNo: 'ZT1' });
    expect(again).toMatchObject({ resultCode: '409', resultMsg: '该兑换已处理（已发货或已取消）' });
    const cancel = await op('cancelExchange', { exchangeId });
    expect(cancel.resultCode).toBe('409');

    const mine = await t.call<{ list: TGiftExchange[] }>(`${G}getGiftExchangePage`, {}, user.headers);
    expect(mine.data.list[0]).toMatchObject({ state: 'shipped', expressCompany: '顺丰速运', trackingNo: 'SF1234567890', addressEditable: false });
    const late = await t.call(`${G}updateGiftAddress`, { exchangeId, address }, user.headers);
    expect(late).toMatchObject({ resultCode: '409', resultMsg: '礼品已发货，无法修改地址' });
    const messages = await t.database.query<{ title: string }>('SELECT title FROM messages WHERE user_id = $1 AND news_type = 25', [userId]);
    expect(messages.map((m) => m.title)).toEqual([expect.stringMatching(/^礼品已发货：运营测试礼品\d+，顺丰速运 运单号 SF1234567890$/)]);

    const shippedList = await op<{ list: TOperatorExchange[] }>('getExchangePage', { state: 'shipped', pageSize: 100 });
    expect(shippedList.data.list.map((e) => e.exchangeId)).toContain(exchangeId);
    expect(shippedList.data.list.every((e) => e.state === 'shipped')).toBe(true);
  });

  it('refuses a bad tracking number, an unknown exchange, and a won gift with no address yet', async () => {
    const { exchangeId } = await exchanged();
    expect(await op('shipExchange', { exchangeId, expressCompany: '', trackingNo: 'SF1' })).toMatchObject({
      resultCode: '400',
      resultMsg: expect.stringContaining('请填写快递公司'),
    });
    expect(await op('shipExchange', { exchangeId, expressCompany: '顺丰', trackingNo: 'SF 1' })).toMatchObject({
      resultCode: '400',
      resultMsg: expect.stringContaining('快递单号只能包含字母、数字和短横线'),
    });
    expect(await op('shipExchange', { exchangeId: 'nope', expressCompany: '顺丰', trackingNo: 'SF1' })).toMatchObject({
      resultCode: '404',
      resultMsg: '兑换记录不存在',
    });
    expect(await op('cancelExchange', { exchangeId: 'nope' })).toMatchObject({ resultCode: '404' });
    await t.database.query(`UPDATE gift_exchanges SET receiver_name = '' WHERE public_id = $1`, [exchangeId]);
    expect(await op('shipExchange', { exchangeId, expressCompany: '顺丰', trackingNo: 'SF1' })).toMatchObject({
      resultCode: '409',
      resultMsg: '用户尚未填写收货地址，暂不能发货',
    });
  });

  it('cancels a pending exchange: the stock back by one and the coins back once, even under 10 parallel cancels', async () => {
    const { user, userId, gift, exchangeId } = await exchanged();
    expect(await coinsOf(t.database.query, userId, brand.id)).toBe(300);
    const answers = await Promise.all(Array.from({ length: 10 }, () => op('cancelExchange', { exchangeId })));
    expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(1);
    expect(answers.filter((a) => a.resultCode === '409')).toHaveLength(9);
    expect(await stockOf(gift.id)).toBe(5);
    expect(await coinsOf(t.database.query, userId, brand.id)).toBe(500);
    const refunds = await t.database.query<{ delta: number }>(`SELECT delta FROM coin_ledger WHERE user_id = $1 AND reason = 'gift_refund'`, [userId]);
    expect(refunds).toEqual([{ delta: 200 }]);
    const mine = await t.call<{ list: TGiftExchange[] }>(`${G}getGiftExchangePage`, {}, user.headers);
    expect(mine.data.list[0]).toMatchObject({ state: 'cancelled', addressEditable: false });
    expect((await op('shipExchange', { exchangeId, expressCompany: '顺丰', trackingNo: 'SF1' })).resultCode).toBe('409');
    const [message] = await t.database.query<{ title: string }>('SELECT title FROM messages WHERE user_id = $1 AND news_type = 26', [userId]);
    expect(message!.title).toMatch(/^礼品兑换已取消：运营测试礼品\d+，200 问卷币已退回$/);
  });

  it('answers bodies drawn from each operator call’s schema without a "500", and each succeeds', async () => {
    const succeeded = new Set<string>();
    for (const contract of Object.values(giftOperatorCalls)) {
      await fc.assert(
        fc.asyncProperty(arbitraryOf(contract.request), async (drawn) => {
          const body: Record<string, unknown> = { ...(drawn as object) };
          if ('exchangeId' in body) body.exchangeId = (await exchanged()).exchangeId;
          const answer = await t.call(contract.path, body, { token: operator.token });
          expect(answer.resultCode, `${contract.path} ${JSON.stringify(body).slice(0, 200)} → ${answer.resultMsg}`).not.toBe('500');
          if (answer.resultCode === '200') succeeded.add(contract.path);
        }),
        { numRuns: 12 },
      );
    }
    expect([...succeeded].sort()).toEqual(
      Object.values(giftOperatorCalls)
        .map((c) => c.path)
        .sort(),
    );
  }, 120_000);
});
