import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBatchShipResult, TShipResult } from '../../../schemas/api/logistics';
import type { TOrderView } from '../../../schemas/api/pay';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { buy, buyer, sandboxPay, startPay, status } from '../pay/pay-helpers';
import { publishSpecShop } from './spec-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Ctx = Awaited<ReturnType<typeof publishSpecShop>>;
const SHIP = 'activity/question/logistics/shipOrder';
const ship = (ctx: Ctx, orderNo: string, carrier: string, trackingNo: string, headers = ctx.owner.headers) =>
  t.call<TShipResult>(SHIP, { questionId: ctx.questionId, orderNo, carrier, trackingNo }, headers);

/** A paid order of one M码 T-shirt by a new device. */
async function paidOrder(ctx: Ctx) {
  const device = buyer();
  const { orderNo } = (await buy(t, ctx, device, [{ productId: ctx.shirt, specId: ctx.m, quantity: 1 }])).data.order!;
  await startPay(t, orderNo, device);
  await sandboxPay(t, orderNo);
  return { orderNo, device };
}

async function sheet(rows: string[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('发货');
  ws.addRow(['订单号', '快递公司', '快递单号']);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

describe('specs: each its own price and stock', () => {
  it('an order pays the spec chosen; a product with several specs needs one; an old product without spec rows still sells', async () => {
    const ctx = await publishSpecShop(t);
    const placed = await buy(t, ctx, buyer(), [
      { productId: ctx.shirt, specId: ctx.l, quantity: 2 },
      { productId: ctx.shirt, specId: ctx.m, quantity: 1 },
      { productId: ctx.ticket, quantity: 1 },
    ]);
    expect(placed.resultCode).toBe('200');
    const order = placed.data.order!;
    expect(order.amountFen).toBe(7900 * 2 + 6900 + 2500);
    const device = buyer();
    const noSpec = await buy(t, ctx, device, [{ productId: ctx.shirt, quantity: 1 }]);
    expect(noSpec.resultCode).toBe('400');
    expect(noSpec.resultMsg).toContain('请选择“纪念T恤”的规格');
    const unknown = await buy(t, ctx, device, [{ productId: ctx.shirt, specId: 'nope', quantity: 1 }]);
    expect(unknown.resultMsg).toContain('答案中含有不存在的项');
    const tooMany = await buy(t, ctx, device, [{ productId: ctx.shirt, specId: ctx.s, quantity: 4 }]);
    expect(tooMany.resultMsg).toContain('“纪念T恤（S码）”库存不足，最多可购3件');
  });

  it('the page is told what is left per spec; an unpaid order closed by its window gives its spec stock back once', async () => {
    const ctx = await publishSpecShop(t);
    const device = buyer();
    const { orderNo } = (await buy(t, ctx, device, [{ productId: ctx.shirt, specId: ctx.s, quantity: 2 }])).data.order!;
    const left = async () => {
      const form = await t.call<{ subjects: { products: { specs?: { uuid: string; stock?: number }[] }[] }[] }>('active/write/getQuestion', {
        questionId: ctx.questionId,
      });
      return form.data.subjects[0]!.products[0]!.specs!.find((s) => s.uuid === ctx.s)!.stock;
    };
    expect(await left()).toBe(1);
    // Its payment window passes: the closing sweep (run when the order is looked at) closes it and gives the stock back.
    await t.database.query(`UPDATE orders SET closes_at = now() - interval '1 minute' WHERE order_no = $1`, [orderNo]);
    expect((await status(t, orderNo, device)).data.state).toBe('closed');
    expect((await status(t, orderNo, device)).data.state).toBe('closed');
    expect(await left()).toBe(3);
  });
});

describe('shipping: carrier and tracking number', () => {
  it('ships a paid order, corrects it, and the buyer reads carrier and number (others are refused)', async () => {
    const ctx = await publishSpecShop(t);
    const { orderNo, device } = await paidOrder(ctx);
    const shipped = await ship(ctx, orderNo, 'SF', 'sf1234567890');
    expect(shipped.resultCode).toBe('200');
    expect(shipped.data).toMatchObject({
      state: 'shipped',
      corrected: false,
      shipping: { carrier: 'SF', carrierName: '顺丰速运', trackingNo: 'SF1234567890' },
    });
    const fixed = await ship(ctx, orderNo, 'ZTO', '78000011112222');
    expect(fixed.data).toMatchObject({ corrected: true, shipping: { carrierName: '中通快递', trackingNo: '78000011112222' } });
    expect(fixed.data.shipping.shippedAt).toBe(shipped.data.shipping.shippedAt);
    const seen = await t.call<{ shipping: { carrierName: string; trackingNo: string } | null }>('activity/question/logistics/getLogistics', {
      orderNo,
      deviceId: device,
    });
    expect(seen.data.shipping).toMatchObject({ carrierName: '中通快递', trackingNo: '78000011112222' });
    const view = await t.call<TOrderView>('active/pay/getOrderStatus', { orderNo, deviceId: device });
    expect(view.data.shipping?.trackingNo).toBe('78000011112222');
    expect((await t.call('activity/question/logistics/getLogistics', { orderNo, deviceId: buyer() })).resultCode).toBe('403');
  });

  it('refuses an unpaid order, a bad number, an unknown carrier, an unknown order and another creator', async () => {
    const ctx = await publishSpecShop(t);
    const { orderNo: unpaid } = (await buy(t, ctx, buyer(), [{ productId: ctx.ticket, quantity: 1 }])).data.order!;
    expect(await ship(ctx, unpaid, 'SF', 'SF1234567890')).toMatchObject({ resultCode: '409', resultMsg: '未支付的订单不能发货' });
    const { orderNo } = await paidOrder(ctx);
    expect((await ship(ctx, orderNo, 'SF', '12345')).resultMsg).toContain('快递单号应为6–32位字母或数字');
    expect((await ship(ctx, orderNo, 'SF', 'SF-123-456-789')).resultMsg).toContain('快递单号应为6–32位字母或数字');
    expect((await ship(ctx, orderNo, 'DHL', 'SF1234567890')).resultMsg).toContain('请选择快递公司');
    expect(await ship(ctx, '20990101000000000000', 'SF', 'SF1234567890')).toMatchObject({ resultCode: '404', resultMsg: '订单不存在' });
    const stranger = await loginNewUser(t);
    // Another creator's project is not theirs to see: refused as if it were not there.
    expect((await ship(ctx, orderNo, 'SF', 'SF1234567890', stranger.headers)).resultCode).toBe('404');
    expect((await status(t, orderNo, buyer())).resultCode).toBe('403');
  });

  it('batch shipping previews row by row, then ships the rows that pass', async () => {
    const ctx = await publishSpecShop(t);
    const a = await paidOrder(ctx);
    const b = await paidOrder(ctx);
    const { orderNo: unpaid } = (await buy(t, ctx, buyer(), [{ productId: ctx.ticket, quantity: 1 }])).data.order!;
    const xlsx = await sheet([
      [a.orderNo, '顺丰', 'SF1000000001'],
      [b.orderNo, '中通快递', '7800000002'],
      [unpaid, '圆通', 'YT0000000003'],
      ['20990101000000000000', '韵达', '4300000004'],
      [a.orderNo, '申通', '7700000005'],
      [b.orderNo, '不知道快递', '7700000006'],
      ['123', '京东', 'JD0000000007'],
    ]);
    const body = { questionId: ctx.questionId, xlsx };
    const preview = await t.call<TBatchShipResult>('activity/question/logistics/batchShip', body, ctx.owner.headers);
    expect(preview.data).toMatchObject({ ok: 2, failed: 5, confirmed: false });
    expect(preview.data.rows.map((r) => [r.row, r.action, r.message])).toEqual([
      [2, 'ship', '待发货'],
      [3, 'ship', '待发货'],
      [4, null, '未支付的订单不能发货'],
      [5, null, '订单不存在'],
      [6, null, '订单号在表格中重复'],
      [7, null, '订单号在表格中重复'],
      [8, null, '订单号无效'],
    ]);
    expect((await status(t, a.orderNo, a.device)).data.state).toBe('paid');
    const done = await t.call<TBatchShipResult>('activity/question/logistics/batchShip', { ...body, confirm: true }, ctx.owner.headers);
    expect(done.data).toMatchObject({ ok: 2, confirmed: true });
    expect((await status(t, b.orderNo, b.device)).data).toMatchObject({ state: 'shipped', shipping: { carrierName: '中通快递', trackingNo: '7800000002' } });
    const bad = await t.call('activity/question/logistics/batchShip', { questionId: ctx.questionId, xlsx: 'bm90IGFuIHhsc3g=' }, ctx.owner.headers);
    expect(bad).toMatchObject({ resultCode: '400', resultMsg: expect.stringContaining('无法读取Excel文件') });
  });
});
