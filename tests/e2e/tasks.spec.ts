import { expect, test, type Page } from '@playwright/test';
import { apiCall, registerBySms } from './editor-model';
import { DESKTOP, subject, useToken } from './respond-support';
import { closeOtherContextsAfterEach } from './contexts';

/**
 * The task centre (issue 51 item 2) in Chromium: a new user signs in on three consecutive days with the server's test
 * clock moved — the coins go up by exactly 5, 5 and 15 (the streak bonus on day 3) —, completes 创建/发布第一个项目 for
 * real and receives the rewards, and copies a template from the task centre's 去完成, which completes 2-6.
 */
const balance = (page: Page) => page.getByTestId('coin-balance');
const task = (page: Page, code: string) => page.locator(`[data-task="${code}"]`);

async function coinsByApi(page: Page, token: string): Promise<number> {
  const answer = await apiCall(page.request, 'activity/task/getWxAppletTaskList', {}, token);
  expect(answer.resultCode).toBe('200');
  return (answer.data as { coin: number }).coin;
}

test.afterEach(async ({ request }) => {
  await apiCall(request, 'dev/clock', { offsetDays: 0 });
});

test('tasks: three days of sign-in with the streak bonus, a new-user task done for real, a template copy completing 2-6', async ({
  page,
  request,
  baseURL,
}) => {
  await apiCall(request, 'dev/clock', { offsetDays: 0 });
  const token = await registerBySms(request);
  await useToken(page, token, baseURL!);
  await page.setViewportSize(DESKTOP);
  await page.goto('/task.html');
  await expect(page.getByRole('heading', { name: '任务中心' })).toBeVisible();
  await expect(balance(page)).toHaveText('0');
  await expect(page.getByRole('link', { name: '问卷币明细' })).toHaveAttribute('href', '/coinList.html');
  await expect(page.getByRole('link', { name: '问卷币规则' })).toHaveAttribute('href', '/coinRule.html');

  const expected = [5, 10, 25];
  for (let day = 0; day < 3; day++) {
    await apiCall(request, 'dev/clock', { offsetDays: day });
    await page.reload();
    await expect(page.getByTestId('sign-streak')).toContainText(`已连续签到 ${day} 天`);
    await page.getByRole('button', { name: '签到', exact: true }).click();
    await expect(balance(page)).toHaveText(String(expected[day]));
    await expect(page.getByTestId('sign-streak')).toContainText(`已连续签到 ${day + 1} 天`);
    await expect(page.getByRole('button', { name: '今日已签到' })).toBeDisabled();
    expect(await coinsByApi(page, token)).toBe(expected[day]);
  }
  await expect(page.getByTestId('sign-streak')).toContainText('今日获得 15 问卷币');
  await apiCall(request, 'dev/clock', { offsetDays: 0 });

  // 1-2 and 1-3: a project created and published on the server; the task centre finds them done.
  await page.reload();
  await expect(task(page, '1-3').getByRole('button', { name: '去完成' })).toBeVisible();
  const created = await apiCall(
    request,
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 1, title: '任务中心的第一个问卷', subjects: [subject(6, { title: '您的建议' })] },
    token,
  );
  const { questionId } = created.data as { questionId: string };
  expect((await apiCall(request, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token)).resultCode).toBe('200');
  await page.reload();
  await task(page, '1-3').getByRole('button', { name: '领取奖励' }).click();
  await expect(task(page, '1-3')).toContainText('已领取');
  await expect(balance(page)).toHaveText('55');
  await task(page, '1-2').getByRole('button', { name: '领取奖励' }).click();
  await expect(balance(page)).toHaveText('75');

  // 2-6: 去完成 opens the template library with the task; 使用此模板 copies it and the task is done.
  await task(page, '2-6').getByRole('button', { name: '去完成' }).click();
  await expect(page).toHaveURL(/\/template\/list\.html\?.*taskType=2-6/);
  await page.getByRole('button', { name: '使用此模板' }).first().click();
  await expect(page).toHaveURL(/questionId=/);
  await page.goto('/task.html');
  await task(page, '2-6').getByRole('button', { name: '领取奖励' }).click();
  await expect(task(page, '2-6')).toContainText('已领取');
  await expect(balance(page)).toHaveText('85');
  expect(await coinsByApi(page, token)).toBe(85);

  await page.getByRole('tab', { name: '任务记录' }).click();
  await expect(page.getByRole('cell', { name: '使用模板创建项目' })).toBeVisible();
});

closeOtherContextsAfterEach();
