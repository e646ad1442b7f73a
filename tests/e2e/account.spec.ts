import { expect, test } from '@playwright/test';
import { codeFor, I, newPhone } from './support';

test('register with an SMS code, log out, log in with the password, land back on a protected page', async ({ page, request }) => {
  const phone = newPhone();
  const me = I(page);
  await me.openRegister();
  await me.fillPhone(phone);
  await me.sendCode();
  await page.getByLabel('验证码').fill(await codeFor(request, phone));
  await page.getByLabel('密码').fill('abc12345');
  await me.submit('注册');
  await expect(page).toHaveURL(/\/activeManagement\.html$/);
  // The token is an HttpOnly cookie set by the server: the page's scripts see only the flag without a secret.
  const token = (await page.context().cookies()).find((c) => c.name === 'token');
  expect(token).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  expect(token!.expires * 1000 - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
  const visible = await page.evaluate(() => document.cookie);
  expect(visible).toMatch(/(^|;\s*)wj_login=1/);
  expect(visible).not.toMatch(/(^|;\s*)token=/);

  // Log out from the avatar menu on a work page.
  await page.goto('/activeManagement.html');
  await page
    .getByRole('button', { name: /用户|账号|头像/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await me.seeToast('退出成功');
  await expect(page).toHaveURL(/\/home$|\/index/);
  expect((await page.context().cookies()).filter((c) => c.name === 'token' || c.name === 'wj_login')).toEqual([]);

  // A protected URL while logged out goes to the login screen and comes back after login.
  await page.goto('/questionnaire/list.html?tab=2');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByRole('tab', { name: '密码登录' }).click();
  await page.getByLabel('账号').fill(phone);
  await page.getByLabel('密码', { exact: true }).fill('abc12345');
  await me.submit('登录');
  await expect(page).toHaveURL(/\/questionnaire\/list\.html\?tab=2$/);
});

test('a wrong code shows a clear message and the sixth try is refused', async ({ page, request }) => {
  const phone = newPhone();
  const me = I(page);
  await page.goto('/login');
  await me.fillPhone(phone);
  await me.sendCode();
  const code = await codeFor(request, phone);
  const wrong = code === '000000' ? '111111' : '000000';
  for (let i = 0; i < 5; i++) {
    await page.getByLabel('验证码').fill(wrong);
    await me.submit('登录');
    await expect(page.getByText('验证码错误或已失效').first()).toBeVisible();
  }
  await page.getByLabel('验证码').fill(code);
  await me.submit('登录');
  await expect(page.getByText('验证码错误次数过多，请重新获取').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('two brands: the same build at two hosts shows two brand names', async ({ page }) => {
  const port = new URL(test.info().project.use.baseURL!).port;
  await page.goto(`http://localhost:${port}/`);
  await expect(page).toHaveTitle(/问卷通/);
  await expect(page.getByText(/问卷通一个平台全部搞定/)).toBeVisible();
  await page.goto(`http://toupiao.localhost:${port}/`);
  await expect(page).toHaveTitle(/投票通/);
  await expect(page.getByText(/投票通一个平台全部搞定/)).toBeVisible();
  await page.goto(`http://toupiao.localhost:${port}/help.html`);
  await expect(page).toHaveTitle(/ - 投票通$/);
});
