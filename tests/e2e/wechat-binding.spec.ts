import { expect, test, type Browser } from '@playwright/test';
import { violationsOf } from './axe-check';
import { codeFor, newPhone } from './support';
import { closeOtherContextsAfterEach } from './contexts';

/**
 * /bindingServicer/index.html on a server without the WeChat Open Platform's keys (the second lane's server has
 * none): the page says what to configure, offers no authorisation, and the call that would reach WeChat refuses by
 * name. The configured flow runs on the first lane against a fake WeChat (wechat-vote.spec.ts) and in tests/server/wechat.
 */
const SHOTS = 'test-results/wechat-binding';

async function loggedInBrowser(browser: Browser, baseURL: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, bypassCSP: true, viewport });
  const phone = newPhone();
  await context.request.post('/api/activity/user/sendSms', { data: { phone } });
  const answer = await (await context.request.post('/api/activity/user/login', { data: { phone, code: await codeFor(context.request, phone) } })).json();
  expect(answer.resultCode).toBe('200');
  return context;
}

test('without the platform keys the binding page names the variables and the notify URL, and nothing pretends', async ({ browser, baseURL }) => {
  const context = await loggedInBrowser(browser, baseURL!, { width: 1280, height: 800 });
  const page = await context.newPage();
  await page.goto('/bindingServicer/index.html');
  await expect(page.getByRole('heading', { name: '绑定客服' })).toBeVisible();
  const notice = page.getByTestId('wechat-not-configured');
  await expect(notice).toContainText('微信开放平台尚未配置');
  for (const name of ['WECHAT_OPEN_APPID', 'WECHAT_OPEN_APPSECRET', 'WECHAT_OPEN_TOKEN', 'WECHAT_OPEN_AES_KEY']) await expect(notice).toContainText(name);
  await expect(notice).toContainText(`${new URL(baseURL!).origin}/wechat/component/notify`);
  await expect(page.getByRole('button', { name: '授权绑定' })).toBeDisabled();
  await expect(page.getByText('还没有授权绑定的公众号或小程序')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/not-configured-desktop.png`, fullPage: true });
  expect.soft(await violationsOf(page), '/bindingServicer/index.html').toEqual([]);

  const refused = await (await context.request.post('/api/activity/component/getPreAuthCode', { data: {} })).json();
  expect(refused.resultCode).toBe('409');
  expect(refused.resultMsg).toContain('WECHAT_OPEN_APPID');
  // A "returning from WeChat" address with a code changes nothing and says why.
  await page.goto('/bindingServicer/index.html?auth_code=forged&expires_in=600');
  await expect(page.getByRole('alert')).toContainText('微信开放平台第三方授权尚未配置');
  await expect(page).toHaveURL(/\/bindingServicer\/index\.html$/);
  await context.close();
});

test('the binding page fits a 390-px phone', async ({ browser, baseURL }) => {
  const context = await loggedInBrowser(browser, baseURL!, { width: 390, height: 844 });
  const page = await context.newPage();
  await page.goto('/bindingServicer/index.html');
  await expect(page.getByTestId('wechat-not-configured')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/not-configured-phone.png`, fullPage: true });
  await context.close();
});

closeOtherContextsAfterEach();
