import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createSubject } from '../../schemas/subjects/registry';
import { apiCall, demoToken, Editor, signIn } from './editor-model';
import { violationsOf, withAxe } from './axe-check';
import { DESKTOP, PHONE } from './respond-support';

/** Issue 53 item 2: the editor's 导入导出 menu — import a file with a preview, export downloads a file. */
const SHOTS = '/tmp/shots-project-transfer';
/**
 * The dialog's screenshots, desktop and a 390 px phone, with axe. The editor behind it is a desktop screen (not in the
 * phone overflow sweep), so on the phone the dialog itself must fit the screen.
 */
async function shoot(page: Page, name: string): Promise<void> {
  expect(await violationsOf(page), `${name}: axe`).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/desktop-${name}.png` });
  await page.setViewportSize(PHONE);
  const box = (await page.getByRole('dialog').boundingBox())!;
  expect(box.x, `${name}: dialog inside the phone screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name}: dialog inside the phone screen`).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `${SHOTS}/phone-${name}.png` });
  await page.setViewportSize(DESKTOP);
}
test.beforeEach(({ page }) => withAxe(page));

async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('题目');
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('import a subjects Excel with a preview, then export the project as our JSON and as Excel', async ({ page, request, context, baseURL }) => {
  const token = await demoToken(request);
  let n = 0;
  const id = () => `tr${Date.now().toString(36)}${++n}`;
  const q1 = { ...createSubject(1, { uuid: id(), indexSort: 1, newId: id }), title: '您的年级' };
  const created = await apiCall(request, 'activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: '端到端：导入导出', subjects: [q1] }, token);
  const questionId = (created.data as { questionId: string }).questionId;
  await signIn(context, baseURL!, token);
  const I = Editor(page);
  await I.open(questionId);
  await expect(I.cards).toHaveCount(1);

  await page.getByRole('button', { name: '导入导出' }).click();
  await page.getByRole('menuitem', { name: '导入题目' }).click();
  const dialog = page.getByRole('dialog', { name: '导入题目' });
  await expect(dialog).toContainText('选择要导入的文件');
  await shoot(page, 'import-pick');

  const xlsx = await sheet([
    ['题号', '题型', '题目', '必答', '分值', '选项1', '选项2', '选项3'],
    [1, '单选题', '您每周来店几次？', '是', '', '1 次', '2–3 次', '4 次以上'],
    [2, '多选题', '您常买哪些品类？', '否', '', '咖啡', '茶饮', '甜点'],
    [3, '矩阵单选题', '各项满意度', '是', '', '价格', '服务'],
    [4, '多行文本', '还有什么建议？', '否'],
  ]);
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: '门店调查题目.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: xlsx });
  await expect(dialog).toContainText('已转换 3 道题');
  await expect(dialog).toContainText('单选题 × 1');
  await expect(dialog).toContainText('您常买哪些品类？');
  await expect(dialog).toContainText('无法导入 1 项');
  await expect(dialog).toContainText('第 4 行');
  await expect(dialog).toContainText('矩阵单选题的结构无法用表格表示');
  await shoot(page, 'import-preview');

  await dialog.getByRole('button', { name: '确认导入 3 道题' }).click();
  await expect(dialog).toBeHidden();
  await expect(I.cards).toHaveCount(4);
  await expect(I.cards.nth(1)).toContainText('您每周来店几次？');
  await expect(I.cards.nth(3)).toContainText('还有什么建议？');

  await page.getByRole('button', { name: '导入导出' }).click();
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: '完整 JSON（可再导入）' }).click()]);
  expect(json.suggestedFilename()).toBe('端到端：导入导出.wenjuan.json');
  const file = JSON.parse(await readFile((await json.path())!, 'utf8')) as { format: string; subjects: unknown[] };
  expect(file.format).toBe('wenjuan-project');
  expect(file.subjects).toHaveLength(4);

  await page.getByRole('button', { name: '导入导出' }).click();
  const [excel] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: '题目 Excel' }).click()]);
  expect(excel.suggestedFilename()).toBe('端到端：导入导出-题目.xlsx');
});

test('a file that is not ours nor an Excel sheet is refused in the dialog with why', async ({ page, request, context, baseURL }) => {
  const token = await demoToken(request);
  const created = await apiCall(request, 'activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: '端到端：导入出错', subjects: [] }, token);
  const questionId = (created.data as { questionId: string }).questionId;
  await signIn(context, baseURL!, token);
  await Editor(page).open(questionId);
  await page.getByRole('button', { name: '导入导出' }).click();
  await page.getByRole('menuitem', { name: '导入题目' }).click();
  const dialog = page.getByRole('dialog', { name: '导入题目' });
  await dialog.locator('input[type=file]').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{oops') });
  await expect(dialog.getByRole('alert')).toHaveText('文件不是有效的 JSON');
  await shoot(page, 'import-error');
});
