import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMessage } from '../../../schemas/api/message';
import type { TRechargeOrder, TSaveRechargeResult, TTransaction } from '../../../schemas/api/recharge';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { sandboxNotify } from '../pay/pay-helpers';
import { balanceAndLedger, newPayer, type Payer } from './money-helpers';

/**
 * A member plan or package paid straight through a pay provider (issue 46, helper 46e): a recharge order that
 * carries the package it pays for; its verified payment credits the balance and buys the item in one transaction.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
}, 60_000);
afterAll(() => t.close());

type Status = TRechargeOrder & { balanceFen: number };
const start = (payer: Payer, body: object) => t.call<TSaveRechargeResult>('recharge/saveRechargeOrder', body, payer.headers);
const status = (payer: Payer, orderNo: string) => t.call<Status>('recharge/getOrderPayAmount', { orderNo }, payer.headers);
const level = async (payer: Payer) => (await t.call<{ memberLevel: number; maxNumber: number }>('activity/question/getQuestionCount', {}, payer.headers)).data;
const messages = async (payer: Payer) => (await t.call<{ list: TMessage[] }>('active/message/list', {}, payer.headers)).data.list;
const transactions = async (payer: Payer) => (await t.call<{ list: TTransaction[] }>('recharge/getUserTransactionList', {}, payer.headers)).data.list;

/** Pay an order in the sandbox's cashier and take the signed notify it would send (not sent yet). */
async function paidNotify(orderNo: string): Promise<object> {
  const decided = await t.app.deps.pay.sandbox!.decide(orderNo, 'pay', new Date());
  return JSON.parse(decided!.notify!.body) as object;
}

