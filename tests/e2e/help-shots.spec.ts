import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { brandOrigin, demoToken, logIn } from '../../scripts/app-server';
import { HELP_SHOTS } from '../../scripts/help-shots/shots';
import { demoProjects, takeShot, type TDemoProjects } from '../../scripts/help-shots/take';
import { settle } from './built-routes';
import { closeOtherContextsAfterEach } from './contexts';

// Issue 48 acceptance: the screenshot script runs in CI. Every help shot (scripts/help-shots/shots.ts) is taken here
// from the lane's server with the demo data, the same code as scripts/help-screenshots.ts, into a temporary
// directory: a shot fails when an element its article names is no longer on its screen. Then the editor's 帮助 opens
// the article for the screen in use, with its screenshots, on a desktop and on a phone.
test.describe.configure({ mode: 'serial' });
const SHOTS = '/tmp/shots-help';

let out = '';
let token = '';
let demo: TDemoProjects;
test.beforeAll(async ({ baseURL }) => {
  out = mkdtempSync(path.join(os.tmpdir(), 'help-shots-'));
  token = await demoToken(baseURL!);
  demo = await demoProjects(baseURL!, token);
});
test.afterAll(() => rmSync(out, { recursive: true, force: true }));

for (const shot of HELP_SHOTS) {
  test(`help shot ${shot.id}: ${shot.names.map((n) => n.name).join('、')}`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ deviceScaleFactor: 1, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    await logIn(context, baseURL!, token, [shot.brand]);
    const png = await takeShot(await context.newPage(), brandOrigin(baseURL!, shot.brand), shot, demo);
    await context.close();
    const file = path.join(out, `${shot.id}.png`);
    writeFileSync(file, png);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(statSync(file).size).toBeGreaterThan(5_000);
  });
}

test("the editor's 帮助 opens the logic screen's own article, with its screenshot", async ({ page, context, baseURL }) => {
  await logIn(context, baseURL!, token, []);
  await page.goto(`/questionnaire/edit/logic.html?questionId=${demo.survey}`);
  const keep = page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '取消' });
  // The collecting survey first asks whether to pause it: 取消 leaves it collecting.
  await keep.waitFor({ timeout: 5_000 }).then(
    () => keep.click(),
    () => undefined,
  );
  await page.getByRole('button', { name: '帮助' }).click();
  const link = page.getByRole('link', { name: '逻辑帮助' });
  await expect(link).toHaveAttribute('href', '/help.html?article=logic-jump');
  await page.goto('/help.html?article=logic-jump');
  await expect(page.getByRole('heading', { level: 1, name: '跳题逻辑和显示逻辑' })).toBeVisible();
  const shot = page.getByRole('img', { name: '逻辑设置页：跳转逻辑、显示逻辑、选项关联、配额和随机抽题' });
  await shot.scrollIntoViewIfNeeded();
  await expect(shot).toHaveAttribute('loading', 'lazy');
  await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1280);
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/article-shot-desktop.png`, fullPage: true });
});

test('the release and report pages open their own articles', async ({ page, context, baseURL }) => {
  await logIn(context, baseURL!, token, []);
  await page.goto(`/questionnaire/release.html?questionId=${demo.survey}`);
  await expect(page.getByRole('link', { name: '发布帮助' })).toHaveAttribute('href', '/help.html?article=publish-share-link');
  await page.goto(`/questionnaire/report.html?questionId=${demo.survey}`);
  await expect(page.getByRole('link', { name: '报表帮助' })).toHaveAttribute('href', '/help.html?article=report-read');
  await page.goto('/help.html?article=report-read');
  await expect(page.getByRole('heading', { level: 1, name: /报告/ })).toBeVisible();
});

test('on a phone an article with screenshots fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/help.html?article=editor-setting');
  await expect(page.getByRole('heading', { level: 1, name: '问卷设置：收集时间、作答限制和提交后' })).toBeVisible();
  const shot = page.getByRole('img', { name: '问卷设置：收集设置和作答限制' });
  await shot.scrollIntoViewIfNeeded();
  await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const box = (await shot.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/article-shot-phone.png`, fullPage: true });
});

closeOtherContextsAfterEach();
