import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { loginCreator, useToken } from './respond-support';

const SHOTS = '/tmp/shots-contacts';

/** 30 rows: 28 good (one named like a formula), one with a bad phone, one with a bad e-mail. */
async function bookFile(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('联系人');
  sheet.addRow(['姓名', '手机号', '邮箱', '分组']);
  for (let i = 1; i <= 30; i++) {
    const name = i === 7 ? '=1+1' : `同学${String(i).padStart(2, '0')}`;
    const phone = i === 12 ? '12345' : `1380000${String(i).padStart(4, '0')}`;
    const email = i === 20 ? 'not-an-email' : `s${i}@school.cn`;
    sheet.addRow([name, phone, email, i <= 10 ? '一班' : '二班']);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('the address book: empty state, import 30 rows with two bad ones reported, a formula-like name as text, export, groups, send links', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const token = await loginCreator(request);
  await useToken(page, token, baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The header's 通讯录 button opens the book; a new book shows its empty state.
  await page.goto('/questionnaire/list.html');
  await page.getByRole('link', { name: '通讯录' }).first().click();
  await expect(page).toHaveURL(/\/email\.html$/);
  await expect(page.getByText('通讯录还是空的')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/contacts-empty-desktop.png`, fullPage: true });

  // 导入: the file, the mapping step with its preview, then the report of the two bad rows.
  await page.getByRole('button', { name: '导入', exact: true }).click();
  await page.getByLabel('选择导入文件').setInputFiles({
    name: '学生名单.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await bookFile(),
  });
  const preview = page.getByTestId('import-preview');
  await expect(preview).toContainText('同学01');
  await expect(page.getByLabel('“手机号”列对应的字段')).toHaveValue('phone');
  await page.screenshot({ path: `${SHOTS}/contacts-import-mapping.png` });
  await page.getByRole('button', { name: '开始导入' }).click();
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('新增 28 人，2 行未导入');
  await expect(report.getByRole('row', { name: /第 13 行/ })).toContainText('请输入正确的手机号');
  await expect(report.getByRole('row', { name: /第 21 行/ })).toContainText('请输入正确的邮箱');
  await page.screenshot({ path: `${SHOTS}/contacts-import-report.png` });
  await page.getByRole('button', { name: '完成' }).click();

  // The table holds the 28; the formula-like name shows as typed.
  const groups = page.getByRole('navigation', { name: '联系人分组' });
  await expect(groups.getByRole('button', { name: /全部联系人\s*28/ })).toBeVisible();
  await expect(groups.getByRole('button', { name: /一班\s*10/ })).toBeVisible();
  await expect(groups.getByRole('button', { name: /二班\s*18/ })).toBeVisible();
  await expect(page.getByText('共 28 人').first()).toBeVisible();
  await page.getByLabel('搜索联系人').fill('=1+1');
  const table = page.getByTestId('contact-table');
  await expect(table.getByRole('cell', { name: '=1+1', exact: true })).toBeVisible();
  await page.getByLabel('搜索联系人').fill('');
  await expect(table.getByRole('row')).toHaveCount(21);
  await page.screenshot({ path: `${SHOTS}/contacts-desktop.png`, fullPage: true });

  // 导出 downloads the book; the formula-like name stays text in the file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出' }).click()]);
  expect(download.suggestedFilename()).toBe('通讯录-全部.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
  const names = (book.worksheets[0]!.getColumn(1).values as unknown[]).slice(2);
  expect(names).toHaveLength(28);
  expect(names).toContain("'=1+1");

  // A group's selection leads to the send pages with the chosen ids.
  await groups.getByRole('button', { name: /^一班/ }).click();
  await expect(page.getByText('共 10 人').first()).toBeVisible();
  await expect(page.getByRole('link', { name: '发送短信' })).toHaveAttribute('href', /\/sms\/sendSms\.html\?groupId=\d+$/);
  await page.getByLabel('全选本页').check();
  await expect(page.getByRole('link', { name: '发送邮件' })).toHaveAttribute('href', /\/mail\/sendMail\.html\?contactIds=(\d+,){9}\d+$/);

  // A phone-wide view of the same page.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/email.html');
  await expect(page.getByText('共 28 人').first()).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/contacts-phone-390.png`, fullPage: true });
});

test('a contact added by hand with a custom field, edited and deleted', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const token = await loginCreator(request);
  await useToken(page, token, baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/email.html');

  // 字段设置: a required choice field.
  await page.getByRole('button', { name: '字段设置' }).click();
  const settings = page.getByRole('dialog', { name: '字段设置' });
  await settings.getByLabel('字段名称').fill('职务');
  await settings.getByLabel('字段类型').selectOption('choice');
  await settings.getByLabel('选项').fill('老师,家长');
  await settings.getByText('必填', { exact: true }).click();
  await settings.getByRole('button', { name: '添加字段' }).click();
  await expect(settings.getByText('选项：老师、家长 · 必填')).toBeVisible();
  await settings.getByRole('checkbox', { name: '职务' }).check();
  await page.screenshot({ path: `${SHOTS}/contacts-field-settings.png` });
  await settings.getByRole('button', { name: '保存显示的列' }).click();

  // 新建联系人: a bad phone and a missing required field are said in the dialog.
  await page.getByRole('button', { name: '新建联系人' }).first().click();
  const dialog = page.getByRole('dialog', { name: '新建联系人' });
  await dialog.getByLabel('姓名').fill('<script>alert(1)</script>');
  await dialog.getByLabel('手机号').fill('1380013800');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('请输入正确的手机号');
  await dialog.getByLabel('手机号').fill('13800138000');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('请填写职务');
  await dialog.getByLabel('职务').selectOption('老师');
  await page.screenshot({ path: `${SHOTS}/contacts-add-dialog.png` });
  await dialog.getByRole('button', { name: '保存' }).click();
  const table = page.getByTestId('contact-table');
  await expect(table.getByRole('cell', { name: '<script>alert(1)</script>', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: '老师', exact: true })).toBeVisible();

  await table.getByRole('button', { name: /编辑/ }).click();
  await page.getByRole('dialog', { name: '编辑联系人' }).getByLabel('姓名').fill('王老师');
  await page.getByRole('dialog', { name: '编辑联系人' }).getByRole('button', { name: '保存' }).click();
  await expect(table.getByRole('cell', { name: '王老师', exact: true })).toBeVisible();
  await table.getByLabel('选择 王老师').check();
  await page.getByRole('button', { name: '批量删除' }).click();
  await page.getByRole('dialog', { name: '删除联系人' }).getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('通讯录还是空的')).toBeVisible();
});
