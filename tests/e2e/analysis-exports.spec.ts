import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { createSubject } from '../../schemas/subjects/registry';
import { readSav } from '../server/report-analysis/sav-read';
import { DESKTOP, PHONE } from './respond-support';

async function api<T>(request: APIRequestContext, path: string, data: unknown, token?: string): Promise<T> {
  const answer = await (await request.post(`/api/${path}`, { data, headers: token ? { token } : {} })).json();
  if (answer.resultCode !== '200') throw new Error(`${path}: ${answer.resultCode} ${answer.resultMsg}`);
  return answer.data as T;
}

async function logIn(context: BrowserContext, token: string) {
  await context.addCookies([{ name: 'token', value: token, url: test.info().project.use.baseURL! }]);
}

let n = 0;
const id = () => `ae${Date.now().toString(36)}${n++}`;

/** A published survey (性别, 爱好 multiple, 建议 text) with three sheets submitted by API. */
async function seed(request: APIRequestContext, token: string) {
  const q1 = {
    ...createSubject(1, { uuid: id(), indexSort: 1, newId: id }),
    title: '性别',
    options: [
      { uuid: 'male', title: '男' },
      { uuid: 'female', title: '女' },
    ],
  };
  const q2 = {
    ...createSubject(2, { uuid: id(), indexSort: 2, newId: id }),
    title: '爱好',
    required: false,
    options: [
      { uuid: 'read', title: '阅读' },
      { uuid: 'sport', title: '运动' },
    ],
  };
  const q3 = { ...createSubject(7, { uuid: id(), indexSort: 3, newId: id }), title: '建议', required: false };
  const { questionId } = await api<{ questionId: string }>(
    request,
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 1, title: '分析导出问卷', subjects: [q1, q2, q3] },
    token,
  );
  await api(request, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);
  const rows: [string, string[], string][] = [
    ['male', ['read', 'sport'], '很好'],
    ['female', [], ''],
    ['male', ['sport'], '=1+1'],
  ];
  for (const [gender, hobbies, text] of rows) {
    const answers: Record<string, unknown> = { [q1.uuid]: { optionIds: [gender] } };
    if (hobbies.length) answers[q2.uuid] = { optionIds: hobbies };
    if (text) answers[q3.uuid] = text;
    await api(request, 'active/write/submit', { questionId, submissionId: id(), deviceId: id(), durationSeconds: 40, answers });
  }
  return questionId;
}

test('the SPSS file is exported from the report page and reads back with its labels and answers', async ({ page, request, context }) => {
  const { token } = await api<{ token: string }>(request, 'activity/user/userNameLogin', { userName: '13800138000', password: 'demo1234' });
  const questionId = await seed(request, token);
  await logIn(context, token);
  await page.goto(`/questionnaire/report.html?questionId=${questionId}`);
  await expect(page.getByTestId('report-total')).toHaveText('有效答卷 3 份');

  await page.getByRole('button', { name: '导出数据' }).click();
  const sav = page.getByRole('menuitem', { name: /SPSS \(\.sav\)/ });
  await expect(sav).toContainText('含变量标签与值标签，可直接用 SPSS 打开');
  await expect(page.getByRole('menuitem', { name: /长格式 CSV（R \/ pandas）/ })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /数据字典/ })).toBeVisible();
  // Screenshots of the open menu, desktop then a 390 px phone (test-results/analysis-exports/).
  const dir = test.info().outputPath('.');
  await page.screenshot({ path: `${dir}/desktop-export-menu.png` });
  await page.keyboard.press('Escape');
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: '导出数据' }).click();
  await expect(sav).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${dir}/phone-export-menu.png` });
  await sav.click();
  await page.setViewportSize(DESKTOP);
  await expect(page.getByText('已加入导出队列')).toBeVisible();
  await page.getByRole('button', { name: '查看' }).click();
  await expect(page).toHaveURL(/\/myDownload\.html$/);

  const row = page.getByTestId('download-row').filter({ hasText: '分析导出问卷_SPSS.sav' }).first();
  await expect(row).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(row).toContainText('SPSS 数据');
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: '下载' }).click()]);
  expect(download.suggestedFilename()).toBe('分析导出问卷_SPSS.sav');
  const file = await readSav(await readFile(await download.path()));
  expect(file.variables.slice(4).map((v) => [v.name, v.label])).toEqual([
    ['Q1', '性别'],
    ['Q2_1', '爱好：阅读'],
    ['Q2_2', '爱好：运动'],
    ['Q3', '建议'],
  ]);
  expect(file.valueLabels('Q1')).toEqual({ 1: '男', 2: '女' });
  expect(file.rows.map((r) => [r.Q1, r.Q2_1, r.Q2_2, r.Q3])).toEqual([
    [1, 1, 1, '很好'],
    [2, null, null, ''],
    // A .sav holds data, not formulas: the text stays exactly as answered.
    [1, 0, 1, '=1+1'],
  ]);
});
