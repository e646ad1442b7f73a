import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { naiveCapacity } from '../../helpers/naive-strategies';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { closeDueOrders } from '../../../server/services/pay/order-close.service';
import { submissionId } from '../../helpers/publish';
import { cancel, device, manageView, order, orangeLeft, publishGroupBuy, view } from './groupbuy-helpers';

let t: TestApp;
let naive: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  naive = await siblingApp(t, { strategies: { capacity: naiveCapacity } });
});
afterAll(async () => {
  await naive.close();
  await t.close();
});

const unitsSold = async (questionId: string) =>
  (
    await t.database.query<{ units: number }>(
      `SELECT coalesce(sum(l.quantity), 0)::int AS units FROM orders o JOIN projects p ON p.id = o.project_id JOIN order_lines l ON l.order_id = o.id
       WHERE p.public_id = $1 AND o.state <> 'closed'`,
      [questionId],
    )
  )[0]!.units;

async function race(app: TestApp) {
  const ctx = await publishGroupBuy(t, { stock: 20 });
  const answers = await Promise.all(Array.from({ length: 50 }, () => order(app, ctx, device(), [{ productId: ctx.orange, quantity: 1 }])));
  return { ctx, answers, units: await unitsSold(ctx.questionId) };
}

describe(`group-buy on ${engineName()}`, () => {
  it('50 parallel orders for a stock of 20: exactly 20 units sold, the others told it is sold out; the page shows 0 left', async () => {
    const { ctx, answers, units } = await race(t);
    expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(20);
    expect(units).toBe(20);
    expect(answers.filter((a) => a.resultCode !== '200').every((a) => a.resultMsg === '商品「赣南脐橙」库存不足，请减少数量或选择其他商品')).toBe(true);
    expect(await orangeLeft(t, ctx)).toBe(0);
    const page = (await view(t, ctx)).data;
    expect(page.orders).toHaveLength(20);
    expect(page.orders.map((o) => o.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(page.orders[0]!.name).toBe('王**');
    expect(page.orders[0]!.items).toBe('赣南脐橙（10斤装） ×1');
  });

  it('has teeth: the naive read-then-write stock sells more than 20', async () => {
    const { units } = await race(naive);
    expect(units).toBeGreaterThan(20);
  });

  it('two racing cancels of one order give its stock back once; a cancelled order cannot be cancelled again', async () => {
    const ctx = await publishGroupBuy(t, { stock: 5 });
    const placed = await order(t, ctx, device(), [{ productId: ctx.orange, quantity: 3 }]);
    const { orderNo } = placed.data.order!;
    expect(await orangeLeft(t, ctx)).toBe(2);
    const answers = await Promise.all([cancel(t, ctx, orderNo), cancel(t, ctx, orderNo)]);
    expect(answers.map((a) => a.resultCode).sort()).toEqual(['200', '409']);
    expect(answers.find((a) => a.resultCode === '409')!.resultMsg).toBe('订单已取消');
    expect(await orangeLeft(t, ctx)).toBe(5);
    // A cancel racing the closing sweep: the stock still comes back once.
    const again = (await order(t, ctx, device(), [{ productId: ctx.orange, quantity: 4 }])).data.order!.orderNo;
    const projectId = (await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [ctx.questionId]))[0]!.id;
    const later = new Date(Date.now() + 20 * 60_000);
    await Promise.all([cancel(t, ctx, again), closeDueOrders(t.database, t.app.deps.pay, later, { projectId })]);
    expect(await orangeLeft(t, ctx)).toBe(5);
    const manage = (await manageView(t, ctx)).data;
    expect(manage.orders.map((o) => o.state)).toEqual(['closed', 'closed']);
    expect(manage.summary.totals.cancelled).toBe(2);
  });

  it('a paid order is not cancelled here (refund instead); collecting works through the orders call', async () => {
    const ctx = await publishGroupBuy(t, { stock: 5 });
    const me = device();
    const { orderNo } = (await order(t, ctx, me, [{ productId: ctx.orange, quantity: 1 }])).data.order!;
    await t.call('active/pay/wxTradePay', { orderNo, deviceId: me });
    expect((await t.call('active/pay/sandbox/decide', { outTradeNo: orderNo, outcome: 'pay' })).resultCode).toBe('200');
    const refused = await cancel(t, ctx, orderNo);
    expect(refused).toMatchObject({ resultCode: '409', resultMsg: '已支付的订单请先退款，退款后库存不会自动恢复' });
    const collected = await t.call('active/commodity/order/collectOrder', { questionId: ctx.questionId, orderNo }, ctx.owner.headers);
    expect(collected.resultCode).toBe('200');
    const manage = (await manageView(t, ctx)).data;
    expect(manage.summary.totals).toEqual({ placed: 0, paid: 0, collected: 1, cancelled: 0, paidFen: 5800 });
    expect((await view(t, ctx, me)).data.mine).toEqual([expect.objectContaining({ orderNo, state: 'collected', seq: 1 })]);
  });

  it('per-person limit: 2 丑橘 per buyer over all their orders; another buyer still may; a cancel gives the allowance back', async () => {
    const ctx = await publishGroupBuy(t);
    const me = device();
    const first = await order(t, ctx, me, [{ productId: ctx.tangerine, quantity: 2 }]);
    expect(first.resultCode).toBe('200');
    const second = await order(t, ctx, me, [{ productId: ctx.tangerine, quantity: 1 }]);
    expect(second).toMatchObject({ resultCode: '409', resultMsg: '商品「四川丑橘」每人限购 2 件，你已达到限购数量' });
    const inOne = await order(t, ctx, device(), [{ productId: ctx.tangerine, quantity: 3 }]);
    expect(inOne.resultCode).not.toBe('200');
    expect((await order(t, ctx, device(), [{ productId: ctx.tangerine, quantity: 2 }])).resultCode).toBe('200');
    await cancel(t, ctx, first.data.order!.orderNo);
    expect((await order(t, ctx, me, [{ productId: ctx.tangerine, quantity: 1 }])).resultCode).toBe('200');
  });

  it('summary: units per product and spec split per pick-up point (delivery a column), closed orders left out', async () => {
    const ctx = await publishGroupBuy(t);
    const o = (productId: string, quantity: number) => ({ productId, quantity });
    await order(t, ctx, device(), [o(ctx.orange, 3), o(ctx.tangerine, 1)], 0, '张三');
    await order(t, ctx, device(), [o(ctx.orange, 2)], 1, '李四');
    await order(t, ctx, device(), [o(ctx.orange, 1), o(ctx.tangerine, 2)], 2, '王五');
    const gone = (await order(t, ctx, device(), [o(ctx.orange, 5)], 0, '赵六')).data.order!.orderNo;
    await cancel(t, ctx, gone);
    const { summary, orders } = (await manageView(t, ctx)).data;
    expect(summary.points).toEqual(['东门驿站', '3号楼大堂', '送货上门']);
    expect(summary.rows).toEqual([
      { productId: ctx.orange, title: '赣南脐橙', spec: '10斤装', total: 6, byPoint: [3, 2, 1] },
      { productId: ctx.tangerine, title: '四川丑橘', spec: '5斤装', total: 3, byPoint: [1, 0, 2] },
    ]);
    expect(summary.totals).toMatchObject({ placed: 3, cancelled: 1 });
    const wang = orders.find((x) => x.name === '王五')!;
    expect(wang).toMatchObject({ point: '送货上门', address: '幸福小区 5 栋 302', phone: '13800138000', amountFen: 5800 + 9000 });
    expect(await orangeLeft(t, ctx)).toBe(14);
  });

  it('a region subject as the address: the page is told its levels, and the organiser reads the delivery address whole', async () => {
    const ctx = await publishGroupBuy(t, { regionAddress: true });
    expect((await view(t, ctx)).data.shape).toMatchObject({
      addressSubjectId: ctx.subjects.address.uuid,
      addressRegion: { level: 'district', detail: 'required' },
      addressRequired: false,
      unsupported: [],
    });
    const placed = await order(t, ctx, device(), [{ productId: ctx.orange, quantity: 1 }], 2, '王五');
    expect(placed.resultCode).toBe('200');
    const partial = await t.call('active/write/submit', {
      questionId: ctx.questionId,
      submissionId: submissionId(),
      deviceId: device(),
      durationSeconds: 8,
      answers: {
        [ctx.subjects.name.uuid]: '李四',
        [ctx.subjects.goods.uuid]: [{ productId: ctx.orange, quantity: 1 }],
        [ctx.subjects.pickup.uuid]: { optionIds: [ctx.points[2]!] },
        [ctx.subjects.address.uuid]: { province: '浙江省', city: '杭州市' },
      },
    });
    expect(partial.resultCode).toBe('400');
    const { orders } = (await manageView(t, ctx)).data;
    expect(orders.map((o) => [o.name, o.point, o.address])).toEqual([['王五', '送货上门', '浙江省  杭州市  西湖区  文三路 90 号']]);
  });

  it('another kind of project answers 该项目不是团购接龙', async () => {
    const ctx = await publishGroupBuy(t);
    const chain = await t.call<{ questionId: string }>(
      'activity/question/saveOrUpdateWxQuestion',
      { questionType: 5, solitaireType: 4, title: '报名', subjects: [] },
      ctx.owner.headers,
    );
    const answer = await t.call('activity/question/solitaire/getGroupBuy', { questionId: chain.data.questionId });
    expect(answer).toMatchObject({ resultCode: '404', resultMsg: '该项目不是团购接龙' });
  });
});
