import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { laneOrigin } from './support';
import ExcelJS from 'exceljs';
import { PHONE, loginCreator, useToken } from './respond-support';
import { closeOtherContextsAfterEach } from './contexts';

/**
 * Issue 20 items 1 and 5 on the 接龙通 host: 新建接龙 offers the kinds, a sign-up chain made on screen opens its list,
 * is published there, takes a join from a phone and exports its list to Excel through 我的下载; a chain from the
 * template library comes with the template's settings.
 */
const SHOTS = '/tmp/shots-chain-create';
const HOST = () => laneOrigin('jielong.localhost');
const DESKTOP = { width: 1280, height: 860 };

async function creatorPage(browser: Browser, token: string, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'zh-CN', acceptDownloads: true });
  const page = await context.newPage();
  await useToken(page, token, HOST());
  return page;
}

async function joinOnPhone(browser: Browser, questionId: string, title: string, name: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'zh-CN', isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${HOST()}/s/${questionId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByPlaceholder('请输入姓名').fill(name);
  await page.getByRole('button', { name: /^(接龙|加入候补)$/ }).click();
  await expect(page.getByRole('status')).toContainText('你是第 1 号');
  return page;
}

const questionIdOf = (page: Page) => new URL(page.url()).searchParams.get('questionId')!;

test('新建接龙 on screen: pick 报名接龙, publish on its list, join from a phone, export the list to Excel', async ({ browser, request }) => {
  const token = await loginCreator(request);
  const desk = await creatorPage(browser, token);
  await desk.goto(`${HOST()}/questionnaire/createSolitaire.html`);
  const kinds = desk.getByRole('radiogroup', { name: '选择接龙类型' });
  await expect(kinds.getByRole('radio', { name: /报名接龙/ })).toHaveAttribute('aria-checked', 'true');
  await expect(kinds.getByRole('radio', { name: /团购接龙/ })).toContainText(/即将上线|商品/);
  await desk.screenshot({ path: `${SHOTS}/desktop-create.png`, fullPage: true });

  await desk.getByLabel('接龙标题').fill('周日篮球报名');
  await desk.getByLabel('接龙说明（选填）').fill('周日下午 3 点体育馆 2 号场，场地费 AA，自带球衣。');
  await desk.getByRole('button', { name: '立即创建' }).click();
  await expect(desk).toHaveURL(/\/questionnaire\/solitaireList\.html\?questionId=/);
  const questionId = questionIdOf(desk);
  await expect(desk.getByRole('heading', { name: '周日篮球报名' })).toBeVisible();
  await expect(desk.getByText('未发布，参与者暂时不能接龙')).toBeVisible();

  // Settings on the list screen, then publish from there.
  await desk.getByLabel('人数上限').fill('10');
  await desk.getByRole('button', { name: '保存设置' }).click();
  await expect(desk.getByTestId('manage-counts')).toContainText('已报名 0/10 人');
  await desk.getByRole('button', { name: '发布接龙' }).click();
  await expect(desk.getByText('接龙进行中')).toBeVisible();

  const phone = await joinOnPhone(browser, questionId, '周日篮球报名', '张三');
  await expect(phone.getByText('周日下午 3 点体育馆 2 号场')).toBeVisible();
  await phone.screenshot({ path: `${SHOTS}/phone-joined.png`, fullPage: true });
  await expect(desk.getByTestId('manage-row')).toHaveCount(1);

  // Remind: the pasted list minus who joined, as a message for the group.
  await desk.getByLabel('应接龙名单').fill('张三、李四、王五');
  await desk.getByRole('button', { name: '查看未接龙' }).click();
  await expect(desk.getByTestId('chain-missing')).toContainText('还有 2 人未接龙');
  await expect(desk.getByLabel('提醒文字')).toHaveValue(new RegExp(`^@李四 @王五 还没接龙，请尽快接龙～\\n.*/s/${questionId}$`));

  await desk.getByRole('button', { name: '导出 Excel' }).click();
  await expect(desk.getByRole('status').filter({ hasText: '周日篮球报名_接龙名单.xlsx' })).toBeVisible();
  await desk.screenshot({ path: `${SHOTS}/desktop-manage.png`, fullPage: true });
  await desk.getByRole('link', { name: '我的下载' }).click();
  await expect(desk.getByRole('heading', { name: '我的下载' })).toBeVisible();
  const row = desk.getByTestId('download-row').filter({ hasText: '周日篮球报名_接龙名单.xlsx' }).first();
  await expect(row).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  const [download] = await Promise.all([desk.waitForEvent('download'), row.getByRole('button', { name: '下载' }).click()]);
  expect(download.suggestedFilename()).toBe('周日篮球报名_接龙名单.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('接龙名单')!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['序号', '接龙顺序', '姓名', '人数', '备注', '状态', '移除原因', '接龙时间', '最后修改时间']);
  expect((sheet.getRow(2).values as unknown[]).slice(1, 7)).toEqual([1, 1, '张三', 1, undefined, '已报名']);
  expect(sheet.rowCount).toBe(2);
});

test('a sign-up chain from the template library keeps the template settings', async ({ browser, request }) => {
  const token = await loginCreator(request);
  const desk = await creatorPage(browser, token);
  await desk.goto(`${HOST()}/questionnaire/templateLibrarySolitaire.html`);
  await expect(desk.getByRole('heading', { name: '周五下班拼车回家接龙', exact: true })).toBeVisible();
  await desk.screenshot({ path: `${SHOTS}/desktop-templates.png`, fullPage: true });
  await desk
    .locator('li', { has: desk.getByRole('heading', { name: '周五下班拼车回家接龙', exact: true }) })
    .getByRole('button', { name: '使用此模板' })
    .click();
  await expect(desk).toHaveURL(/\/questionnaire\/solitaireList\.html\?questionId=/);
  const questionId = questionIdOf(desk);
  await expect(desk.getByTestId('manage-counts')).toContainText('已报名 0/4 人');
  await expect(desk.getByLabel('公开名单隐藏姓名（张三 显示为 张*）')).toBeChecked();
  await expect(desk.getByRole('textbox', { name: '置顶公告' })).toHaveValue(/车牌号/);
  await desk.getByRole('button', { name: '发布接龙' }).click();
  await expect(desk.getByText('接龙进行中')).toBeVisible();

  const phone = await joinOnPhone(browser, questionId, '周五下班拼车回家接龙', '李娜');
  await expect(phone.getByRole('region', { name: '接龙名单' }).getByText('李*')).toBeVisible();
  await expect(phone.getByTestId('chain-count')).toHaveText('已报名 1/4 人');
  await phone.screenshot({ path: `${SHOTS}/phone-template-chain.png`, fullPage: true });

  const small = await creatorPage(browser, token, PHONE);
  await small.goto(`${HOST()}/questionnaire/createSolitaire.html`);
  await expect(small.getByRole('radiogroup', { name: '选择接龙类型' })).toBeVisible();
  await small.screenshot({ path: `${SHOTS}/phone-create.png`, fullPage: true });
  await small.goto(`${HOST()}/questionnaire/solitaireList.html?questionId=${questionId}`);
  await expect(small.getByTestId('manage-row')).toHaveCount(1);
  await small.screenshot({ path: `${SHOTS}/phone-manage.png`, fullPage: true });
});

closeOtherContextsAfterEach();
