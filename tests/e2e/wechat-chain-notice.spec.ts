import { expect, test } from '@playwright/test';
import { call, HOST, join, joinedList, waitList } from './chain-support';
import { DESKTOP, loginCreator, PHONE, useToken } from './respond-support';
import { bindOfficialAccount, chooseTemplate, expectTemplateKept, templateMessagesSent, waitForWechatPlatform, wechatPhone } from './wechat-support';
import { closeOtherContextsAfterEach } from './contexts';

/**
 * Issue 47 items 1 + 4 end to end against the fake WeChat of this lane (tests/e2e/serve-with-fake-wechat.ts): the
 * owner binds the official account, chooses the 候补转正 template and makes a 仅限微信授权参与 sign-up chain of one
 * place; WeChat user A joins, WeChat user B is waitlisted; A withdraws and B is promoted. B's page (another browser
 * of B) has B on the list, the organiser's 通知记录 has the notice sent by 微信, and WeChat got one template message,
 * to B's openid.
 */
const SHOTS = '/tmp/shots-wechat-chain-notice';
const TITLE = '周三夜跑';

test('a waitlister of a 仅限微信授权参与 chain is promoted and told by a WeChat template message', async ({ browser, request }) => {
  test.setTimeout(180_000);
  // Users of their own: the fake gives each user one openid per account, whatever spec ran before on this lane.
  const run = Date.now().toString(36);
  const [userA, userB] = [`runner-a-${run}`, `runner-b-${run}`];
  const token = await loginCreator(request);
  const creator = { request };
  const { questionId } = await call<{ questionId: string }>(
    creator,
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 5, solitaireType: 4, title: TITLE, subtitle: '名额 1 人' },
    token,
  );

  // The owner binds the official account and chooses the template 候补转正 is sent with.
  await waitForWechatPlatform(request, token);
  const desk = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
  const manage = await desk.newPage();
  await useToken(manage, token, HOST());
  await bindOfficialAccount(manage, HOST());
  await chooseTemplate(manage, /候补转正/);
  await expectTemplateKept(manage, /候补转正/);

  // The chain: one place, 仅限微信授权参与 of that account, published.
  await manage.goto(`${HOST()}/questionnaire/solitaireList.html?questionId=${questionId}`);
  await manage.getByLabel(/仅限微信授权参与/).check();
  await manage.getByRole('textbox', { name: '人数上限' }).fill('1');
  await manage.getByRole('button', { name: '保存设置' }).click();
  await expect(manage.getByText('设置已保存').first()).toBeVisible();
  await call(creator, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);

  const link = await call<{ url: string }>(
    creator,
    'activity/question/solitaire/getChainWechatAuthUrl',
    { questionId, redirectPath: `/s/${questionId}` },
    token,
  );
  const fakeOrigin = new URL(link.url).origin;
  const a = await wechatPhone(browser, fakeOrigin, userA, questionId, TITLE);
  await join(a, '张三');
  await expect(a.getByRole('status').first()).toContainText('你是第 1 号');
  const b = await wechatPhone(browser, fakeOrigin, userB, questionId, TITLE);
  await join(b, '李四');
  await expect(b.getByRole('status').first()).toHaveText('名额已满，你已进入候补（第 1 位），有人退出时按顺序递补');
  await b.context().close();

  // A withdraws: B takes the place.
  await joinedList(a).getByRole('button', { name: '退出' }).click();
  await a.getByRole('button', { name: '确认退出' }).click();
  await expect(joinedList(a).getByTestId('chain-row')).toHaveText([/^1\.李四/]);

  // B, in another browser: on the list as their own entry, no longer waiting.
  const bAgain = await wechatPhone(browser, fakeOrigin, userB, questionId, TITLE);
  await expect(joinedList(bAgain).getByTestId('chain-row')).toHaveText([/^1\.李四/]);
  await expect(joinedList(bAgain).getByRole('button', { name: '退出' })).toHaveCount(1);
  await expect(waitList(bAgain)).toHaveCount(0);
  await bAgain.screenshot({ path: `${SHOTS}/promoted-phone.png`, fullPage: true });

  // The organiser's 通知记录: sent by 微信.
  await manage.goto(`${HOST()}/questionnaire/solitaireList.html?questionId=${questionId}`);
  const notices = manage.getByRole('region', { name: '通知记录' });
  await expect(notices.getByRole('listitem')).toHaveText([/^李四 · 候补转正 · 微信已发送/]);
  await manage.screenshot({ path: `${SHOTS}/notices-desktop.png`, fullPage: true });
  await manage.setViewportSize(PHONE);
  await notices.scrollIntoViewIfNeeded();
  await manage.screenshot({ path: `${SHOTS}/notices-phone.png`, fullPage: true });

  // WeChat was sent exactly one template message for this chain, to B's openid, naming the chain and the promotion.
  const sent = (await templateMessagesSent(request, fakeOrigin)).filter((m) => m.user === userA || m.user === userB);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ user: userB, data: { thing1: { value: TITLE }, phrase2: { value: '候补转正' } } });
  await a.context().close();
  await desk.close();
});

closeOtherContextsAfterEach();
