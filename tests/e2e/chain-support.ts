import { expect, type Browser, type Page } from '@playwright/test';
import { laneOrigin } from './support';
import { PHONE } from './respond-support';

/** The 接龙通 host of this lane: chain pages are opened there. */
export const HOST = () => laneOrigin('jielong.localhost');

/** The creator's calls, from Node (which does not resolve *.localhost; the browser pages do). */
export async function call<T>(page: { request: Page['request'] }, path: string, body: unknown, token: string): Promise<T> {
  const answer = await (await page.request.post(`/api/${path}`, { data: body, headers: { token } })).json();
  if (answer.resultCode !== '200') throw new Error(`${path}: ${answer.resultCode} ${answer.resultMsg}`);
  return answer.data as T;
}

/** A participant's phone (its own browser context, so its own device key) on the chain's page. */
export async function phone(browser: Browser, questionId: string, title = '周六羽毛球'): Promise<Page> {
  // bypassCSP: the axe checks inject their script (as the axe sweep does).
  const context = await browser.newContext({ viewport: PHONE, locale: 'zh-CN', isMobile: true, hasTouch: true, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${HOST()}/s/${questionId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  return page;
}

export async function join(page: Page, name: string, note = '', phone = '') {
  await page.getByPlaceholder('请输入姓名').fill(name);
  if (note) await page.getByPlaceholder('如：带两支球拍').fill(note);
  if (phone) await page.getByPlaceholder('转为正式报名时短信通知你').fill(phone);
  await page.getByRole('button', { name: /^(接龙|加入候补)$/ }).click();
}

export const joinedList = (page: Page) => page.getByRole('region', { name: '接龙名单' });
export const waitList = (page: Page) => page.getByRole('region', { name: '候补名单' });

export async function noOverflow(page: Page) {
  for (const width of [360, 390, 414]) {
    await page.setViewportSize({ width, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(PHONE);
}
