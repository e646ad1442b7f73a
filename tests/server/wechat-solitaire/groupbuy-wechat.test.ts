import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNoticeTemplates } from '../../../schemas/api/component';
import { GROUP_BUY_MESSAGES, type TPickupNoticeResult } from '../../../schemas/api/groupbuy';
import type { TMyNotices, TNoticeList } from '../../../schemas/api/notice';
import { ORDER_MESSAGES } from '../../../schemas/order/order-states';
import type { TSubmitResult } from '../../../schemas/api/write';
import type { FakeWechatOpen } from '../../helpers/fake-wechat-open';
import { loginNewUser } from '../../helpers/fixtures';
import { submissionId } from '../../helpers/publish';
import type { TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { device, manageView, orangeLeft, publishGroupBuy, view, type GroupBuyCtx } from '../groupbuy/groupbuy-helpers';
import { authorise, bindAccount, S, wechatApp } from './wechat-solitaire-helpers';

/**
 * 仅限微信授权参与 for group-buy chains (issue 47 items 1 and 4) against the fake WeChat: orders belong to the buyer's
 * WeChat identity (`w:<openid>`: their orders and per-person limits on every browser), stock is still taken by the
 * sheet's one statement, and a paid order's payment and its 可以取货 reach the buyer by the account's template
 * message exactly once, however many times the organiser presses 通知取货 at once. PGlite, and PostgreSQL with DATABASE_URL.
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

type WechatGroupBuy = GroupBuyCtx & { authId: number; appid: string };

/** A published group-buy (脐橙 stock `stock`, 丑橘 2 per person) set to 仅限微信授权参与 through the owner's account. */
async function wechatGroupBuy(stock = 20, templates = false): Promise<WechatGroupBuy> {
  const ctx = await publishGroupBuy(t, { stock });
  const account = await bindAccount(t, fake, ctx.owner.headers);
  const saved = await t.call<{ wechatAuthId: number }>(
    `${S}saveGroupBuySetting`,
    { questionId: ctx.questionId, wechatAuthId: account.authId },
    ctx.owner.headers,
  );
  expect(saved).toMatchObject({ resultCode: '200', data: { wechatAuthId: account.authId } });
  if (templates)
    for (const kind of ['order_ready_for_pickup', 'payment_received']) {
      const chosen = await t.call<TNoticeTemplates>(
        'activity/component/setNoticeTemplate',
        { authId: account.authId, kind, templateId: `tpl-${account.appid}-order` },
        ctx.owner.headers,
      );
      expect(chosen.resultCode).toBe('200');
    }
  return { ...ctx, ...account };
}

/** An order as the page places it, in a browser with its own device key and (maybe) the WeChat identity. */
function buy(ctx: GroupBuyCtx, lines: { productId: string; quantity: number }[], extra: Record<string, unknown> = {}, deviceId = device()) {
  const s = ctx.subjects;
  return t.call<TSubmitResult>('active/write/submit', {
    questionId: ctx.questionId,
    submissionId: submissionId(),
    deviceId,
    durationSeconds: 8,
    answers: { [s.name.uuid]: '王小明', [s.phone.uuid]: '13800138000', [s.goods.uuid]: lines, [s.pickup.uuid]: { optionIds: [ctx.points[0]!] } },
    ...extra,
  });
}
const orderRows = (ctx: GroupBuyCtx) =>
  t.database.query<{ participant: string | null; state: string }>(
    'SELECT o.participant, o.state FROM orders o JOIN projects p ON p.id = o.project_id WHERE p.public_id = $1 ORDER BY o.id',
    [ctx.questionId],
  );
const messagesTo = (appid: string, user: string) => fake.templateMessages.filter((m) => m.appid === appid && m.touser === fake.openidOf(appid, user));

describe(`仅限微信授权参与 group-buys (${engineName()})`, () => {
  it('is the organiser’s setting: a stranger is refused, the views show it', async () => {
    const ctx = await wechatGroupBuy();
    expect((await manageView(t, ctx)).data.wechatAuthId).toBe(ctx.authId);
    expect((await view(t, ctx)).data.wechatAuthId).toBe(ctx.authId);
    const stranger = await loginNewUser(t);
    const refused = await t.call(`${S}saveGroupBuySetting`, { questionId: ctx.questionId, wechatAuthId: null }, stranger.headers);
    expect(refused.resultCode).toBe('404');
    expect((await view(t, ctx)).data.wechatAuthId).toBe(ctx.authId);
  });

  it('refuses an order without a WeChat identity and holds no stock for it', async () => {
    const ctx = await wechatGroupBuy(5);
    const refused = await buy(ctx, [{ productId: ctx.orange, quantity: 2 }]);
    expect(refused).toMatchObject({ resultCode: '409', resultMsg: GROUP_BUY_MESSAGES.wechatRequired, data: { reason: 'wechatRequired' } });
    expect(await orangeLeft(t, ctx)).toBe(5);
    expect(await orderRows(ctx)).toEqual([]);
  });

  it('keys orders and per-person limits by the openid: parallel orders from three browsers of one WeChat user take 2 of 丑橘, stock exact', async () => {
    const ctx = await wechatGroupBuy(3);
    const tokens = await Promise.all([0, 1, 2].map(() => authorise(t, fake, ctx.questionId, 'henry')));
    const tangerines = await Promise.all(tokens.map((wechatToken) => buy(ctx, [{ productId: ctx.tangerine, quantity: 1 }], { wechatToken })));
    expect(tangerines.filter((a) => a.resultCode === '200')).toHaveLength(2);
    expect(tangerines.find((a) => a.resultCode !== '200')!.resultMsg).toContain('每人限购 2 件');
    // Three buyers race for three oranges, two each: the stock is taken by the sheet's statement, never oversold.
    const others = await Promise.all(['ivy', 'jack', 'kate'].map((u) => authorise(t, fake, ctx.questionId, u)));
    const oranges = await Promise.all(others.map((wechatToken) => buy(ctx, [{ productId: ctx.orange, quantity: 2 }], { wechatToken })));
    expect(oranges.filter((a) => a.resultCode === '200')).toHaveLength(1);
    expect(await orangeLeft(t, ctx)).toBe(1);
    const henry = `w:${fake.openidOf(ctx.appid, 'henry')}`;
    expect((await orderRows(ctx)).filter((r) => r.participant === henry)).toHaveLength(2);

    // His orders on a fourth browser (new device key); nobody's without a token, his only with his.
    const fourth = await authorise(t, fake, ctx.questionId, 'henry');
    const his = await t.call<{ mine: { orderNo: string }[] }>(`${S}getGroupBuy`, { questionId: ctx.questionId, deviceId: device(), wechatToken: fourth });
    expect(his.data.mine).toHaveLength(2);
    expect((await view(t, ctx, device())).data.mine).toEqual([]);
    const orderNo = his.data.mine[0]!.orderNo;
    const status = await t.call('active/pay/getOrderStatus', { orderNo, deviceId: device(), wechatToken: fourth });
    expect(status.resultCode).toBe('200');
    expect(await t.call('active/pay/getOrderStatus', { orderNo, deviceId: device(), wechatToken: others[0] })).toMatchObject({
      resultCode: '403',
      resultMsg: ORDER_MESSAGES.notYours,
    });
  });

  it('tells a WeChat buyer of the payment and of 可以取货 by one template message each, under parallel 通知取货', async () => {
    const ctx = await wechatGroupBuy(20, true);
    const wechatToken = await authorise(t, fake, ctx.questionId, 'lucy');
    const deviceId = device();
    const placed = await buy(ctx, [{ productId: ctx.orange, quantity: 1 }], { wechatToken }, deviceId);
    const { orderNo } = placed.data.order!;
    expect((await t.call('active/pay/wxTradePay', { orderNo, deviceId })).resultCode).toBe('200');
    expect((await t.call('active/pay/sandbox/decide', { outTradeNo: orderNo, outcome: 'pay' })).resultCode).toBe('200');
    expect(messagesTo(ctx.appid, 'lucy')).toHaveLength(1);

    const pressed = await Promise.all(
      [0, 1, 2, 3].map(() => t.call<TPickupNoticeResult>(`${S}noticeGroupBuyPickup`, { questionId: ctx.questionId }, ctx.owner.headers)),
    );
    expect(pressed.map((p) => p.data.notified).reduce((a, b) => a + b, 0)).toBe(1);
    const sent = messagesTo(ctx.appid, 'lucy');
    expect(sent).toHaveLength(2);
    expect(sent.map((m) => m.templateId)).toEqual([`tpl-${ctx.appid}-order`, `tpl-${ctx.appid}-order`]);
    const list = await t.call<TNoticeList>('activity/question/notice/getNoticeList', { questionId: ctx.questionId }, ctx.owner.headers);
    expect(list.data.notices.map((n) => [n.kind, n.channel, n.outcome]).sort()).toEqual([
      ['order_ready_for_pickup', 'wechat', 'sent'],
      ['payment_received', 'wechat', 'sent'],
    ]);
    // Nothing waits for the page: both reached WeChat.
    const mine = await t.call<TMyNotices>('activity/question/notice/getMyNotices', { questionId: ctx.questionId, deviceId: device(), wechatToken });
    expect(mine.data.notices).toEqual([]);
  });

  it('without a template the notices wait for the WeChat user’s page, on any of their browsers', async () => {
    const ctx = await wechatGroupBuy(20, false);
    const wechatToken = await authorise(t, fake, ctx.questionId, 'mike');
    const deviceId = device();
    const { orderNo } = (await buy(ctx, [{ productId: ctx.orange, quantity: 1 }], { wechatToken }, deviceId)).data.order!;
    await t.call('active/pay/wxTradePay', { orderNo, deviceId });
    await t.call('active/pay/sandbox/decide', { outTradeNo: orderNo, outcome: 'pay' });
    await t.call(`${S}noticeGroupBuyPickup`, { questionId: ctx.questionId }, ctx.owner.headers);
    expect(messagesTo(ctx.appid, 'mike')).toEqual([]);
    const other = await authorise(t, fake, ctx.questionId, 'mike');
    const mine = await t.call<TMyNotices>('activity/question/notice/getMyNotices', { questionId: ctx.questionId, deviceId: device(), wechatToken: other });
    expect(mine.data.notices.map((n) => n.kind).sort()).toEqual(['order_ready_for_pickup', 'payment_received']);
  });
});
