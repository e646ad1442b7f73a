import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { HOST } from './chain-support';
import { PHONE } from './respond-support';

/**
 * Steps shared by the specs that run against the fake WeChat of lane 1 (tests/e2e/serve-with-fake-wechat.ts):
 * binding its official account, choosing a notice's template, a WeChat user's browser on a chain's page, and what
 * the fake was sent.
 */
export const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x18003237) NetType/WIFI Language/zh_CN';
/** The official account the fake's authorisation page binds (its administrator agrees at once). */
export const ACCOUNT = '投票测试服务号';

/** The platform's WeChat keys are live once the fake has pushed its ticket: the pre-auth code is issued. */
export async function waitForWechatPlatform(request: APIRequestContext, token?: string) {
  const headers = token ? { token } : undefined;
  await expect.poll(async () => (await (await request.post('/api/activity/component/getPreAuthCode', { data: {}, headers })).json()).resultCode).toBe('200');
}

/** The owner (signed in on `page`) binds the official account on the binding page. */
export async function bindOfficialAccount(page: Page, host = '') {
  await page.goto(`${host}/bindingServicer/index.html`);
  await page.getByRole('button', { name: '授权绑定' }).click();
  await expect(page.getByText(ACCOUNT).first()).toBeVisible();
}

/** On the binding page: 通知模板 on the account's row, the template for a notice kind (e.g. 候补转正) chosen. */
export async function chooseTemplate(page: Page, kind: RegExp, template = '报名状态通知', unchosen = true) {
  await page.getByRole('button', { name: '通知模板' }).click();
  const choice = page.getByRole('dialog').getByLabel(kind);
  // A spec whose kind an earlier run on this lane may have chosen passes unchosen = false.
  if (unchosen) await expect(choice).toHaveValue('');
  await choice.selectOption({ label: template });
  return page.getByRole('dialog');
}

/** The binding page read again: the kind's template is kept. */
export async function expectTemplateKept(page: Page, kind: RegExp) {
  await page.reload();
  await page.getByRole('button', { name: '通知模板' }).click();
  await expect(page.getByRole('dialog').getByLabel(kind)).not.toHaveValue('');
}

/** A browser of WeChat user `user` on the chain's page: WeChat's user agent, a phone's size, signed in to (the fake) WeChat. */
export async function wechatPhone(browser: Browser, fakeOrigin: string, user: string, questionId: string, title: string) {
  const context = await browser.newContext({ viewport: PHONE, locale: 'zh-CN', hasTouch: true, isMobile: true, userAgent: WECHAT_UA });
  await context.addCookies([{ name: 'fakewx_user', value: user, url: fakeOrigin }]);
  const page = await context.newPage();
  await page.goto(`${HOST()}/s/${questionId}`);
  // Off to WeChat and back by itself: the identity kept for this chain, the address clean.
  const identity = () => page.evaluate((key) => localStorage.getItem(key), `wj_chain_wx_${questionId}`).catch(() => null);
  await expect.poll(identity, { timeout: 20_000 }).not.toBeNull();
  await expect(page).toHaveURL(new RegExp(`/s/${questionId}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  return page;
}

export interface FakeTemplateMessage {
  appid: string;
  touser: string;
  /** The fake WeChat user the openid was issued to. */
  user: string | null;
  templateId: string;
  url: string;
  data: Record<string, { value: string }>;
}

/** The template messages the fake WeChat accepted so far (its read-only GET /fake/template-messages). */
export async function templateMessagesSent(request: APIRequestContext, fakeOrigin: string): Promise<FakeTemplateMessage[]> {
  const answer = await request.get(`${fakeOrigin}/fake/template-messages`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { templateMessages: FakeTemplateMessage[] }).templateMessages;
}
