import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiCall } from './editor-model';
import { closeOtherContextsAfterEach } from './contexts';
import { PHONE, loginCreator, subject, useToken } from './respond-support';

// Issue 49's small gaps in the browser: 禁止复制粘贴 switched on in the settings screen refuses a real paste on the
// answering page; the release page's 小程序码 card makes the code against the lane's fake mini-program.
const SHOTS = '/tmp/shots-tools49';
mkdirSync(SHOTS, { recursive: true });
closeOtherContextsAfterEach();

test('禁止复制粘贴: switched on in the settings, a paste on the phone is refused with the hint', async ({ browser, page, request, baseURL }) => {
  test.setTimeout(120_000);
  const token = await loginCreator(request);
  const created = await apiCall(
    request,
    'activity/question/saveOrUpdateWxQuestion',
    { title: '防作弊测验', questionType: 1, subjects: [subject(6, { title: '请写下您的看法', required: false })] },
    token,
  );
  const questionId = (created.data as { questionId: string }).questionId;
  await useToken(page, token, baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/questionnaire/setting.html?questionId=${questionId}`);
  const card = page.locator('section', { has: page.getByRole('heading', { name: '防作弊' }) });
  await card.getByRole('switch', { name: '禁止复制粘贴' }).check();
  await card.getByRole('textbox', { name: '切屏限制' }).fill('3');
  await card.getByRole('textbox', { name: '切屏限制' }).blur();
  await expect
    .poll(async () => (await apiCall(request, 'activity/question/getWxQuestionSetting', { questionId }, token)).data as { settings: Record<string, unknown> }, {
      timeout: 15_000,
    })
    .toMatchObject({ settings: { noCopyPaste: true, leaveLimit: 3 } });
  await card.screenshot({ path: `${SHOTS}/anti-cheat-card.png` });
  expect((await apiCall(request, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token)).resultCode).toBe('200');

  const context = await browser.newContext({ viewport: PHONE, permissions: ['clipboard-read', 'clipboard-write'] });
  const phone = await context.newPage();
  await phone.goto(`/s/${questionId}`);
  const field = phone.getByRole('group', { name: /请写下您的看法/ }).getByRole('textbox');
  await field.fill('自己写的');
  await phone.evaluate(() => navigator.clipboard.writeText('网上抄来的答案'));
  await field.press('End');
  await field.press('ControlOrMeta+V');
  await expect(phone.getByRole('status').filter({ hasText: '本问卷禁止复制粘贴' })).toBeVisible();
  await expect(field).toHaveValue('自己写的');
  await phone.screenshot({ path: `${SHOTS}/paste-refused-390.png` });
});

test('小程序码: the release page makes the code and the mini-program link', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const token = await loginCreator(request);
  const created = await apiCall(
    request,
    'activity/question/saveOrUpdateWxQuestion',
    {
      title: '门店满意度',
      questionType: 1,
      subjects: [
        subject(1, {
          title: '满意吗',
          options: [
            { uuid: 'y', title: '满意' },
            { uuid: 'n', title: '不满意' },
          ],
        }),
      ],
    },
    token,
  );
  const questionId = (created.data as { questionId: string }).questionId;
  await useToken(page, token, baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/questionnaire/release.html?questionId=${questionId}`);
  const card = page.locator('section', { has: page.getByRole('heading', { name: '小程序码' }) });
  await card.getByRole('button', { name: '生成小程序码' }).click();
  const code = card.getByRole('img', { name: '问卷小程序码' });
  await expect(code).toBeVisible();
  await expect.poll(() => code.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(card.getByRole('button', { name: '下载小程序码' })).toBeVisible();
  await expect(card.getByRole('button', { name: '复制小程序链接' })).toBeVisible();
  await card.screenshot({ path: `${SHOTS}/applet-code-card.png` });
});
