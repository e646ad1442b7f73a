import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { codeFor, newPhone } from './support';
import { closeOtherContextsAfterEach } from './contexts';

const SHOTS = '/tmp/shots-tshare';

async function loggedInContext(context: BrowserContext, request: APIRequestContext): Promise<string> {
  const phone = newPhone();
  await context.request.post('/api/activity/user/sendSms', { data: { phone } });
  const login = await (await context.request.post('/api/activity/user/login', { data: { phone, code: await codeFor(request, phone) } })).json();
  expect(login.resultCode).toBe('200');
  return phone;
}

// Issue 48 item 3: user A opens a template, sees its subjects as respondents will (the respondent page itself) and
// makes the share link; user B opens it logged out, logs in, 复制到我的账号, finds the copy in the list and the editor
// on the template's subjects; a reload or a second copy never makes a second project.
test('share a template with a friend who copies it into their account', async ({ browser, baseURL, request }) => {
  test.setTimeout(180_000);
  const a = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const phoneA = await loggedInContext(a, request);
  const hot = await (await request.post('/api/active/template/getHotTemplateSearchPage', { data: { questionType: 2, pageSize: 1 } })).json();
  const template = hot.data.list[0] as { questionId: string; title: string };
  const form = await (await request.post('/api/active/template/getTemplateQuestion', { data: { questionId: template.questionId } })).json();
  // The first scored question (a layout block before it has no title of its own).
  const scored = (form.data.subjects as { title: string; score?: number }[]).find((s) => s.score)!;
  const firstTitle = scored.title.replace(/<[^>]+>/g, '').trim();

  const pageA = await a.newPage();
  await pageA.goto(`/template/detail.html?questionId=${template.questionId}`);
  await pageA.getByRole('link', { name: '题目详情' }).click();
  await expect(pageA).toHaveURL(/\/template\/detailQuestion\.html\?id=/);
  await expect(pageA.getByRole('heading', { name: template.title })).toBeVisible();
  const sheet = pageA.frameLocator(`iframe[title="模板题目：${template.title}"]`);
  await expect(sheet.getByText(firstTitle).first()).toBeVisible();
  await expect(sheet.locator('.r-score-tag').first()).toHaveText(/\d+分/);
  await pageA.screenshot({ path: `${SHOTS}/detail-question-desktop.png`, fullPage: true });

  await pageA.getByRole('button', { name: '分享给好友' }).click();
  const dialog = pageA.getByRole('dialog', { name: '分享给好友' });
  await expect(dialog.getByRole('img', { name: '模板分享二维码' })).toBeVisible();
  await expect(dialog).toContainText(`用户${phoneA.slice(-4)} 分享给你的模板`);
  const link = (await dialog.getByTestId('template-share-link').textContent())!.trim();
  expect(link).toContain('/shareQuestionnaire?share=');
  expect(link).not.toContain(phoneA);
  await pageA.screenshot({ path: `${SHOTS}/share-dialog-desktop.png` });

  // B, logged out, in another browser.
  const b = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const pageB = await b.newPage();
  const url = new URL(link);
  await pageB.goto(url.pathname + url.search);
  await expect(pageB.getByText(`用户${phoneA.slice(-4)} 分享给你的模板`)).toBeVisible();
  await expect(pageB.getByRole('heading', { name: template.title })).toBeVisible();
  await pageB.screenshot({ path: `${SHOTS}/share-page-phone.png`, fullPage: true });
  await pageB.getByRole('button', { name: '复制到我的账号' }).click();
  await expect(pageB).toHaveURL(/\/login\?redirect=/);
  const phoneB = newPhone();
  await pageB.getByLabel('手机号').fill(phoneB);
  await pageB.getByRole('button', { name: '获取验证码' }).click();
  await pageB.getByLabel('验证码').fill(await codeFor(request, phoneB));
  await pageB.getByRole('button', { name: '登录', exact: true }).click();

  await expect(pageB.getByText('已复制到你的账号')).toBeVisible();
  await pageB.screenshot({ path: `${SHOTS}/share-copied-phone.png`, fullPage: true });
  // A reload shows the same copy; copying again through the API answers it too.
  await pageB.reload();
  await expect(pageB.getByText('已复制到你的账号')).toBeVisible();
  const edit = pageB.getByRole('link', { name: '去编辑' });
  const copyId = new URL((await edit.getAttribute('href'))!, baseURL).searchParams.get('questionId')!;
  const again = await (await b.request.post('/api/active/template/copyTemplateShare', { data: { shareToken: url.searchParams.get('share') } })).json();
  expect(again.data).toEqual({ isCreate: 1, questionId: copyId });

  await edit.click();
  await expect(pageB).toHaveURL(new RegExp(`/questionnaire/edit/subject\\.html\\?questionId=${copyId}`));
  await expect(pageB.getByText(firstTitle).first()).toBeVisible();

  await pageB.goto('/questionnaire/exam.html');
  await expect(pageB.getByText(template.title)).toHaveCount(1);
  await a.close();
  await b.close();
});

test('the template pages at a phone’s width and the library’s hot search', async ({ browser, baseURL, request }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const hot = await (await request.post('/api/active/template/getHotTemplateSearchPage', { data: { questionType: 2, pageSize: 1 } })).json();
  const template = hot.data.list[0] as { questionId: string; title: string };
  const page = await context.newPage();
  await page.goto(`/template/detailQuestion.html?id=${template.questionId}`);
  await expect(page.frameLocator('iframe').locator('.r-score-tag').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/detail-question-phone.png`, fullPage: true });
  await page.goto('/template/detailQuestion.html?id=noSuchTemplate1');
  await expect(page.getByText('模板不存在或已下架')).toBeVisible();
  await page.goto('/shareQuestionnaire?share=abcdefgh.0.0123456789abcdef0123456789abcdef');
  await expect(page.getByText('分享链接无效或已被修改，请向好友重新获取')).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/template/list.html');
  const box = page.getByRole('searchbox', { name: '搜索模板' });
  await box.click();
  const panel = page.getByRole('region', { name: '热门模板搜索' });
  await expect(panel.getByRole('listitem')).toHaveCount(5);
  await box.fill('满意度');
  await expect(panel.locator('mark').first()).toHaveText('满意度');
  await page.screenshot({ path: `${SHOTS}/hot-search-desktop.png` });
  await box.fill('没有这样的模板词');
  await expect(panel.getByText('没有找到相关模板')).toBeVisible();
  await context.close();
});

closeOtherContextsAfterEach();
