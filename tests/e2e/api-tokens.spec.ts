import { mkdir } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { API_TOKEN_MESSAGES } from '../../schemas/api/api-tokens';
import { violationsOf } from './axe-check';
import { closeOtherContextsAfterEach } from './contexts';
import { options, publish, subject } from './respond-support';
import { codeFor, newPhone } from './support';

/**
 * Personal API tokens (issue 53 item 1): a read token made on the account page, shown once and copied, reads the
 * report from a script and is refused a subject save; deleted on the page, it answers 401.
 */
const SHOTS = 'test-results/api-tokens';
const PASSWORD = 'token1234';

async function post(request: APIRequestContext, path: string, body: unknown, token?: string) {
  return (await request.post(`/api/${path}`, { data: body, headers: token ? { token } : {} })).json();
}

async function browserOf(browser: Browser, baseURL: string, phone: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, bypassCSP: true, viewport });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const answer = await (await context.request.post('/api/activity/user/userNameLogin', { data: { userName: phone, password: PASSWORD } })).json();
  expect(answer.resultCode).toBe('200');
  return context;
}

closeOtherContextsAfterEach();

test('a read token made on the account page reads the report, cannot save a subject, and stops when deleted', async ({ browser, request, baseURL }) => {
  await mkdir(SHOTS, { recursive: true });
  const phone = newPhone();
  await post(request, 'activity/user/sendSms', { phone, type: 'register' });
  const registered = await post(request, 'activity/user/register', { phone, code: await codeFor(request, phone), password: PASSWORD });
  expect(registered.resultCode).toBe('200');
  const fruit = subject(1, { title: '最喜欢的水果', options: options('苹果', '香蕉') });
  const questionId = await publish(request, registered.data.token, { title: '水果调查', questionType: 1, subjects: [fruit] });
  const optionId = (fruit as unknown as { options: { uuid: string }[] }).options[0]!.uuid;
  const sheet = await post(request, 'active/write/submit', {
    questionId,
    submissionId: `e2e-token-${Date.now()}`,
    deviceId: 'e2e-token-device',
    durationSeconds: 30,
    source: 'link',
    answers: { [fruit.uuid]: { optionIds: [optionId] } },
  });
  expect(sheet.resultCode, sheet.resultMsg).toBe('200');

  const context = await browserOf(browser, baseURL!, phone, { width: 1280, height: 900 });
  const page = await context.newPage();
  await page.goto('/account');
  const panel = page.locator('section', { has: page.getByRole('heading', { name: 'API 令牌' }) });
  await expect(panel.getByText('还没有 API 令牌')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'API 文档' })).toHaveAttribute('href', '/api/docs');
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/empty-desktop.png`, fullPage: true });

  await panel.getByRole('button', { name: '创建令牌' }).click();
  const dialog = page.getByRole('dialog', { name: '创建 API 令牌' });
  await dialog.getByRole('button', { name: '创建' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(API_TOKEN_MESSAGES.nameRequired);
  await dialog.getByLabel('名称').fill('报表同步脚本');
  await expect(dialog.getByRole('radio', { name: /只读/ })).toBeChecked();
  await dialog.getByRole('radio', { name: '90 天' }).check();
  await page.screenshot({ path: `${SHOTS}/create-desktop.png` });
  await dialog.getByRole('button', { name: '创建' }).click();

  const shown = page.getByRole('dialog', { name: '令牌已创建' });
  await expect(shown.getByText('令牌只显示这一次')).toBeVisible();
  const token = (await shown.getByTestId('api-token-value').textContent())!;
  expect(token).toMatch(/^wjp_/);
  await shown.getByRole('button', { name: '复制' }).click();
  await expect(page.getByText('令牌已复制')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await page.screenshot({ path: `${SHOTS}/shown-once-desktop.png` });
  await shown.getByRole('button', { name: '我已保存' }).click();
  await expect(shown).toBeHidden();

  // The script's side: the report answers, the save is refused and the subject stays as it was.
  const report = await post(request, 'question/statement/getStatement', { questionId }, token);
  expect(report.resultCode, report.resultMsg).toBe('200');
  expect(report.data.total).toBe(1);
  const save = await post(request, 'activity/question/updateWxQuestionSubject', { questionId, subject: { ...fruit, title: '改掉的题目' } }, token);
  expect(save).toMatchObject({ resultCode: '403', resultMsg: API_TOKEN_MESSAGES.readOnly });
  const subjects = await post(request, 'activity/question/getSubject', { questionId }, token);
  expect(JSON.stringify(subjects.data)).toContain('最喜欢的水果');

  await page.reload();
  const row = panel.getByTestId('api-token-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('报表同步脚本');
  await expect(row).toContainText('只读');
  await expect(row).toContainText(token.slice(0, 8));
  await expect(row).toContainText('最近使用');
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/list-desktop.png`, fullPage: true });
  expect.soft(await violationsOf(page), '/account with an API token').toEqual([]);

  const phonePage = await (await browserOf(browser, baseURL!, phone, { width: 390, height: 844 })).newPage();
  await phonePage.goto('/account');
  await expect(phonePage.getByTestId('api-token-row')).toHaveCount(1);
  expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phonePage.getByRole('heading', { name: 'API 令牌' }).scrollIntoViewIfNeeded();
  await phonePage.screenshot({ path: `${SHOTS}/list-phone.png`, fullPage: true });

  await row.getByRole('button', { name: '删除令牌 报表同步脚本' }).click();
  const confirm = page.getByRole('dialog', { name: '删除令牌' });
  await expect(confirm).toContainText('报表同步脚本');
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('令牌已删除')).toBeVisible();
  await expect(panel.getByText('还没有 API 令牌')).toBeVisible();
  expect((await post(request, 'question/statement/getStatement', { questionId }, token)).resultCode).toBe('401');
});

test('the API reference shows each group’s curl example and each call’s token scope', async ({ page }) => {
  await mkdir(SHOTS, { recursive: true });
  await page.goto('/api/docs');
  const tag = page.locator('.opblock-tag-section', { has: page.locator('.opblock-tag[data-tag="question/statement"]') });
  await expect(tag.locator('.opblock-tag')).toContainText('curl -X POST', { timeout: 60_000 });
  await expect(tag.locator('.opblock-tag')).toContainText("-H 'token: wjp_");
  await tag.locator('.opblock-tag').click();
  const call = tag.locator('.opblock').filter({ has: page.locator('[data-path="/api/question/statement/getStatement"]') });
  await call.locator('.opblock-summary-control').click();
  await expect(call.locator('.opblock-body')).toContainText('x-token-scope');
  await expect(call.locator('.opblock-body')).toContainText('read');
  await page.screenshot({ path: `${SHOTS}/api-docs-desktop.png` });
});
