import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import { createSubject } from '../../schemas/subjects/registry';

/** POST {apiBase}<path> with the token header; returns data or throws the envelope's message. */
async function api<T>(request: APIRequestContext, path: string, data: unknown, token?: string): Promise<T> {
  const answer = await (await request.post(`/api/${path}`, { data, headers: token ? { token } : {} })).json();
  if (answer.resultCode !== '200') throw new Error(`${path}: ${answer.resultCode} ${answer.resultMsg}`);
  return answer.data as T;
}

async function logIn(context: BrowserContext, token: string) {
  await context.addCookies([{ name: 'token', value: token, url: test.info().project.use.baseURL! }]);
}

let n = 0;
const id = () => `e2e${Date.now().toString(36)}${n++}`;

/** A published survey with three sheets submitted by API: 性别 (男 男 女), 建议 (one is "=1+1"), NPS. */
async function seed(request: APIRequestContext, token: string) {
  const q1 = {
    ...createSubject(1, { uuid: id(), indexSort: 1, newId: id }),
    title: '性别',
    options: [
      { uuid: 'male', title: '男' },
      { uuid: 'female', title: '女' },
    ],
  };
  const q2 = { ...createSubject(7, { uuid: id(), indexSort: 2, newId: id }), title: '建议', required: false };
  const q3 = { ...createSubject(22, { uuid: id(), indexSort: 3, newId: id }), title: '推荐意愿' };
  const { questionId } = await api<{ questionId: string }>(
    request,
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 1, title: '报告测试问卷', subjects: [q1, q2, q3] },
    token,
  );
  await api(request, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);
  const rows: [string, string, number][] = [
    ['male', '=1+1', 9],
    ['female', '很好', 3],
    ['male', '一般', 10],
  ];
  for (const [gender, text, nps] of rows) {
    await api(request, 'active/write/submit', {
      questionId,
      submissionId: id(),
      deviceId: id(),
      durationSeconds: 40,
      answers: { [q1.uuid]: { optionIds: [gender] }, [q2.uuid]: text, [q3.uuid]: nps },
    });
  }
  return questionId;
}

test('the report shows charts, a filter changes the counts, and the Excel export holds the rows as text', async ({ page, request, context }) => {
  const { token } = await api<{ token: string }>(request, 'activity/user/userNameLogin', { userName: '13800138000', password: 'demo1234' });
  const questionId = await seed(request, token);
  await logIn(context, token);
  await page.goto(`/questionnaire/report.html?questionId=${questionId}`);

  await expect(page.getByTestId('report-total')).toHaveText('有效答卷 3 份');
  const first = page.getByTestId('subject-card').first();
  await expect(first.getByRole('heading', { name: /性别/ })).toBeVisible();
  await expect(first.locator('[data-chart-ready="true"] svg')).toBeVisible();
  await expect(first.getByRole('row', { name: /男 2/ })).toBeVisible();
  await expect(page.getByTestId('nps')).toContainText('推荐者 (9-10) 2');
  await first.getByRole('button', { name: '饼图' }).click();
  await expect(first.locator('[data-chart-ready="true"] svg')).toBeVisible();

  // Filter: 性别 chose 男 → two sheets.
  await page.getByRole('button', { name: '添加条件' }).click();
  await expect(page.getByTestId('condition')).toHaveCount(1);
  await page.getByRole('button', { name: '应用筛选' }).click();
  await expect(page.getByTestId('report-total')).toHaveText('筛选后 2 份');
  await expect(first.getByRole('row', { name: /女 0/ })).toBeVisible();
  await page.getByRole('button', { name: '清空' }).click();
  await expect(page.getByTestId('report-total')).toHaveText('有效答卷 3 份');

  // Export by subject: the file opens with exceljs; "=1+1" is text, no formula cells.
  await page.getByRole('button', { name: '导出数据' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Excel（按题目）' }).click()]);
  const file = await download.path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  expect(rows).toHaveLength(4);
  const header = rows[0] as string[];
  expect(header.slice(6)).toEqual(['1. 性别', '2. 建议', '3. 推荐意愿']);
  expect(rows.slice(1).map((r) => r[6])).toEqual(['男', '女', '男']);
  expect(rows.slice(1).map((r) => r[7])).toEqual(["'=1+1", '很好', '一般']);
  let formulas = 0;
  sheet.eachRow((row) =>
    row.eachCell((cell) => {
      if (cell.type === ExcelJS.ValueType.Formula) formulas += 1;
    }),
  );
  expect(formulas).toBe(0);

  // Data detail: a row opens the sheet with its neighbours.
  await page.getByRole('tab', { name: '数据详情' }).click();
  await expect(page.getByTestId('data-detail').getByRole('row')).toHaveCount(4);
  await page.getByTestId('data-detail').getByRole('row').nth(1).click();
  await expect(page.getByRole('heading', { name: '答卷详情' })).toBeVisible();
  await expect(page.getByText('一般')).toBeVisible();
  await page.getByRole('link', { name: '下一份' }).click();
  await expect(page.getByText('很好')).toBeVisible();
});

test('the PDF report runs as an export job: 我的下载 shows it done and the file downloads', async ({ page, request, context }) => {
  const { token } = await api<{ token: string }>(request, 'activity/user/userNameLogin', { userName: '13800138000', password: 'demo1234' });
  const questionId = await seed(request, token);
  await logIn(context, token);
  await page.goto(`/questionnaire/report.html?questionId=${questionId}`);
  await expect(page.getByTestId('report-total')).toHaveText('有效答卷 3 份');

  await page.getByRole('button', { name: '导出数据' }).click();
  await page.getByRole('menuitem', { name: 'PDF 统计报告' }).click();
  const toast = page.getByText('已加入导出队列');
  await expect(toast).toBeVisible();
  await page.getByRole('button', { name: '查看' }).click();
  await expect(page).toHaveURL(/\/myDownload\.html$/);
  await expect(page.getByRole('heading', { name: '我的下载' })).toBeVisible();

  const row = page.getByTestId('download-row').filter({ hasText: '报告测试问卷_统计报告.pdf' }).first();
  await expect(row).toContainText('项目：报告测试问卷');
  await expect(row).toContainText('PDF 报告');
  // The page polls while the job runs; it ends at 100 % and the button becomes active.
  await expect(row).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(row).toContainText('已完成');
  await expect(row.getByRole('progressbar')).toHaveCount(0);

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: '下载' }).click()]);
  expect(download.suggestedFilename()).toBe('报告测试问卷_统计报告.pdf');
  const { readFile } = await import('node:fs/promises');
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansCJKsc-Regular/);
});
