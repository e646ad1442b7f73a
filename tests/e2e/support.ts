import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The running test's lane server (playwright.config.ts: each lane has its own port) at another host name, e.g.
 * 'jielong.localhost' for the 接龙 brand or 'toupiao.localhost' for 投票通.
 */
export const laneOrigin = (host: string): string => `http://${host}:${new URL(test.info().project.use.baseURL!).port}`;

let seq = 0;
/** A phone no other test uses in this run. */
export const newPhone = (): string => `137${String(Date.now() % 10_000_000).padStart(7, '0')}${seq++ % 10}`.slice(0, 11);

/** Read the newest SMS code for a phone from the development outbox (POST {apiBase}dev/outbox). */
export async function codeFor(request: APIRequestContext, phone: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const answer = await (await request.post('/api/dev/outbox', { data: { phone } })).json();
    const match = answer.data?.[0]?.text?.match(/(\d{6})/);
    if (match) return match[1];
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no SMS for ${phone}`);
}

/** Page model of the login screen. */
export const I = (page: Page) => ({
  async openRegister() {
    await page.goto('/login');
    await page
      .getByRole('link', { name: '注册账号' })
      .or(page.getByRole('button', { name: '注册账号' }))
      .first()
      .click();
  },
  async fillPhone(phone: string) {
    await page.getByLabel('手机号').fill(phone);
  },
  async sendCode() {
    await page.getByRole('button', { name: '获取验证码' }).click();
  },
  async submit(name: string) {
    await page.getByRole('button', { name, exact: true }).click();
  },
  async seeToast(text: string) {
    await expect(page.getByText(text).first()).toBeVisible();
  },
});
