import { expect, test } from '@playwright/test';
import { codeFor, newPhone } from './support';
import { closeOtherContextsAfterEach } from './contexts';

const SHOTS = 'test-results/favourites';
const TEMPLATE = '客户满意度调查问卷';

// Issue 46 item 6: a template starred on its page shows in 我的收藏 (/collection.html); taken off there, it is gone
// from the list and its page shows it unstarred again.
test('star a template on its page, find it in 我的收藏, unstar it there', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const phone = newPhone();
  await context.request.post('/api/activity/user/sendSms', { data: { phone } });
  const login = await (await context.request.post('/api/activity/user/login', { data: { phone, code: await codeFor(context.request, phone) } })).json();
  expect(login.resultCode).toBe('200');
  const found = await (
    await context.request.post('/api/activity/question/getWxQuestionTemplateList', { data: { keyword: TEMPLATE, page: 1, pageSize: 10 } })
  ).json();
  const template = (found.data.list as { questionId: string; title: string }[]).find((each) => each.title === TEMPLATE);
  expect(template, `seeded template ${TEMPLATE}`).toBeTruthy();

  const page = await context.newPage();
  await page.goto(`/template/detail.html?questionId=${template!.questionId}`);
  const star = page.getByRole('button', { name: `收藏模板：${TEMPLATE}` });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(page.getByText('已收藏，可在“我的收藏”中查看').first()).toBeVisible();
  const starred = page.getByRole('button', { name: `取消收藏模板：${TEMPLATE}` });
  await expect(starred).toHaveAttribute('aria-pressed', 'true');
  await expect(starred).toHaveText('已收藏');

  await page.goto('/collection.html');
  await expect(page.getByRole('heading', { name: '我的收藏' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: TEMPLATE }) });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('问卷模板');
  await page.screenshot({ path: `${SHOTS}/collection-desktop.png`, fullPage: true });
  await card.getByRole('button', { name: `取消收藏：${TEMPLATE}` }).click();
  await expect(page.getByText('已取消收藏').first()).toBeVisible();
  await expect(page.getByText('暂无收藏')).toBeVisible();
  await expect(card).toHaveCount(0);

  // The template's own page agrees after a reload: not starred.
  await page.goto(`/template/detail.html?questionId=${template!.questionId}`);
  await expect(page.getByRole('button', { name: `收藏模板：${TEMPLATE}` })).toHaveAttribute('aria-pressed', 'false');
  await context.close();
});

closeOtherContextsAfterEach();
