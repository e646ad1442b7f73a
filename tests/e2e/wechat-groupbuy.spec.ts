import { expect, test, type Page } from '@playwright/test';
import { addDays, shanghaiDay } from '../../schemas/checkin/days';
import { call, HOST } from './chain-support';
import { apiCall } from './editor-model';
import { DESKTOP, loginCreator, subject, useToken } from './respond-support';
import { bindOfficialAccount, chooseTemplate, templateMessagesSent, waitForWechatPlatform, wechatPhone } from './wechat-support';
import { closeOtherContextsAfterEach } from './contexts';

/**
 * Issue 47 items 1 + 4 for group-buys and check-ins against the fake WeChat of lane 1
 * (tests/e2e/serve-with-fake-wechat.ts). A 仅限微信授权参与 group-buy: a WeChat user orders on the phone page, pays, the
 * organiser presses 通知取货, and WeChat gets exactly one template message (可以取货), to that user's openid; 通知记录
 * says 微信已发送. A 仅限微信授权参与 check-in: a WeChat user checks in, and another browser of theirs shows today done,
 * counted once.
 */
const SHOTS = '/tmp/shots-wechat-groupbuy';
const manageUrl = (questionId: string, kind: number) => `${HOST()}/questionnaire/solitaireList.html?solitaireType=${kind}&questionId=${questionId}`;

/** The owner's desktop: binds the official account (a no-op when bound), returns the page. */
async function ownerDesk(browser: import('@playwright/test').Browser, request: Page['request'], token: string) {
  await waitForWechatPlatform(request, token);
  const desk = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
  const manage = await desk.newPage();
  await useToken(manage, token, HOST());
  await bindOfficialAccount(manage, HOST());
  return manage;
}

/** The fake WeChat's origin, read from the chain's authorisation link. */
async function fakeOriginOf(request: Page['request'], questionId: string, token: string) {
  const link = await call<{ url: string }>(
    { request },
    'activity/question/solitaire/getChainWechatAuthUrl',
    { questionId, redirectPath: `/s/${questionId}` },
    token,
  );
  return new URL(link.url).origin;
}

test('a WeChat buyer of a 仅限微信授权参与 group-buy is told 可以取货 by one template message', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const user = `buyer-${run}`;
  const title = `周六水果团购 ${run}`;
  const token = await loginCreator(request);
  const goods = subject(34, { title: '选择商品', products: [{ uuid: 'wgb-orange', title: '赣南脐橙', spec: '10斤装', price: 5800, stock: 9 }] });
  const pickup = subject(1, { title: '自提点', options: [{ uuid: 'wgb-east', title: '东门驿站' }] });
  const { questionId } = await call<{ questionId: string }>(
    { request },
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 5, solitaireType: 2, title, subjects: [subject(6, { title: '姓名' }), goods, pickup] },
    token,
  );
  await call({ request }, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);

  // The owner binds the account and chooses the template 可以取货 is sent with (收款成功 left without one).
  const manage = await ownerDesk(browser, request, token);
  await chooseTemplate(manage, /可以取货/, '订单状态通知', false);

  // 参与设置: 仅限微信授权参与 of that account.
  await manage.goto(manageUrl(questionId, 2));
  const card = manage.getByRole('region', { name: '参与设置' });
  await card.getByLabel(/仅限微信授权参与/).check();
  await card.getByRole('button', { name: '保存设置' }).click();
  await expect(manage.getByText('设置已保存').first()).toBeVisible();

  // The WeChat user orders on the phone page.
  const fakeOrigin = await fakeOriginOf(request, questionId, token);
  const phone = await wechatPhone(browser, fakeOrigin, user, questionId, title);
  await phone.getByRole('group', { name: '赣南脐橙（10斤装） 数量' }).getByRole('button', { name: '增加' }).click();
  await phone.getByPlaceholder('请输入姓名').fill('王小明');
  await phone.getByRole('radio', { name: '东门驿站' }).check();
  const submitted = phone.waitForResponse((r) => r.url().endsWith('/api/active/write/submit'));
  await phone.getByRole('button', { name: '提交订单' }).click();
  const answer = await submitted;
  await expect(phone.getByTestId('gb-placed')).toContainText('下单成功');
  const { orderNo } = ((await answer.json()) as { data: { order: { orderNo: string } } }).data.order;
  const { deviceId } = answer.request().postDataJSON() as { deviceId: string };
  // Paid in the sandbox (the WeChat in-app payment itself is not part of the fake).
  expect((await apiCall(request, 'active/pay/wxTradePay', { orderNo, deviceId })).resultCode).toBe('200');
  expect((await apiCall(request, 'active/pay/sandbox/decide', { outTradeNo: orderNo, outcome: 'pay' })).resultCode).toBe('200');

  // The organiser: 通知取货 at 东门驿站.
  await manage.goto(manageUrl(questionId, 2));
  await manage.getByRole('region', { name: '自提点' }).getByRole('button', { name: '通知取货' }).click();
  await manage.getByRole('group', { name: '确认通知「东门驿站」取货' }).getByRole('button', { name: '确认通知' }).click();
  await expect(manage.getByText('已通知「东门驿站」1 单取货')).toBeVisible();
  // 通知记录 read again: the pick-up notice went by 微信 (the payment's, without a template, waits for the page).
  await manage.reload();
  const notices = manage.getByRole('region', { name: '通知记录' });
  await expect(notices.getByRole('listitem').filter({ hasText: '可以取货' })).toHaveText([/· 可以取货 · 微信已发送/]);
  await manage.screenshot({ path: `${SHOTS}/notices-desktop.png`, fullPage: true });

  // WeChat: exactly one template message for this buyer, with the order template.
  const sent = (await templateMessagesSent(request, fakeOrigin)).filter((m) => m.user === user);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.templateId).toMatch(/-order$/);
  await phone.screenshot({ path: `${SHOTS}/ordered-phone.png`, fullPage: true });
  await phone.context().close();
  await manage.context().close();
});

