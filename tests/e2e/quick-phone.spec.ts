import { expect, test, type Browser, type Page } from '@playwright/test';
import { violationsOf } from './axe-check';
import { settle } from './built-routes';
import { laneOrigin } from './support';
import { PHONE, loginCreator, useToken } from './respond-support';
import { closeOtherContextsAfterEach } from './contexts';

/**
 * Issue 47 item 5 (the rest): the organiser on a 390 px phone starts a vote in two screens and a 收款 page in one,
 * from the header's menu, publishes, shares (QR and copied link checked) and opens the public page; desktop shots too.
 */
const SHOTS = '/tmp/shots-quick-phone';
const HOST = () => laneOrigin('localhost');
/** A 1×1 PNG: a player's photo. */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function phonePage(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    locale: 'zh-CN',
    isMobile: true,
    hasTouch: true,
    permissions: ['clipboard-read', 'clipboard-write'],
    // The pages' CSP forbids inline scripts; axe is injected by the test only.
    bypassCSP: true,
  });
  const page = await context.newPage();
  await useToken(page, token, HOST());
  return page;
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** No horizontal overflow at 390 px and no axe (WCAG 2 A/AA) violation in the screen's current state. */
async function fitsAndPasses(page: Page, label: string) {
  expect(await pageWidth(page), label).toBeLessThanOrEqual(PHONE.width);
  await settle(page);
  expect.soft(await violationsOf(page), label).toEqual([]);
}

async function fromMenu(page: Page, entry: string) {
  await page.goto(`${HOST()}/activeManagement.html`);
  await page.getByRole('button', { name: '打开菜单' }).click();
  await page.getByRole('dialog', { name: '工作台菜单' }).getByRole('link', { name: entry }).click();
}

