import { expect, test, type Browser, type Page } from '@playwright/test';
import { violationsOf } from './axe-check';
import { laneOrigin } from './support';
import { PHONE, loginCreator, useToken } from './respond-support';
import { closeOtherContextsAfterEach } from './contexts';

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
    // The pages' CSP forbids inline scripts; axe is injected by the test only (as the axe sweep does).
    bypassCSP: true,
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
  // The entries are cards on a phone: the list does not scroll sideways inside its card.
  const list = page.getByRole('region', { name: '接龙名单' });
  await expect(list.getByTestId('manage-row')).toContainText('张三');
  expect(await list.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/manage.png`, fullPage: true });
});

/** The share view after publishing: QR code, the link copied as it is shown; returns the link. */
async function sharedLink(page: Page, noun: string): Promise<string> {
  await expect(page.getByText(`${noun}已发布`)).toBeVisible();
  await expect(page.getByRole('img', { name: `${noun}二维码` })).toBeVisible();
  const link = (await page.getByTestId('chain-link').textContent())!.trim();
  expect(link).toMatch(/\/s\/[\w-]+$/);
  await page.getByRole('button', { name: '复制链接' }).click();
  await expect(page.getByText('链接已复制，发到群里吧')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await page.getByRole('button', { name: '复制邀请文字' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`【${noun}】`);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  return link;
}

test('on a phone: a daily check-in from the menu in one screen, published, shared and opened', async ({ browser, request }) => {
  const page = await phonePage(browser, await loginCreator(request));
  await page.goto(`${HOST()}/activeManagement.html`);
  await page.getByRole('button', { name: '打开菜单' }).click();
  await page.getByRole('dialog', { name: '工作台菜单' }).getByRole('link', { name: '一屏发起打卡接龙' }).click();
  await expect(page.getByRole('heading', { name: '发起打卡接龙' })).toBeVisible();
  await page.getByLabel('打卡标题').fill('21 天早起打卡');
  await page.getByLabel('打卡说明（选填）').fill('每天 6 点前起床，拍一张窗外');
  const start = page.getByRole('textbox', { name: '每天开始' });
  await start.fill('05:00');
  await start.press('Enter');
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `${SHOTS}/quick-checkin.png`, fullPage: true });
  await page.getByRole('button', { name: '发布打卡' }).click();

  const link = await sharedLink(page, '打卡');
  await page.screenshot({ path: `${SHOTS}/share-checkin.png`, fullPage: true });
  const member = await browser.newPage({ viewport: PHONE });
  await member.goto(link);
  await expect(member.getByRole('heading', { name: '21 天早起打卡' })).toBeVisible();
  await page.getByRole('link', { name: '查看打卡记录' }).click();
  await expect(page.getByRole('heading', { name: '21 天早起打卡' })).toBeVisible();
});

test('on a phone: a group-buy from the create page in two screens, products and a pick-up point, published and opened', async ({ browser, request }) => {
  const page = await phonePage(browser, await loginCreator(request));
  await page.goto(`${HOST()}/questionnaire/createSolitaire.html`);
  await page
    .getByRole('radiogroup', { name: '选择接龙类型' })
    .getByRole('radio', { name: /团购接龙/ })
    .click();
  await page.getByRole('link', { name: '手机上发起更快：两步填好商品和价格，直接发布' }).click();
  await expect(page.getByRole('heading', { name: '发起团购接龙' })).toBeVisible();
  await page.getByLabel('团购标题').fill('周六水果团购');
  await page.getByLabel('团购说明（选填）').fill('产地直发，周六上午到货');
  await page.screenshot({ path: `${SHOTS}/quick-groupbuy-1.png`, fullPage: true });
  await page.getByRole('button', { name: '下一步' }).click();

  const orange = page.getByRole('group', { name: '商品 1' });
  await orange.getByLabel('商品名称').fill('赣南脐橙');
  await orange.getByLabel('价格（元）').fill('58');
  await orange.getByLabel('库存').fill('20');
  await page.getByRole('button', { name: '添加商品' }).click();
  const mango = page.getByRole('group', { name: '商品 2' });
  await mango.getByLabel('商品名称').fill('海南贵妃芒');
  await mango.getByLabel('价格（元）').fill('39.9');
  await page.getByRole('button', { name: '添加自提点' }).click();
  await page.getByLabel('自提点 1', { exact: true }).fill('小区东门');
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `${SHOTS}/quick-groupbuy-2.png`, fullPage: true });
  expect(await violationsOf(page), 'the products screen').toEqual([]);
  await page.getByRole('button', { name: '发布团购' }).click();

  const link = await sharedLink(page, '团购');
  await page.screenshot({ path: `${SHOTS}/share-groupbuy.png`, fullPage: true });
  expect(await violationsOf(page), 'the share view').toEqual([]);
  const buyer = await browser.newPage({ viewport: PHONE });
  await buyer.goto(link);
  await expect(buyer.getByRole('heading', { name: '周六水果团购' })).toBeVisible();
  await expect(buyer.getByTestId('gb-product').filter({ hasText: '赣南脐橙' })).toContainText('58.00');
  await expect(buyer.getByTestId('gb-product').filter({ hasText: '海南贵妃芒' })).toContainText('39.90');
  await expect(buyer.getByRole('radio', { name: '小区东门' })).toBeVisible();
  await page.getByRole('link', { name: '查看团购订单' }).click();
  await expect(page.getByRole('heading', { name: '周六水果团购' })).toBeVisible();

  // The chain list on the phone names each chain's kind.
  await page.goto(`${HOST()}/questionnaire/solitaire.html`);
  await expect(page.getByRole('listitem').filter({ hasText: '周六水果团购' }).getByTestId('project-kind')).toHaveText('团购接龙');
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `${SHOTS}/chain-list.png`, fullPage: true });
});

closeOtherContextsAfterEach();