test('a WeChat user of a 仅限微信授权参与 check-in checks in once: another browser of theirs shows today done', async ({ browser, request }) => {
  test.setTimeout(120_000);
  await apiCall(request, 'dev/clock', { offsetDays: 0 });
  const run = Date.now().toString(36);
  const user = `runner-${run}`;
  const title = `晨跑打卡 ${run}`;
  const token = await loginCreator(request);
  const today = shanghaiDay(new Date());
  const { questionId } = await call<{ questionId: string }>(
    { request },
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 5, solitaireType: 1, title, subjects: [subject(6, { title: '打卡内容' })] },
    token,
  );
  await call({ request }, 'activity/question/solitaire/saveCheckInSetting', { questionId, startDay: today, endDay: addDays(today, 20), makeupDays: 0 }, token);
  await call({ request }, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);

  const manage = await ownerDesk(browser, request, token);
  await manage.goto(manageUrl(questionId, 1));
  await manage.getByLabel(/仅限微信授权参与/).check();
  await manage.getByRole('button', { name: '保存设置' }).click();
  await expect(manage.getByText('设置已保存').first()).toBeVisible();

  const fakeOrigin = await fakeOriginOf(request, questionId, token);
  const first = await wechatPhone(browser, fakeOrigin, user, questionId, title);
  const form = first.getByRole('form', { name: '打卡' });
  await form.getByPlaceholder('请输入姓名').fill('小林');
  await form.getByPlaceholder('今天完成了什么？说说你的收获').fill('绕湖跑了 5 公里');
  await form.getByRole('button', { name: '打卡' }).click();
  await expect(first.getByRole('status')).toContainText('已连续打卡 1 天');
  await expect(first.getByTestId('checkin-today')).toContainText('今天已打卡');

  // Another browser of the same WeChat user: today is done there too, with nothing to check in again.
  const second = await wechatPhone(browser, fakeOrigin, user, questionId, title);
  await expect(second.getByTestId('checkin-today')).toContainText('今天已打卡');
  await expect(second.getByRole('form', { name: '打卡' })).toHaveCount(0);
  await second.screenshot({ path: `${SHOTS}/checkin-second-browser.png`, fullPage: true });

  // Counted once: one record on the organiser's screen.
  await manage.goto(manageUrl(questionId, 1));
  await expect(manage.getByTestId('checkin-record')).toHaveCount(1);
  await first.context().close();
  await second.context().close();
  await manage.context().close();
});

closeOtherContextsAfterEach();