test('on a phone: a vote in two screens, published, shared and voted on', async ({ browser, request }) => {
  const page = await phonePage(browser, await loginCreator(request));
  await fromMenu(page, '快速发起投票');
  await expect(page.getByRole('heading', { name: '发起投票' })).toBeVisible();
  await page.getByLabel('投票标题').fill('最美班级评选');
  await page.getByLabel('活动介绍（选填）').fill('每班一个名额，选出你心中最美的班级');
  await page.getByLabel('每人每天 1 票').check();
  await fitsAndPasses(page, 'vote basics');
  await page.screenshot({ path: `${SHOTS}/vote-basics.png`, fullPage: true });
  await page.getByRole('button', { name: /下一步：添加选手/ }).click();

  await page.getByLabel('第1位选手名称').fill('一班');
  await page.getByLabel('第1位选手的照片').setInputFiles({ name: 'class1.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(page.locator('label[title="更换照片"] img')).toBeVisible();
  await page.getByLabel('第2位选手名称').fill('二班');
  await page.getByRole('button', { name: '添加选手' }).click();
  await page.getByLabel('第3位选手名称').fill('三班');
  await fitsAndPasses(page, 'vote players');
  await page.screenshot({ path: `${SHOTS}/vote-players.png`, fullPage: true });
  await page.getByRole('button', { name: '发布投票' }).click();

  await expect(page.getByText('投票已发布')).toBeVisible();
  await expect(page.getByRole('img', { name: '投票二维码' })).toBeVisible();
  const link = (await page.getByTestId('vote-link').textContent())!.trim();
  expect(link).toMatch(/\/v\/[\w-]+$/);
  await page.getByRole('button', { name: '复制链接' }).click();
  await expect(page.getByText('链接已复制，发到群里吧')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await fitsAndPasses(page, 'vote share');
  await page.screenshot({ path: `${SHOTS}/vote-share.png`, fullPage: true });

  // The public voting page: the players in order, and a vote counts.
  const voter = await browser.newPage({ viewport: PHONE });
  await voter.goto(link);
  await expect(voter.getByRole('heading', { name: '最美班级评选' })).toBeVisible();
  await expect(voter.getByRole('article')).toHaveCount(3);
  await voter
    .getByRole('article', { name: /号 二班$/ })
    .getByRole('button', { name: /给 二班 投票/ })
    .click();
  await expect(voter.getByRole('article', { name: /号 二班$/ })).toContainText('1 票');

  await page.getByRole('link', { name: '查看投票结果' }).click();
  await expect(page.getByRole('heading', { name: '最美班级评选' })).toBeVisible();
  await expect(page.getByText('二班').first()).toBeVisible();
  await fitsAndPasses(page, 'vote result');
  await page.screenshot({ path: `${SHOTS}/vote-result.png`, fullPage: true });
  await page.goto(`${HOST()}/voting/list.html`);
  await expect(page.getByText('最美班级评选').first()).toBeVisible();
  await fitsAndPasses(page, 'vote list');
  await page.screenshot({ path: `${SHOTS}/vote-list.png`, fullPage: true });
});

test('on a phone: a 收款 page in one screen, the merchant requirement said, published and opened', async ({ browser, request }) => {
  const page = await phonePage(browser, await loginCreator(request));
  await fromMenu(page, '一屏发起收款');
  await expect(page.getByRole('heading', { name: '发起收款' })).toBeVisible();
  await expect(page.getByText(/你还没有开通收款商户/)).toBeVisible();
  await expect(page.getByRole('link', { name: '去开通收款' })).toHaveAttribute('href', '/merchant.html');
  await page.getByLabel('收款标题').fill('三年二班班费');
  await page.getByLabel('收款说明（选填）').fill('本学期班级活动经费，请家长在周五前缴纳');
  await page.getByLabel('第1个项目名称').fill('本学期班费');
  await page.getByLabel('第1个项目金额（元）').fill('50');
  await page.getByRole('button', { name: '添加项目' }).click();
  await page.getByLabel('第2个项目名称').fill('春游门票');
  await page.getByLabel('第2个项目金额（元）').fill('12.5');
  await fitsAndPasses(page, 'pay create');
  await page.screenshot({ path: `${SHOTS}/pay-create.png`, fullPage: true });
  await page.getByRole('button', { name: '发布收款' }).click();

  await expect(page.getByText('收款页已发布')).toBeVisible();
  await expect(page.getByRole('img', { name: '收款二维码' })).toBeVisible();
  const link = (await page.getByTestId('pay-link').textContent())!.trim();
  expect(link).toMatch(/\/s\/[\w-]+$/);
  await page.getByRole('button', { name: '复制链接' }).click();
  await expect(page.getByText('链接已复制，发到群里吧')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await fitsAndPasses(page, 'pay share');
  await page.screenshot({ path: `${SHOTS}/pay-share.png`, fullPage: true });

  // The public page shows the items with their prices.
  const payer = await browser.newPage({ viewport: PHONE });
  await payer.goto(link);
  await expect(payer.getByText('三年二班班费').first()).toBeVisible();
  await expect(payer.getByRole('group', { name: '本学期班费 数量' })).toBeVisible();
  await expect(payer.getByRole('group', { name: '春游门票 数量' })).toBeVisible();
  await payer.screenshot({ path: `${SHOTS}/pay-public.png`, fullPage: true });

  await page.getByRole('link', { name: '查看收款订单' }).click();
  await expect(page).toHaveURL(/\/online\/list\.html\?questionId=/);
});

test('the quick screens on a desktop', async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN', bypassCSP: true });
  const page = await context.newPage();
  await useToken(page, await loginCreator(request), HOST());
  await page.goto(`${HOST()}/voting/quick.html`);
  await expect(page.getByRole('heading', { name: '发起投票' })).toBeVisible();
  await settle(page);
  expect.soft(await violationsOf(page), 'desktop vote').toEqual([]);
  await page.screenshot({ path: `${SHOTS}/desktop-vote.png`, fullPage: true });
  await page.goto(`${HOST()}/questionnaire/quickOnline.html`);
  await expect(page.getByText(/你还没有开通收款商户/)).toBeVisible();
  await settle(page);
  expect.soft(await violationsOf(page), 'desktop 收款').toEqual([]);
  await page.screenshot({ path: `${SHOTS}/desktop-pay.png`, fullPage: true });
});

closeOtherContextsAfterEach();
