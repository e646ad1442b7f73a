import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { violationsOf, withAxe } from './axe-check';
import { Editor, registerBySms, signIn } from './editor-model';
import { PHONE } from './respond-support';

/** Issue 53 item 2 (helper import-new): 「从文件导入」 on the 新建 pages — preview a file, create the project, edit it. */
const SHOTS = '/tmp/shots-project-transfer-new';
const DESKTOP = { width: 1280, height: 860 };
const STORE_VISIT = new URL('../fixtures/surveyjs/store-visit.json', import.meta.url);

/** Axe on the screen, a desktop screenshot, then a 390 px phone one with the dialog inside the screen. */
async function shoot(page: Page, name: string): Promise<void> {
  expect(await violationsOf(page), `${name}: axe`).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/desktop-${name}.png` });
  await page.setViewportSize(PHONE);
  const dialog = page.getByRole('dialog');
  if (await dialog.count()) {
    const box = (await dialog.boundingBox())!;
    expect(box.x, `${name}: dialog inside the phone screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name}: dialog inside the phone screen`).toBeLessThanOrEqual(PHONE.width);
  }
  await page.screenshot({ path: `${SHOTS}/phone-${name}.png`, fullPage: !(await dialog.count()) });
  await page.setViewportSize(DESKTOP);
}
test.beforeEach(({ page }) => withAxe(page));

test('新建问卷 from a SurveyJS file: preview with the report, create, land in the editor with the subjects', async ({ page, request, context, baseURL }) => {
  await signIn(context, baseURL!, await registerBySms(request));
  await page.setViewportSize(DESKTOP);
  await page.goto('/questionnaire/create.html');
  const card = page.getByRole('region', { name: '从文件导入' });
  await expect(card).toContainText('SurveyJS');
  await expect(page.getByRole('region', { name: 'AI 生成' })).toBeVisible();
  await shoot(page, 'create-page');

  await card.getByRole('button', { name: '选择文件' }).click();
  const dialog = page.getByRole('dialog', { name: '从文件导入' });
  await expect(dialog).toContainText('选择要导入的文件');
  await shoot(page, 'pick');

  await dialog.locator('input[type=file]').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{oops') });
  await expect(dialog.getByRole('alert')).toHaveText('文件不是有效的 JSON');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"title":"随手记"}') });
  await expect(dialog.getByRole('alert')).toContainText('不是有效的 SurveyJS JSON：缺少 pages 或 elements');
  await shoot(page, 'error');

  const buffer = await readFile(STORE_VISIT);
  await dialog.locator('input[type=file]').setInputFiles({ name: 'store-visit.json', mimeType: 'application/json', buffer });
  await expect(dialog).toContainText('门店到访体验调查');
  await expect(dialog).toContainText('已转换 16 道题');
  await expect(dialog).toContainText('单选 × 2');
  await expect(dialog).toContainText('本次购买了哪些商品？');
  await expect(dialog).toContainText('无法导入 6 项');
  await expect(dialog).toContainText('动态面板（可重复的题组）没有对应的题型');
  await shoot(page, 'preview');

  await dialog.getByRole('button', { name: '创建项目' }).click();
  await expect(page).toHaveURL(/\/questionnaire\/edit\/subject\.html\?questionId=/);
  const I = Editor(page);
  await expect(I.cards).toHaveCount(16);
  await expect(I.cards.first()).toContainText('您是通过什么渠道了解到我们门店的？');
  await expect(page.getByText('门店到访体验调查').first()).toBeVisible();
});

test('新建考试 makes an exam of the file; kinds a file cannot carry have no 从文件导入', async ({ page, request, context, baseURL }) => {
  await signIn(context, baseURL!, await registerBySms(request));
  await page.setViewportSize(DESKTOP);
  await page.goto('/questionnaire/createExam.html');
  await page.getByRole('region', { name: '从文件导入' }).getByRole('button', { name: '选择文件' }).click();
  const dialog = page.getByRole('dialog', { name: '从文件导入' });
  await dialog.locator('input[type=file]').setInputFiles({ name: 'store-visit.json', mimeType: 'application/json', buffer: await readFile(STORE_VISIT) });
  await expect(dialog.getByRole('definition').nth(1)).toHaveText('考试');
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/questionnaire/createSolitaire.html');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: '从文件导入' })).toHaveCount(0);
});
