import { expect, test, type Browser, type Page } from '@playwright/test';
import { laneOrigin } from './support';
import { PHONE, loginCreator, useToken } from './respond-support';

/**
 * Issue 47 item 5 (first step): the organiser on a 390 px phone — no desktop sidebar, the work menu in a drawer,
 * a sign-up chain created and published from one screen, its share view, then its list.
 */
const SHOTS = '/tmp/shots-chain-phone';
const HOST = () => laneOrigin('jielong.localhost');

async function phonePage(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    locale: 'zh-CN',
    isMobile: true,
    hasTouch: true,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  await useToken(page, token, HOST());
  return page;
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('on a phone: menu drawer instead of the sidebar, a sign-up chain in one screen, shared and joined', async ({ browser, request }) => {
  const page = await phonePage(browser, await loginCreator(request));
  await page.goto(`${HOST()}/questionnaire/solitaire.html`);
  await expect(page.getByRole('complementary', { name: '工作台菜单' })).toHaveCount(0);
  await page.getByRole('button', { name: '打开菜单' }).click();
  const drawer = page.getByRole('dialog', { name: '工作台菜单' });
  await expect(drawer.getByRole('link', { name: '接龙管理' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/menu.png` });
  await drawer.getByRole('link', { name: '一屏发起报名接龙' }).click();
  await expect(drawer).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '发起报名接龙' })).toBeVisible();

  await page.getByLabel('接龙标题').fill('周日篮球报名');
  await page.getByLabel('接龙说明（选填）').fill('周日下午 3 点体育馆 2 号场，场地费 AA');
  await page.getByLabel('人数上限').fill('2');
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `${SHOTS}/quick-create.png`, fullPage: true });
  await page.getByRole('button', { name: '发布接龙' }).click();

  await expect(page.getByText('接龙已发布')).toBeVisible();
  const link = (await page.getByTestId('chain-link').textContent())!.trim();
  expect(link).toMatch(/\/s\/[\w-]+$/);
  await expect(page.getByRole('img', { name: '接龙二维码' })).toBeVisible();
  await page.getByRole('button', { name: '复制链接' }).click();
  await expect(page.getByText('链接已复制，发到群里吧')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `${SHOTS}/share.png`, fullPage: true });

  // The published chain takes a join at its link.
  const joiner = await browser.newPage({ viewport: PHONE });
  await joiner.goto(link);
  await expect(joiner.getByRole('heading', { name: '周日篮球报名' })).toBeVisible();
  await joiner.getByPlaceholder('请输入姓名').fill('张三');
  await joiner.getByRole('button', { name: '接龙', exact: true }).click();
  await expect(joiner.getByRole('status')).toContainText('你是第 1 号');

  await page.getByRole('link', { name: '查看接龙名单' }).click();
  await expect(page.getByTestId('manage-counts')).toContainText('已报名 1/2 人');
  await expect(page.getByText('接龙进行中')).toBeVisible();
  await expect(page.getByTestId('manage-row')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/manage.png`, fullPage: true });
});
