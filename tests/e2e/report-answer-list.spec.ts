import { expect, test, type APIRequestContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import { createSubject } from '../../schemas/subjects/registry';

/** POST {apiBase}<path> with the token header; returns data or throws the envelope's message. */
async function api<T>(request: APIRequestContext, path: string, data: unknown, token?: string): Promise<T> {
  const answer = await (await request.post(`/api/${path}`, { data, headers: token ? { token } : {} })).json();
  if (answer.resultCode !== '200') throw new Error(`${path}: ${answer.resultCode} ${answer.resultMsg}`);
  return answer.data as T;
}

let n = 0;
const id = () => `al${Date.now().toString(36)}${n++}`;

test('answer list: search, the cross-tab chart, export of the selection, mark invalid and delete to the bin', async ({ page, request, context }) => {
  const { token } = await api<{ token: string }>(request, 'activity/user/userNameLogin', { userName: '13800138000', password: 'demo1234' });
  const q1 = {
    ...createSubject(1, { uuid: id(), indexSort: 1, newId: id }),
    title: '性别',
    options: [
      { uuid: 'male', title: '男' },
      { uuid: 'female', title: '女' },
    ],
  };
  const q2 = {
    ...createSubject(1, { uuid: id(), indexSort: 2, newId: id }),
    title: '城市',
    options: [
      { uuid: 'bj', title: '北京' },
      { uuid: 'sh', title: '上海' },
    ],
  };
  const q3 = { ...createSubject(7, { uuid: id(), indexSort: 3, newId: id }), title: '建议', required: false };
  const { questionId } = await api<{ questionId: string }>(
    request,
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 1, title: '答卷列表测试', subjects: [q1, q2, q3] },
    token,
  );
  await api(request, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);
  const rows: [string, string, string][] = [
    ['male', 'bj', '价格偏高'],
    ['female', 'sh', '服务很好'],
    ['male', 'sh', '物流太慢'],
  ];
  for (const [gender, city, text] of rows) {
    await api(request, 'active/write/submit', {
      questionId,
      submissionId: id(),
      deviceId: id(),
      durationSeconds: 40,
      answers: { [q1.uuid]: { optionIds: [gender] }, [q2.uuid]: { optionIds: [city] }, [q3.uuid]: text },
    });
  }
  await context.addCookies([{ name: 'token', value: token, url: test.info().project.use.baseURL! }]);

  // The report's cross-tab draws its chart.
  await page.goto(`/questionnaire/report.html?questionId=${questionId}`);
  const cross = page.getByTestId('cross-tab');
  // echarts replaces the box's label with its own description of the series once drawn.
  await expect(cross.locator('[data-chart-ready="true"] svg path').first()).toBeAttached();
  await expect(cross.getByRole('img').first()).toHaveAttribute('aria-label', /北京.*上海/);

  await page.goto(`/answerList.html?questionId=${questionId}`);
  const list = page.getByTestId('answer-list');
  await expect(list.getByRole('row')).toHaveCount(4);
  await expect(list.getByRole('row').nth(1)).toContainText('物流太慢');
  // Search by a chosen option's title: 女 → one sheet.
  await page.getByRole('searchbox', { name: '搜索答卷' }).fill('女');
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(list.getByRole('row').nth(1)).toContainText('服务很好');
  await page.getByRole('searchbox', { name: '搜索答卷' }).fill('');
  await expect(list.getByRole('row')).toHaveCount(4);

  // Export the first two rows: the file holds exactly them.
  await page.getByRole('checkbox', { name: '选择第 1 份答卷' }).check();
  await page.getByRole('checkbox', { name: '选择第 2 份答卷' }).check();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出所选' }).click()]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const texts: unknown[] = [];
  book.worksheets[0]!.eachRow((row, i) => i > 1 && texts.push(row.getCell(9).value));
  expect(texts.sort()).toEqual(['服务很好', '物流太慢']);

  // Mark them invalid, then delete the first to the bin after one confirmation.
  await page.getByRole('button', { name: '标记无效' }).click();
  await expect(page.getByText('已将 2 份答卷标记为无效')).toBeVisible();
  await expect(list.getByRole('row').nth(1)).toContainText('无效');
  await page.getByRole('checkbox', { name: '选择第 1 份答卷' }).check();
  await page.getByRole('button', { name: /^删除$/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('已将 1 份答卷移入回收站')).toBeVisible();
  await expect(list.getByRole('row')).toHaveCount(3);
  await expect(page.getByText('共 2 份', { exact: true })).toBeVisible();

  // A row opens its sheet; 返回答卷列表 comes back.
  await list.getByRole('row').nth(1).click();
  await expect(page.getByRole('heading', { name: /答卷详情/ })).toBeVisible();
  await page.getByRole('link', { name: /返回答卷列表/ }).click();
  await expect(page.getByTestId('answer-list')).toBeVisible();
});
