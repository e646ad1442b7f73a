import { expect, test, type Page } from '@playwright/test';
import { codeFor, I, newPhone } from './support';

// Issue 48 item 2 (acceptance): open a case logged out, 使用此模板, log in, and land in the editor on the
// template's content; a plan's step opens its template too (a vote, through the vote template's own call).
async function smsLogin(page: Page, request: Parameters<typeof codeFor>[0]) {
  await expect(page).toHaveURL(/\/login\?redirect=/);
  const phone = newPhone();
  const me = I(page);
  await me.fillPhone(phone);
  await me.sendCode();
  await page.getByLabel('验证码').fill(await codeFor(request, phone));
  await me.submit('登录');
}

test('a case opened logged out creates its template after the login and opens it in the editor', async ({ page, request }) => {
  await page.goto('/CollaborationCases/index.html');
  await page.getByRole('group', { name: '行业' }).getByRole('button', { name: '教育' }).click();
  await page.getByRole('link', { name: /查看做法\s*：课堂签到/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /课堂签到/ })).toBeVisible();
  await page.getByRole('button', { name: '使用此模板：课堂签到表' }).first().click();

  await smsLogin(page, request);
  // Back on the case, the choice carries on by itself: the copy is made and the editor opens on it.
  await expect(page).toHaveURL(/\/questionnaire\/edit\/subject\.html\?questionId=/, { timeout: 20_000 });
  await expect(page.getByText('学号').first()).toBeVisible();
  await expect(page.getByText('到课情况').first()).toBeVisible();
  // Back goes to the case page without making a second copy.
  await page.goBack();
  await expect(page).toHaveURL(/\/CollaborationCasesDetail\/9$/);
  await expect(page.getByRole('heading', { level: 1, name: /课堂签到/ })).toBeVisible();
  const projects = await page.request.post('/api/activity/question/getWxQuestionList', { data: { questionType: 4, page: 1, pageSize: 10 } });
  const list = ((await projects.json()).data.list as { title: string }[]).filter((p) => p.title === '课堂签到表');
  expect(list).toHaveLength(1);
});

test("a plan's step opens its vote template in the vote editor", async ({ page, request }) => {
  await page.goto('/programme/index.html');
  await page.getByRole('link', { name: /查看方案\s*：校园歌手大赛/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /校园歌手大赛/ })).toBeVisible();
  await page.getByRole('button', { name: '使用此模板：校园十佳歌手网络投票' }).click();
  await smsLogin(page, request);
  await expect(page).toHaveURL(/\/voting\/add\.html\?voteId=/, { timeout: 20_000 });
  await expect(page.getByLabel('投票标题')).toHaveValue('校园十佳歌手网络投票');
});

test('an unknown case says so and leads back to the cases', async ({ page }) => {
  await page.goto('/CollaborationCasesDetail/99');
  await expect(page.getByText('未找到该案例')).toBeVisible();
  await page.getByRole('link', { name: '返回客户案例' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '客户案例' })).toBeVisible();
});
