import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPickupNoticeResult } from '../../../schemas/api/groupbuy';
import type { TMyNotices, TNoticeList } from '../../../schemas/api/notice';
import { grantUnits } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { device, order, publishGroupBuy, type GroupBuyCtx } from './groupbuy-helpers';

/**
 * 通知取货 (issue 47 item 4): the organiser tells the paid orders of a pick-up point (or all) that the goods are
 * ready; each order once, by SMS to the phone the buyer left, on the owner's SMS count. Runs on PGlite, and on
 * PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
}, 180_000);
afterAll(() => t.close());

const PICKUP = 'activity/question/solitaire/noticeGroupBuyPickup';
const notify = (ctx: GroupBuyCtx, point?: string) => t.call<TPickupNoticeResult>(PICKUP, { questionId: ctx.questionId, point }, ctx.owner.headers);
async function paidOrder(ctx: GroupBuyCtx, point: number, name: string) {
  const me = device();
  const { orderNo } = (await order(t, ctx, me, [{ productId: ctx.orange, quantity: 1 }], point, name)).data.order!;
  await t.call('active/pay/wxTradePay', { orderNo, deviceId: me });
  expect((await t.call('active/pay/sandbox/decide', { outTradeNo: orderNo, outcome: 'pay' })).resultCode).toBe('200');
  return { me, orderNo };
}
const textsSince = async (id: number) =>
  (await t.database.query<{ text: string }>(`SELECT text FROM sms_outbox WHERE phone = '13800138000' AND id > $1 ORDER BY id`, [id])).map((r) => r.text);
const lastOutbox = async () => (await t.database.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM sms_outbox'))[0]!.id;

describe('通知取货', () => {
  it('tells the paid orders of a point once each by SMS, then the rest; unpaid orders are not told', async () => {
    const ctx = await publishGroupBuy(t);
    await grantUnits(t, ctx.owner.phone, 'sms', 100);
    await paidOrder(ctx, 0, '王小明');
    await paidOrder(ctx, 1, '李小红');
    await order(t, ctx, device(), [{ productId: ctx.orange, quantity: 1 }], 0, '未付款');
    const before = await lastOutbox();

    expect((await notify(ctx, '东门驿站')).data).toEqual({ notified: 1, already: 0 });
    expect(await textsSince(before)).toEqual(['【问卷通】王小明，你在「发布测试」的团购订单（赣南脐橙（10斤装） ×1）可以取货了，自提点：东门驿站。']);
    // All points now: 李小红 is told, 王小明 not again.
    expect((await notify(ctx)).data).toEqual({ notified: 1, already: 1 });
    expect(await textsSince(before)).toHaveLength(2);
    expect((await notify(ctx)).data).toEqual({ notified: 0, already: 2 });

    const list = await t.call<TNoticeList>('activity/question/notice/getNoticeList', { questionId: ctx.questionId }, ctx.owner.headers);
    const pickups = list.data.notices.filter((n) => n.kind === 'order_ready_for_pickup');
    expect(pickups.map((n) => [n.recipientName, n.kind, n.channel, n.outcome])).toEqual([
      ['李小红', 'order_ready_for_pickup', 'sms', 'sent'],
      ['王小明', 'order_ready_for_pickup', 'sms', 'sent'],
    ]);
  });

  it('records a buyer who turned notices off as opted out and texts nothing', async () => {
    const ctx = await publishGroupBuy(t);
    await grantUnits(t, ctx.owner.phone, 'sms', 100);
    const { me } = await paidOrder(ctx, 0, '王小明');
    const off = await t.call<TMyNotices>('activity/question/notice/setNoticeOff', { questionId: ctx.questionId, deviceId: me, off: true });
    expect(off.resultCode).toBe('200');
    const before = await lastOutbox();
    expect((await notify(ctx)).data).toEqual({ notified: 1, already: 0 });
    expect(await textsSince(before)).toEqual([]);
    const list = await t.call<TNoticeList>('activity/question/notice/getNoticeList', { questionId: ctx.questionId }, ctx.owner.headers);
    expect(list.data.notices.map((n) => [n.kind, n.outcome])).toEqual([
      ['order_ready_for_pickup', 'opted_out'],
      // Paid before the switch was turned off: that notice still waits for the page.
      ['payment_received', 'pending'],
    ]);
  });

  it('is the organiser’s: a stranger is refused as for any project not theirs', async () => {
    const ctx = await publishGroupBuy(t);
    const stranger = await publishGroupBuy(t);
    const refused = await t.call(PICKUP, { questionId: ctx.questionId }, stranger.owner.headers);
    expect(refused.resultCode).toBe('404');
    expect(await t.database.query(`SELECT 1 FROM notices WHERE project_id = (SELECT id FROM projects WHERE public_id = $1)`, [ctx.questionId])).toEqual([]);
  });
});

describe('a payment received', () => {
  it('is told on the buyer’s page at the next visit, once, never by SMS', async () => {
    const ctx = await publishGroupBuy(t);
    const before = await lastOutbox();
    const { me, orderNo } = await paidOrder(ctx, 0, '王小明');
    const visit = await t.call<TMyNotices>('activity/question/notice/getMyNotices', { questionId: ctx.questionId, deviceId: me });
    expect(visit.data.notices.map((n) => [n.kind, n.text])).toEqual([['payment_received', `你在「发布测试」的付款 58.00 元已收到（订单号 ${orderNo}）。`]]);
    expect((await t.call<TMyNotices>('activity/question/notice/getMyNotices', { questionId: ctx.questionId, deviceId: me })).data.notices).toEqual([]);
    // Another buyer's page does not show it.
    expect((await t.call<TMyNotices>('activity/question/notice/getMyNotices', { questionId: ctx.questionId, deviceId: device() })).data.notices).toEqual([]);
    expect(await textsSince(before)).toEqual([]);
    const list = await t.call<TNoticeList>('activity/question/notice/getNoticeList', { questionId: ctx.questionId }, ctx.owner.headers);
    expect(list.data.notices.map((n) => [n.kind, n.channel, n.outcome])).toEqual([['payment_received', 'page', 'shown']]);
  });
});
