import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSaveRechargeResult, TTransaction, TTransactionAmount, TRechargeOrder } from '../../../schemas/api/recharge';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { sandboxNotify } from '../pay/pay-helpers';
import { balanceAndLedger, newPayer, recharge, type Payer } from './money-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
}, 60_000);
afterAll(() => t.close());

const status = (payer: Payer, orderNo: string) => t.call<TRechargeOrder & { balanceFen: number }>('recharge/getOrderPayAmount', { orderNo }, payer.headers);
const start = (payer: Payer, body: object) => t.call<TSaveRechargeResult>('recharge/saveRechargeOrder', body, payer.headers);

describe(`recharge orders (${engineName()})`, () => {
  it('refuses amounts that are not a positive whole number of fen, in Chinese, and needs a login', async () => {
    const payer = await newPayer(t);
    const cases: [unknown, string][] = [
      [-100, '充值金额须大于0'],
      [0, '充值金额须大于0'],
      [1050.5, '充值金额以分为单位，须为整数（金额最多精确到分）'],
      [99, '单次充值不能少于1元'],
      [5_000_001, '单次充值不能超过50000元'],
      [undefined, '请填写充值金额'],
      ['100', '请填写充值金额'],
    ];
    for (const [amountFen, message] of cases) {
      const answer = await start(payer, { amountFen });
      expect(answer.resultCode, String(amountFen)).toBe('400');
      expect(answer.resultMsg, String(amountFen)).toContain(message);
    }
    expect((await t.call('recharge/saveRechargeOrder', { amountFen: 10_000 })).resultCode).toBe('401');
    expect(await balanceAndLedger(t, payer.id)).toEqual({ balance: 0, ledger: 0, rows: 0 });
  });

  it('a paid recharge adds to the balance once, however often its notify arrives', async () => {
    const payer = await newPayer(t);
    const started = await start(payer, { amountFen: 10_000 });
    expect(started.data.launch).toMatchObject({ kind: 'redirect' });
    expect(started.data.orderNo).toMatch(/^R\d{20}$/);
    expect((await status(payer, started.data.orderNo)).data).toMatchObject({ state: 'created', balanceFen: 0 });

    const decided = await t.app.deps.pay.sandbox!.decide(started.data.orderNo, 'pay', new Date());
    const body = JSON.parse(decided!.notify!.body) as object;
    const answers = await Promise.all(Array.from({ length: 10 }, () => sandboxNotify(t, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect((await sandboxNotify(t, body)).statusCode).toBe(200);

    expect((await status(payer, started.data.orderNo)).data).toMatchObject({ state: 'paid', balanceFen: 10_000, provider: 'sandbox' });
    expect(await balanceAndLedger(t, payer.id)).toEqual({ balance: 10_000, ledger: 10_000, rows: 1 });
  });

  it('the status call finds a payment whose notify never came, and applies it once', async () => {
    const payer = await newPayer(t);
    const { orderNo } = (await start(payer, { amountFen: 5_000 })).data;
    await t.app.deps.pay.sandbox!.decide(orderNo, 'pay', new Date()); // paid in the cashier, notify lost
    const [first, second] = await Promise.all([status(payer, orderNo), status(payer, orderNo)]);
    expect(first.data.state).toBe('paid');
    expect(second.data.state).toBe('paid');
    expect(await balanceAndLedger(t, payer.id)).toEqual({ balance: 5_000, ledger: 5_000, rows: 1 });
  });

  it('believes no forged notify, no other amount, and no simulated money for an order started elsewhere', async () => {
    const payer = await newPayer(t);
    const { orderNo } = (await start(payer, { amountFen: 2_000 })).data;
    const forged = await sandboxNotify(t, { outTradeNo: orderNo, transactionId: 'SBX-forged', amountFen: 2_000, state: 'paid' }, 'another-secret');
    expect(forged.statusCode).toBe(400);
    const other = await sandboxNotify(t, { outTradeNo: orderNo, transactionId: 'SBX-other', amountFen: 200_000, state: 'paid' });
    expect(other.statusCode).toBe(400);
    await t.database.query(`UPDATE recharge_orders SET provider = 'wechat' WHERE order_no = $1`, [orderNo]);
    const simulated = await sandboxNotify(t, { outTradeNo: orderNo, transactionId: 'SBX-sim', amountFen: 2_000, state: 'paid' });
    expect(simulated.statusCode).toBe(400);
    expect(await balanceAndLedger(t, payer.id)).toEqual({ balance: 0, ledger: 0, rows: 0 });
  });

  it("a payment after the order was deleted, and a second transaction, are the payer's money: each credited once", async () => {
    const payer = await newPayer(t);
    const { orderNo } = (await start(payer, { amountFen: 3_000 })).data;
    expect((await t.call('recharge/getRechargeDel', { orderNo }, payer.headers)).resultCode).toBe('200');
    expect((await status(payer, orderNo)).data.state).toBe('closed');
    const late = { outTradeNo: orderNo, transactionId: 'SBX-late', amountFen: 3_000, state: 'paid' };
    expect((await sandboxNotify(t, late)).statusCode).toBe(200);
    expect((await sandboxNotify(t, late)).statusCode).toBe(200);
    expect((await status(payer, orderNo)).data.state).toBe('paid');
    const again = { ...late, transactionId: 'SBX-again' };
    expect((await sandboxNotify(t, again)).statusCode).toBe(200);
    expect(await balanceAndLedger(t, payer.id)).toEqual({ balance: 6_000, ledger: 6_000, rows: 2 });
    const refused = await t.call('recharge/getRechargeDel', { orderNo }, payer.headers);
    expect(refused).toMatchObject({ resultCode: '409', resultMsg: '已支付的充值记录不能删除' });
  });

  it('an unpaid order past its window reads as closed, and a payment that still comes is credited', async () => {
    const payer = await newPayer(t);
    const { orderNo } = (await start(payer, { amountFen: 1_500 })).data;
    t.app.deps.now = () => new Date(Date.now() + 31 * 60_000);
    try {
      expect((await status(payer, orderNo)).data.state).toBe('closed');
      const listed = await t.call<{ list: TRechargeOrder[] }>('recharge/getUserRechargeList', { state: 'created' }, payer.headers);
      expect(listed.data.list).toEqual([]);
    } finally {
      t.app.deps.now = () => new Date();
    }
    expect((await sandboxNotify(t, { outTradeNo: orderNo, transactionId: 'SBX-after-window', amountFen: 1_500, state: 'paid' })).statusCode).toBe(200);
    expect((await status(payer, orderNo)).data.state).toBe('paid');
    expect(await balanceAndLedger(t, payer.id)).toEqual({ balance: 1_500, ledger: 1_500, rows: 1 });
  });

  it("another user's recharge order is not found, like a missing one", async () => {
    const [owner, stranger] = [await newPayer(t), await newPayer(t)];
    const { orderNo } = (await start(owner, { amountFen: 1_000 })).data;
    for (const call of ['recharge/getOrderPayAmount', 'recharge/getRechargeDel'])
      expect(await t.call(call, { orderNo }, stranger.headers)).toMatchObject({ resultCode: '404', resultMsg: '充值订单不存在' });
    expect((await t.call('recharge/getOrderPayAmount', { orderNo: 'R123' }, owner.headers)).resultCode).toBe('400');
  });

  it('lists recharges, the transactions and their totals', async () => {
    const payer = await newPayer(t);
    await recharge(t, payer, 10_000);
    const unpaid = (await start(payer, { amountFen: 2_000 })).data.orderNo;
    const sms = await t.call('active/pay/getBalancePay', { packageId: 'sms-1000' }, payer.headers);
    expect(sms.resultCode, sms.resultMsg).toBe('200');

    const records = await t.call<{ list: TRechargeOrder[]; total: number }>('recharge/getUserRechargeList', {}, payer.headers);
    expect(records.data.total).toBe(2);
    expect(records.data.list.map((r) => [r.orderNo === unpaid, r.state])).toEqual([
      [true, 'created'],
      [false, 'paid'],
    ]);
    const paidOnly = await t.call<{ list: TRechargeOrder[] }>('recharge/getUserRechargeList', { state: 'paid' }, payer.headers);
    expect(paidOnly.data.list).toHaveLength(1);

    const list = await t.call<{ list: TTransaction[]; total: number }>('recharge/getUserTransactionList', {}, payer.headers);
    expect(list.data.list.map((r) => [r.reason, r.title, r.amountFen, r.balanceAfterFen])).toEqual([
      ['package', '短信条数 1000条', -7_000, 3_000],
      ['recharge', '账户充值 100.00 元', 10_000, 10_000],
    ]);
    const amount = await t.call<TTransactionAmount>('recharge/getTransactionAmount', {}, payer.headers);
    expect(amount.data).toEqual({ balanceFen: 3_000, rechargedFen: 10_000, spentFen: 7_000, transactions: 2 });
    const info = await t.call<{ balance: number }>('activity/user/info', {}, payer.headers);
    expect(info.data.balance).toBe(30);
  });
});