describe(`paying a plan or package through a provider (${engineName()})`, () => {
  it('a plan paid through the cashier is bought once, however often its notify arrives, with both ledger rows and the bell', async () => {
    const payer = await newPayer(t);
    const started = await start(payer, { packageId: 'member-2-month', method: 'alipay' });
    expect(started.resultCode, started.resultMsg).toBe('200');
    expect(started.data).toMatchObject({ amountFen: 2_900, provider: 'sandbox', launch: { kind: 'redirect' } });
    expect(started.data.orderNo).toMatch(/^R\d{20}$/);
    expect((await status(payer, started.data.orderNo)).data).toMatchObject({ state: 'created', packageId: 'member-2-month', delivery: null });
    expect(await level(payer)).toMatchObject({ memberLevel: 1 });

    const body = await paidNotify(started.data.orderNo);
    const answers = await Promise.all(Array.from({ length: 8 }, () => sandboxNotify(t, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect((await sandboxNotify(t, body)).statusCode).toBe(200);

    expect((await status(payer, started.data.orderNo)).data).toMatchObject({ state: 'paid', delivery: 'done', title: '专业版（包月）', balanceFen: 0 });
    expect(await level(payer)).toMatchObject({ memberLevel: 2, maxNumber: 50 });
    expect(await balanceAndLedger(t, payer.id)).toEqual({ balance: 0, ledger: 0, rows: 2 });
    const rows = await transactions(payer);
    expect(rows.map((r) => [r.reason, r.amountFen, r.title])).toEqual([
      ['member', -2_900, '专业版（包月）'],
      ['recharge', 2_900, '在线支付：专业版（包月）'],
    ]);
    const bell = await messages(payer);
    expect(bell.map((m) => [m.newsType, m.title])).toEqual(
      expect.arrayContaining([
        [10, '支付成功：专业版（包月），已支付 29.00 元'],
        [12, expect.stringContaining('会员已开通：专业版（包月）')],
      ]),
    );
    expect(bell).toHaveLength(2);
  });

  it('a package paid through the provider adds to its quota; the status call finds a payment whose notify never came', async () => {
    const payer = await newPayer(t);
    const { orderNo } = (await start(payer, { packageId: 'sms-100', amountFen: 800, method: 'wechat' })).data;
    await paidNotify(orderNo); // paid in the cashier, notify lost
    const [first, second] = await Promise.all([status(payer, orderNo), status(payer, orderNo)]);
    expect(first.data).toMatchObject({ state: 'paid', delivery: 'done' });
    expect(second.data.state).toBe('paid');
    const pack = await t.call<{ quotas: { sms: number } }>('recharge/getBalancePayPack', {}, payer.headers);
    expect(pack.data.quotas.sms).toBe(100);
    expect(await balanceAndLedger(t, payer.id)).toEqual({ balance: 0, ledger: 0, rows: 2 });
  });

  it('sends the buyer back to the logged-in result page of the method: /wechatPay.html for WeChat, /alipaySuccess for Alipay', async () => {
    const payer = await newPayer(t);
    const back = async (method: 'wechat' | 'alipay') => {
      const { orderNo } = (await start(payer, { packageId: 'sms-100', method })).data;
      const decided = await t.app.deps.pay.sandbox!.decide(orderNo, 'fail', new Date());
      const url = new URL(decided!.trade.return_url);
      return [url.pathname + url.search, orderNo];
    };
    const [wechat, wechatNo] = await back('wechat');
    expect(wechat).toBe(`/wechatPay.html?orderNo=${wechatNo}`);
    const [alipay, alipayNo] = await back('alipay');
    expect(alipay).toBe(`/alipaySuccess?orderNo=${alipayNo}`);
  });

  it('believes no forged notify and no other amount: nothing is credited or bought', async () => {
    const payer = await newPayer(t);
    const { orderNo } = (await start(payer, { packageId: 'member-3-month' })).data;
    const forged = await sandboxNotify(t, { outTradeNo: orderNo, transactionId: 'SBX-forged', amountFen: 5_900, state: 'paid' }, 'another-secret');
    expect(forged.statusCode).toBe(400);
    const cheaper = await sandboxNotify(t, { outTradeNo: orderNo, transactionId: 'SBX-cheap', amountFen: 100, state: 'paid' });
    expect(cheaper.statusCode).toBe(400);
    expect(await balanceAndLedger(t, payer.id)).toEqual({ balance: 0, ledger: 0, rows: 0 });
    expect(await level(payer)).toMatchObject({ memberLevel: 1 });
    expect((await status(payer, orderNo)).data).toMatchObject({ state: 'created', delivery: null });
  });

  it('an item no longer buyable when the money arrives leaves the money in the balance, and the message says so', async () => {
    const payer = await newPayer(t);
    const { orderNo } = (await start(payer, { packageId: 'member-2-month' })).data;
    // Meanwhile the user became 企业版 (e.g. another order): 专业版 is below it and cannot be bought.
    await t.database.query(`UPDATE users SET member_level = 4, member_expire = now() + interval '300 days', member_since = now() WHERE id = $1`, [payer.id]);
    await sandboxNotify(t, await paidNotify(orderNo));

    const order = (await status(payer, orderNo)).data;
    expect(order).toMatchObject({ state: 'paid', delivery: 'kept', balanceFen: 2_900 });
    expect(order.deliveryNote).toContain('不能购买较低的专业版');
    expect(await balanceAndLedger(t, payer.id)).toEqual({ balance: 2_900, ledger: 2_900, rows: 1 });
    expect(await level(payer)).toMatchObject({ memberLevel: 4 });
    const [message] = await messages(payer);
    expect(message).toMatchObject({ newsType: 10 });
    expect(message!.title).toContain('29.00 元已存入余额');
  });

  it('a second transaction for a paid purchase order is credited as balance, not bought twice', async () => {
    const payer = await newPayer(t);
    const { orderNo } = (await start(payer, { packageId: 'ai-100' })).data;
    await sandboxNotify(t, await paidNotify(orderNo));
    const again = await sandboxNotify(t, { outTradeNo: orderNo, transactionId: 'SBX-second', amountFen: 990, state: 'paid' });
    expect(again.statusCode).toBe(200);
    const pack = await t.call<{ quotas: { ai: number } }>('recharge/getBalancePayPack', {}, payer.headers);
    expect(pack.data.quotas.ai).toBe(100);
    expect(await balanceAndLedger(t, payer.id)).toEqual({ balance: 990, ledger: 990, rows: 3 });
  });

  it('refuses in Chinese: an unknown package, an amount other than its price, a plan below the level, no login', async () => {
    const payer = await newPayer(t);
    for (const [body, message] of [
      [{ packageId: 'member-9-month' }, '套餐不存在，请刷新页面后重新选择'],
      [{ packageId: 'sms-100', amountFen: 100 }, '支付金额与套餐价格不符'],
      [{ packageId: 'sms-100', amountFen: -800 }, '充值金额须大于0'],
      [{ packageId: 'sms-100', amountFen: 800.5 }, '充值金额以分为单位'],
      [{}, '请填写充值金额'],
    ] as const) {
      const answer = await start(payer, body);
      expect(answer.resultCode, JSON.stringify(body)).toBe('400');
      expect(answer.resultMsg, JSON.stringify(body)).toContain(message);
    }
    await t.database.query(`UPDATE users SET member_level = 3, member_expire = now() + interval '30 days', member_since = now() WHERE id = $1`, [payer.id]);
    const lower = await start(payer, { packageId: 'member-2-year' });
    expect(lower).toMatchObject({ resultCode: '409', resultMsg: '当前已是专业增强版，不能购买较低的专业版；到期后可购买' });
    expect((await t.call('recharge/saveRechargeOrder', { packageId: 'sms-100' })).resultCode).toBe('401');
    const [orders] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM recharge_orders WHERE user_id = $1', [payer.id]);
    expect(orders!.n).toBe(0);
  });
});
