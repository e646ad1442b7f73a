import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMessage, TMessageCount } from '../../../schemas/api/message';
import type { TSaveRechargeResult } from '../../../schemas/api/recharge';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { balanceAndLedger, newPayer, recharge } from '../money/money-helpers';
import { buy, buyer, publishShop, sandboxNotify, sandboxPay, startPay } from '../pay/pay-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
}, 60_000);
afterAll(() => t.close());

/** Anyone logged in. */
type Who = { headers: { token: string } };
const list = (who: Who, body: object = {}, name = 'list') => t.call<{ list: TMessage[]; total: number }>(`active/message/${name}`, body, who.headers);
const count = async (who: Who, name = 'listCount') => (await t.call<TMessageCount>(`active/message/${name}`, {}, who.headers)).data;

describe(`the bell's messages (${engineName()})`, () => {
  it('a recharge writes one 充值成功 message (newsType 10), even when its notify arrives ten times at once', async () => {
    const payer = await newPayer(t);
    expect(await count(payer)).toEqual({ totalCount: 0, isReadCount: 0 });
    const started = await t.call<TSaveRechargeResult>('recharge/saveRechargeOrder', { amountFen: 10_000 }, payer.headers);
    const decided = await t.app.deps.pay.sandbox!.decide(started.data.orderNo, 'pay', new Date());
    const body = JSON.parse(decided!.notify!.body) as object;
    const answers = await Promise.all(Array.from({ length: 10 }, () => sandboxNotify(t, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));

    expect(await balanceAndLedger(t, payer.id)).toEqual({ balance: 10_000, ledger: 10_000, rows: 1 });
    const page = (await list(payer)).data;
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ title: '充值成功：100.00 元已到账', newsType: 10, read: false });
    expect(await count(payer)).toEqual({ totalCount: 1, isReadCount: 1 });
    expect(await count(payer, 'getListCount')).toEqual({ totalCount: 1, isReadCount: 1 });
  });

  it('each user reads only their own: another user’s messageId is not found, and nothing changes', async () => {
    const [me, other] = [await newPayer(t), await newPayer(t)];
    await recharge(t, me, 1_000);
    const [mine] = (await list(me)).data.list;
    const refused = await t.call('active/message/readSingleMessage', { messageId: mine!.id }, other.headers);
    expect(refused.resultCode).toBe('404');
    expect(refused.resultMsg).toBe('消息不存在或已删除');
    expect((await list(other)).data.total).toBe(0);
    expect(await count(me)).toEqual({ totalCount: 1, isReadCount: 1 });
    for (const messageId of [0, -1, 1.5, 'x', undefined]) {
      const bad = await t.call('active/message/getReadSingleMessage', { messageId }, me.headers);
      expect(bad.resultCode, String(messageId)).toBe('400');
    }
    expect((await t.call('active/message/list', {})).resultCode).toBe('401');

    const read = await t.call<TMessage>('active/message/getReadSingleMessage', { messageId: mine!.id }, me.headers);
    expect(read.resultCode).toBe('200');
    expect(read.data).toMatchObject({ id: mine!.id, read: true, newsType: 10 });
    expect(await count(me)).toEqual({ totalCount: 1, isReadCount: 0 });
  });

  it('a membership bought, renewed, ending within 3 days and ended: newsType 12, once per period', async () => {
    const payer = await newPayer(t);
    await recharge(t, payer, 20_000);
    for (let i = 0; i < 2; i++) expect((await t.call('active/pay/getBalancePay', { packageId: 'member-2-month' }, payer.headers)).resultCode).toBe('200');
    let titles = (await list(payer, { pageSize: 100 }, 'getMessageList')).data.list.map((m) => `${m.newsType} ${m.title}`);
    expect(titles[0]).toMatch(/^12 会员已续费：.+，有效期至 \d{4}-\d{2}-\d{2}$/);
    expect(titles[1]).toMatch(/^12 会员已开通：.+，有效期至 \d{4}-\d{2}-\d{2}$/);

    const ends = new Date(Date.now() + 2 * 86_400_000);
    await t.database.query('UPDATE users SET member_expire = $2 WHERE id = $1', [payer.id, ends]);
    await Promise.all([t.app.orderSweeper.runOnce(), t.app.orderSweeper.runOnce()]);
    await t.app.orderSweeper.runOnce();
    titles = (await list(payer, { pageSize: 100 })).data.list.map((m) => `${m.newsType} ${m.title}`);
    expect(titles.filter((m) => m.includes('到期，到期后恢复为免费版'))).toHaveLength(1);

    await t.database.query(`UPDATE users SET member_expire = now() - interval '1 minute' WHERE id = $1`, [payer.id]);
    await t.call('activity/user/info', {}, payer.headers); // the session lookup drops the level and writes the message
    await Promise.all([t.app.orderSweeper.runOnce(), t.app.orderSweeper.runOnce()]);
    titles = (await list(payer, { pageSize: 100 })).data.list.map((m) => `${m.newsType} ${m.title}`);
    expect(titles.filter((m) => m.startsWith('12 会员已到期'))).toHaveLength(1);
    expect(await count(payer)).toEqual({ totalCount: 5, isReadCount: 5 });

    const all = await t.call<TMessageCount>('active/message/readMessage', {}, payer.headers);
    expect(all.resultCode).toBe('200');
    expect(all.data).toEqual({ totalCount: 5, isReadCount: 0 });
    expect((await t.call<TMessageCount>('active/message/getReadMessage', {}, payer.headers)).data).toEqual({ totalCount: 5, isReadCount: 0 });
    expect((await list(payer, { unread: true })).data).toEqual({ list: [], total: 0 });
  });

  it("a payment on a project's order tells the project's owner once (newsType 20)", async () => {
    const ctx = await publishShop(t);
    const me = buyer();
    const order = (await buy(t, ctx, me, [{ productId: ctx.ticket, quantity: 1 }])).data.order!;
    await startPay(t, order.orderNo, me);
    await sandboxPay(t, order.orderNo);
    await sandboxPay(t, order.orderNo);
    const page = (await list(ctx.owner)).data;
    expect(page.list.map((m) => [m.newsType, m.title])).toEqual([[20, expect.stringMatching(/^收到付款 25\.00 元：/)]]);
  });

  it('pages newest first', async () => {
    const payer = await newPayer(t);
    for (const fen of [1_000, 2_000, 3_000]) await recharge(t, payer, fen);
    const first = (await list(payer, { page: 1, pageSize: 2 })).data;
    const second = (await list(payer, { page: 2, pageSize: 2 })).data;
    expect(first.total).toBe(3);
    expect(first.list.map((m) => m.title)).toEqual(['充值成功：30.00 元已到账', '充值成功：20.00 元已到账']);
    expect(second.list.map((m) => m.title)).toEqual(['充值成功：10.00 元已到账']);
  });
});
