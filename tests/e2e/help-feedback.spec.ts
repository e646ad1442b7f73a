import { expect, test, type APIRequestContext } from '@playwright/test';
import { violationsOf, withAxe } from './axe-check';
import { settle } from './built-routes';
import { loginDemo, useToken } from './respond-support';

// 帮助反馈 (issue 48 item 1): the lane's operator (the demo colleague, OPERATOR_ACCOUNTS) reads a visitor's 意见反馈
// and marks it 已处理; the demo account is refused with 仅站点运营人员可查看. Both screens pass axe.
async function loginColleague(request: APIRequestContext): Promise<string> {
  const answer = await (await request.post('/api/activity/user/userNameLogin', { data: { userName: '13800138001', password: 'demo1234' } })).json();
  return answer.data.token as string;
}

test.use({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
test.beforeEach(({ page }) => withAxe(page));

test('the operator reads a feedback and marks it 已处理', async ({ page, request, baseURL }) => {
  const content = `e2e 反馈 ${Date.now()}：第二步的按钮找不到`;
  const sent = await (await request.post('/api/wxApplet/article/saveOrUpdateFeedBack', { data: { content, contact: '微信 e2e' } })).json();
  expect(sent.resultCode).toBe('200');
  await useToken(page, await loginColleague(request), baseURL!);
  await page.goto('/help/feedback.html');
  const row = page.getByRole('listitem').filter({ hasText: content });
  await expect(row).toContainText('联系方式：微信 e2e');
  await settle(page);
  expect(await violationsOf(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('help-feedback-desktop.png'), fullPage: true });
  await row.getByRole('button', { name: '标为已处理' }).click();
  await expect(row).toContainText('已处理 ·');
  await page.reload();
  await page.getByRole('button', { name: '未处理' }).click();
  await expect(page.getByText(content)).toHaveCount(0);
});

test('an account that is not the operator is refused, never shown a list', async ({ page, request, baseURL }) => {
  await useToken(page, await loginDemo(request), baseURL!);
  await page.goto('/help/feedback.html');
  await expect(page.getByText('仅站点运营人员可查看')).toBeVisible();
  await expect(page.getByRole('list', { name: '反馈列表' })).toHaveCount(0);
  await settle(page);
  expect(await violationsOf(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('help-feedback-refused.png'), fullPage: true });
});
