import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { codeFor, newPhone } from './support';

/** POST {apiBase}<path> with the token header; returns data or throws the envelope's message. */
async function api<T>(request: APIRequestContext, path: string, data: unknown, token?: string): Promise<T> {
  const answer = await (await request.post(`/api/${path}`, { data, headers: token ? { token } : {} })).json();
  if (answer.resultCode !== '200') throw new Error(`${path}: ${answer.resultCode} ${answer.resultMsg}`);
  return answer.data as T;
}

async function logIn(context: BrowserContext, token: string) {
  await context.addCookies([{ name: 'token', value: token, url: test.info().project.use.baseURL! }]);
}

/** Page model of the project screens. */
const I = (page: Page) => ({
  /** The card (or row) of a project on a list, found by its report link. */
  project: (questionId: string) => page.locator('li', { has: page.locator(`a[href*="questionId=${questionId}"]`) }),
  async useTemplate(title: string) {
    await page
      .locator('li', { has: page.getByRole('heading', { name: title, exact: true }) })
      .getByRole('button', { name: '使用此模板' })
      .click();
  },
  async confirm(dialogText: string | RegExp, button: string) {
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(dialogText);
    await dialog.getByRole('button', { name: button, exact: true }).click();
  },
  async seeToast(text: string) {
    await expect(page.getByText(text).first()).toBeVisible();
  },
});

test('a survey from a template: listed, published, edited through the modify reminder, deleted, restored', async ({ page, context, request }) => {
  const { token } = await api<{ token: string }>(request, 'activity/user/userNameLogin', { userName: '13800138000', password: 'demo1234' });
  await logIn(context, token);
  const me = I(page);

  await page.goto('/questionnaire/templateLibrarySurvey.html');
  await me.useTemplate('客户满意度调查问卷');
  await expect(page).toHaveURL(/\/questionnaire\/edit\/subject\.html\?questionId=[\w-]+$/);
  const questionId = new URL(page.url()).searchParams.get('questionId')!;

  await page.goto('/questionnaire/list.html');
  const card = me.project(questionId);
  await expect(card.getByRole('heading', { name: '客户满意度调查问卷' })).toBeVisible();
  await expect(card).toContainText('未发布');

  await card.getByRole('button', { name: '发布' }).click();
  await me.seeToast('已发布，开始收集数据');
  await expect(card).toContainText('收集中');

  // Editing a collecting project asks first; confirming pauses it and opens the editor.
  await card.getByRole('button', { name: '编辑' }).click();
  await me.confirm('修改问卷将暂停收集，修改完成后需要重新发布。', '确定');
  await expect(page).toHaveURL(`/questionnaire/edit/subject.html?questionId=${questionId}`);
  expect((await api<{ status: number }>(request, 'activity/question/getWxQuestion', { questionId }, token)).status).toBe(0);

  await page.goto('/questionnaire/list.html');
  await expect(card).toContainText('未发布');
  await card.getByRole('button', { name: '删除' }).click();
  await me.confirm('移入回收站吗', '移入回收站');
  await me.seeToast('已移入回收站');
  await expect(card).toHaveCount(0);

  await page.goto('/questionnaire/delete.html');
  const row = page.locator('li', { has: page.getByRole('heading', { name: '客户满意度调查问卷' }) }).first();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '恢复' }).click();
  await me.seeToast('已恢复');

  await page.goto('/questionnaire/list.html');
  await expect(me.project(questionId)).toBeVisible();
});

test('a free user who created 20 projects today sees the daily-limit dialog', async ({ page, context, request }) => {
  const phone = newPhone();
  await api(request, 'activity/user/sendSms', { phone, type: 'register' });
  const { token } = await api<{ token: string }>(request, 'activity/user/register', {
    phone,
    code: await codeFor(request, phone),
    password: 'abc12345',
  });
  const created = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      api<{ isCreate: number }>(request, 'activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: `批量项目${i + 1}` }, token),
    ),
  );
  expect(created.every((each) => each.isCreate === 1)).toBe(true);

  await logIn(context, token);
  await page.goto('/questionnaire/create.html');
  await page.getByLabel('问卷标题').fill('第二十一个项目');
  await page.getByRole('button', { name: '立即创建' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('提示');
  await expect(dialog).toContainText('免费版每天最多支持创建20个项目，请升级版本');

  // 升级版本 opens the member page in a new tab with the current level.
  const [member] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('button', { name: '升级版本' }).click()]);
  await expect(member).toHaveURL(/\/member\/index\.html\?memberLevel=1$/);
  await expect(page).toHaveURL(/\/questionnaire\/create\.html$/);
});
