import { expect, test } from '@playwright/test';
import { closeOtherContextsAfterEach } from './contexts';
import { PHONE, loginCreator, options, publish, subject, useToken } from './respond-support';
import { codeFor, newPhone } from './support';

const SHOTS = '/tmp/shots-whitelist';
closeOtherContextsAfterEach();

test('a whitelisted exam (by phone) refuses a phone not on the list and accepts one on it; the entry then shows 已作答', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const token = await loginCreator(request);
  const q = subject(1, { title: '2+2=?', score: 10, options: [...options('3'), { uuid: 'wl-right', title: '4', isCorrect: true }] });
  const questionId = await publish(request, token, { title: '岗前考试', questionType: 2, subjects: [q] });
  const listed = newPhone();
  const stranger = newPhone();

  // The creator lists one phone on /whiteUser.html and turns the whitelist on.
  await useToken(page, token, baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/whiteUser.html?questionId=${questionId}`);
  await expect(page.getByText('还没有白名单')).toBeVisible();
  await page.getByRole('button', { name: '添加白名单' }).first().click();
  await page.getByLabel('粘贴名单').fill(`${listed} 张三\n12345`);
  await page.getByRole('button', { name: '添加', exact: true }).click();
  await expect(page.getByTestId('white-add-result')).toContainText('新增 1 条');
  await expect(page.getByTestId('white-add-result')).toContainText('第 2 行「12345」：请输入正确的手机号');
  await page.getByRole('button', { name: '完成' }).click();
  await page.getByRole('button', { name: '开启白名单' }).click();
  await expect(page.getByTestId('white-state')).toHaveText('已开启');
  await expect(page.getByTestId('white-table')).toContainText('未作答');
  await page.screenshot({ path: `${SHOTS}/white-user-desktop.png`, fullPage: true });

  // A respondent whose phone is not listed is refused at the gate, before any SMS.
  const context = await browser.newContext({ viewport: PHONE });
  const phone = await context.newPage();
  await phone.goto(`/s/${questionId}`);
  const gate = phone.getByTestId('white-gate');
  await expect(gate).toContainText('本问卷仅限白名单中的手机号作答');
  await expect(phone.getByRole('group', { name: /2\+2=\?/ })).toHaveCount(0);
  await gate.getByLabel('手机号').fill(stranger);
  await gate.getByRole('button', { name: '获取验证码' }).click();
  await expect(gate.getByRole('alert')).toHaveText('您不在本问卷的白名单中，无法作答');
  await phone.screenshot({ path: `${SHOTS}/gate-refused-phone.png`, fullPage: true });

  // The listed phone proves itself with the SMS code and answers.
  await gate.getByLabel('手机号').fill(listed);
  await gate.getByRole('button', { name: '获取验证码' }).click();
  await expect(gate.getByRole('status')).toHaveText('验证码已发送，请查看短信');
  await gate.getByLabel('短信验证码').fill(await codeFor(request, listed));
  await gate.getByRole('button', { name: '验证并开始作答' }).click();
  await phone
    .getByRole('group', { name: /2\+2=\?/ })
    .getByText('4', { exact: true })
    .click();
  await phone.getByRole('button', { name: '提交', exact: true }).click();
  await expect(phone.getByRole('heading', { name: '提交成功' })).toBeVisible();
  await context.close();

  // The entry shows 已作答 with its sheet.
  await page.reload();
  const row = page.getByTestId('white-table').getByRole('row', { name: new RegExp(listed) });
  await expect(row).toContainText('已作答');
  await expect(row.getByRole('link', { name: '查看答卷' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/white-user-answered.png`, fullPage: true });
});
