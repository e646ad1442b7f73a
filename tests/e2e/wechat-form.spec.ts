import { expect, test, type Browser } from '@playwright/test';
import { DESKTOP, loginCreator, PHONE, Respondent, subject, options, useToken } from './respond-support';
import { violationsOf, withAxe } from './axe-check';
import { call, noOverflow } from './chain-support';
import { ACCOUNT, bindOfficialAccount, waitForWechatPlatform, WECHAT_UA } from './wechat-support';
import { closeOtherContextsAfterEach } from './contexts';

/**
 * Issue 47 item 1 for forms against the fake WeChat of lane 1 (tests/e2e/serve-with-fake-wechat.ts): the owner binds
 * an official account and turns on 仅限微信授权填写 (每个微信最多填写 1 次) on the settings screen; WeChat user A
 * answers once, and A's other browser is told the limit is reached; user B answers; the answer list shows 2 sheets.
 * Outside WeChat the page asks to open it in WeChat (QR code and link) and shows no form.
 */
const SHOTS = '/tmp/shots-wechat-form';
const Q = '您对本次活动满意吗';

/** A browser of WeChat user `user` on the form: WeChat's user agent, a phone's size, signed in to (the fake) WeChat. */
async function wechatForm(browser: Browser, baseURL: string, fakeOrigin: string, user: string, questionId: string) {
  const context = await browser.newContext({ baseURL, viewport: PHONE, locale: 'zh-CN', hasTouch: true, isMobile: true, userAgent: WECHAT_UA });
  await context.addCookies([{ name: 'fakewx_user', value: user, url: fakeOrigin }]);
  const page = await context.newPage();
  await page.goto(`/s/${questionId}`);
  // Off to WeChat and back by itself: the identity kept for this form.
  const identity = () => page.evaluate((key) => localStorage.getItem(key), `wj_form_wx_${questionId}`).catch(() => null);
  await expect.poll(identity, { timeout: 20_000 }).not.toBeNull();
  return page;
}

test('a 仅限微信授权填写 form answered once by each of two WeChat users: the second browser of one is told the limit, the list has 2 sheets', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const token = await loginCreator(request);
  const { questionId } = await call<{ questionId: string }>(
    { request },
    'activity/question/saveOrUpdateWxQuestion',
    { title: '活动报名反馈', questionType: 2, subjects: [subject(1, { title: Q, options: options('满意', '不满意') })] },
    token,
  );

  // The owner binds the official account (the fake WeChat agrees at once), then turns the option on in the settings.
  await waitForWechatPlatform(request, token);
  const desk = await browser.newContext({ baseURL, viewport: DESKTOP, locale: 'zh-CN' });
  const manage = await desk.newPage();
  await useToken(manage, token, baseURL!);
  await manage.goto(`/questionnaire/edit/setting.html?questionId=${questionId}`);
  await expect(manage.getByTestId('form-wechat-hint')).toBeVisible();
  await expect(manage.getByRole('switch', { name: '仅限微信授权填写' })).toBeDisabled();
  await bindOfficialAccount(manage);
  await manage.goto(`/questionnaire/edit/setting.html?questionId=${questionId}`);
  const only = manage.getByRole('switch', { name: '仅限微信授权填写' });
  await only.check();
  await expect(manage.getByLabel('授权填写的公众号')).toHaveValue(/\d+/);
  await expect(manage.getByLabel('授权填写的公众号').locator('option:checked')).toHaveText(ACCOUNT);
  const limit = manage.getByLabel('每个微信最多填写');
  await limit.fill('1');
  await limit.blur();
  // Autosaved: the server's settings name the account and the limit.
  await expect
    .poll(
      async () => {
        const { settings } = await call<{ settings: { wechatAuthId: number | null; wechatAppid: string | null; perWechatLimit: number | null } }>(
          { request },
          'activity/question/getWxQuestionSetting',
          { questionId },
          token,
        );
        return settings.wechatAuthId !== null && settings.wechatAppid !== null && settings.perWechatLimit === 1;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await manage.screenshot({ path: `${SHOTS}/settings-desktop.png`, fullPage: true });
  await call({ request }, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);

  // Outside WeChat: 请在微信中打开 with the QR code and the link, and no form.
  const plain = await browser.newContext({ baseURL, viewport: PHONE, locale: 'zh-CN' });
  const outside = await plain.newPage();
  await withAxe(outside);
  await outside.goto(`/s/${questionId}`);
  await expect(outside.getByText('请在微信中打开')).toBeVisible();
  await expect(outside.getByTestId('form-wechat-outside')).toContainText(`/s/${questionId}`);
  await expect(outside.getByRole('img', { name: '本页二维码，用微信扫码打开' })).toBeVisible();
  await expect(outside.getByRole('button', { name: '提交', exact: true })).toHaveCount(0);
  await expect(outside.getByText(Q)).toHaveCount(0);
  await outside.screenshot({ path: `${SHOTS}/outside-wechat.png`, fullPage: true });
  // The sweeps cannot reach this screen (axe runs on lane 2, whose server has no WeChat to bind an account with):
  // the same checks here — no horizontal overflow at 360–414 px, no axe violation.
  await noOverflow(outside);
  expect(await violationsOf(outside)).toEqual([]);
  await plain.close();

  const link = await call<{ url: string }>({ request }, 'active/write/getFormWechatAuthUrl', { questionId, redirectPath: `/s/${questionId}` }, token);
  const fakeOrigin = new URL(link.url).origin;
  for (const user of ['alice', 'bob']) {
    const page = await wechatForm(browser, baseURL!, fakeOrigin, user, questionId);
    const r = Respondent(page);
    await r.pick(Q, '满意');
    await r.submit();
    await expect(page.getByText(/提交成功|感谢/).first()).toBeVisible();
    if (user === 'alice') {
      // Another browser of the same WeChat user: the limit of 1 is reached before the sheet is filled in.
      const second = await wechatForm(browser, baseURL!, fakeOrigin, user, questionId);
      await expect(second.getByText('该微信号已达到本问卷的填写次数上限')).toBeVisible();
      await expect(second.getByRole('button', { name: '提交', exact: true })).toHaveCount(0);
      await second.screenshot({ path: `${SHOTS}/second-browser-limit.png`, fullPage: true });
      await second.context().close();
    }
    await page.context().close();
  }

  // The owner's answer list: 2 sheets.
  await manage.goto(`/answerList.html?questionId=${questionId}`);
  await expect(manage.getByTestId('answer-list')).toBeVisible();
  await expect(manage.getByText('共 2 份', { exact: true })).toBeVisible();
  await manage.screenshot({ path: `${SHOTS}/answer-list.png`, fullPage: true });
  await desk.close();
});

closeOtherContextsAfterEach();
