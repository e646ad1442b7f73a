import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNoticeTemplates } from '../../../schemas/api/component';
import type { TShipResult } from '../../../schemas/api/logistics';
import type { TMyNotices, TNoticeList } from '../../../schemas/api/notice';
import type { TSubmitResult } from '../../../schemas/api/write';
import type { FakeWechatOpen } from '../../helpers/fake-wechat-open';
import { loginNewUser } from '../../helpers/fixtures';
import { submissionId } from '../../helpers/publish';
import type { TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { device, manageView, publishGroupBuy, type GroupBuyCtx } from '../groupbuy/groupbuy-helpers';
import { authorise, bindAccount, S, wechatApp } from './wechat-solitaire-helpers';

/**
 * 发货 from the group-buy's manage table and the buyer's shipping notice (issue 49): the header bell message of a
 * logged-in buyer, the official account's template message (kind order_shipped) for a WeChat buyer when the owner
 * chose one, else on the buyer's group-buy page; once per order (a correction tells nothing), no SMS spent.
 * PGlite, and PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
let fake: FakeWechatOpen;
beforeAll(async () => {
  ({ t, fake } = await wechatApp());
}, 180_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});

const ship = (ctx: GroupBuyCtx, orderNo: string, carrier: string, trackingNo: string) =>
  t.call<TShipResult>('activity/question/logistics/shipOrder', { questionId: ctx.questionId, orderNo, carrier, trackingNo }, ctx.owner.headers);

function buy(ctx: GroupBuyCtx, deviceId: string, extra: Record<string, unknown> = {}, headers?: { token: string }) {
  const s = ctx.subjects;
  const answers = {
    [s.name.uuid]: '王小明',
    [s.phone.uuid]: '13800138000',
    [s.goods.uuid]: [{ productId: ctx.orange, quantity: 1 }],
    [s.pickup.uuid]: { optionIds: [ctx.points[0]!] },
  };
  return t.call<TSubmitResult>(
    'active/write/submit',
    { questionId: ctx.questionId, submissionId: submissionId(), deviceId, durationSeconds: 8, answers, ...extra },
    headers,
  );
}
async function pay(orderNo: string, deviceId: string, headers?: { token: string }) {
  expect((await t.call('active/pay/wxTradePay', { orderNo, deviceId }, headers)).resultCode).toBe('200');
  expect((await t.call('active/pay/sandbox/decide', { outTradeNo: orderNo, outcome: 'pay' })).resultCode).toBe('200');
}
const shippedNotices = async (ctx: GroupBuyCtx) =>
  (await t.call<TNoticeList>('activity/question/notice/getNoticeList', { questionId: ctx.questionId }, ctx.owner.headers)).data.notices
    .filter((n) => n.kind === 'order_shipped')
    .map((n) => [n.channel, n.outcome]);
const outbox = async () => (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM sms_outbox'))[0]!.n;

describe(`group-buy 发货 and the shipping notice (${engineName()})`, () => {
  it('a logged-in buyer: the manage table shows the shipping, the bell says it once, the group-buy page too; no SMS', async () => {
    const ctx = await publishGroupBuy(t);
    const buyer = await loginNewUser(t);
    const deviceId = device();
    const { orderNo } = (await buy(ctx, deviceId, {}, buyer.headers)).data.order!;
    await pay(orderNo, deviceId, buyer.headers);
    const texts = await outbox();
    expect((await ship(ctx, orderNo, 'SF', 'SF1234567890')).data).toMatchObject({ state: 'shipped', corrected: false });
    expect((await ship(ctx, orderNo, 'ZTO', '78000011112222')).data).toMatchObject({ corrected: true });

    const row = (await manageView(t, ctx)).data.orders.find((o) => o.orderNo === orderNo)!;
    expect(row).toMatchObject({ state: 'shipped', shipping: { carrierName: '中通快递', trackingNo: '78000011112222' } });
    const bell = await t.call<{ list: { title: string; newsType: number }[] }>('active/message/getMessageList', { pageNo: 1, pageSize: 20 }, buyer.headers);
    const shipped = bell.data.list.filter((m) => m.newsType === 24);
    expect(shipped.map((m) => m.title)).toEqual(['你在「发布测试」的订单（赣南脐橙（10斤装） ×1）已发货：顺丰速运 SF1234567890。']);
    const page = await t.call<TMyNotices>('activity/question/notice/getMyNotices', { questionId: ctx.questionId, deviceId: device() }, buyer.headers);
    expect(page.data.notices.filter((n) => n.kind === 'order_shipped').map((n) => n.text)).toEqual([shipped[0]!.title]);
    expect(await shippedNotices(ctx)).toEqual([['page', 'shown']]);
    expect(await outbox()).toBe(texts);
  });

  it('a WeChat buyer is told by the account’s template for 订单发货, once however often 发货 is pressed at once', async () => {
    const ctx = await publishGroupBuy(t);
    const account = await bindAccount(t, fake, ctx.owner.headers);
    expect((await t.call(`${S}saveGroupBuySetting`, { questionId: ctx.questionId, wechatAuthId: account.authId }, ctx.owner.headers)).resultCode).toBe('200');
    const chosen = await t.call<TNoticeTemplates>(
      'activity/component/setNoticeTemplate',
      { authId: account.authId, kind: 'order_shipped', templateId: `tpl-${account.appid}-order` },
      ctx.owner.headers,
    );
    expect(chosen.resultCode).toBe('200');
    const wechatToken = await authorise(t, fake, ctx.questionId, 'lily');
    const deviceId = device();
    const { orderNo } = (await buy(ctx, deviceId, { wechatToken })).data.order!;
    await pay(orderNo, deviceId);
    const before = fake.templateMessages.length;
    const pressed = await Promise.all([0, 1, 2].map(() => ship(ctx, orderNo, 'YTO', 'YT9876543210')));
    expect(pressed.filter((p) => p.data.corrected === false)).toHaveLength(1);
    const sent = fake.templateMessages.slice(before).filter((m) => m.touser === fake.openidOf(account.appid, 'lily'));
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0]!.data)).toContain('圆通');
    expect(await shippedNotices(ctx)).toEqual([['wechat', 'sent']]);
  });

  it('an anonymous buyer finds it on their group-buy page; a stranger cannot ship', async () => {
    const ctx = await publishGroupBuy(t);
    const deviceId = device();
    const { orderNo } = (await buy(ctx, deviceId)).data.order!;
    await pay(orderNo, deviceId);
    const stranger = await publishGroupBuy(t);
    expect((await ship(stranger, orderNo, 'SF', 'SF1234567890')).resultCode).toBe('404');
    expect(
      (
        await t.call(
          'activity/question/logistics/shipOrder',
          { questionId: ctx.questionId, orderNo, carrier: 'SF', trackingNo: 'SF1234567890' },
          stranger.owner.headers,
        )
      ).resultCode,
    ).toBe('404');
    expect((await ship(ctx, orderNo, 'JD', 'JDVA00112233')).resultCode).toBe('200');
    const page = await t.call<TMyNotices>('activity/question/notice/getMyNotices', { questionId: ctx.questionId, deviceId });
    expect(page.data.notices.map((n) => n.text)).toContain('你在「发布测试」的订单（赣南脐橙（10斤装） ×1）已发货：京东物流 JDVA00112233。');
  });
});
