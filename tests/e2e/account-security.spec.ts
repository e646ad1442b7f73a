import { expect, test, type Browser } from '@playwright/test';
import { violationsOf } from './axe-check';
import { codeFor, newPhone } from './support';
import { closeOtherContextsAfterEach } from './contexts';

const SHOTS = 'test-results/account-security';

/** A browser of its own, logged in with the password (the answer sets the HttpOnly session cookie in it). */
async function loggedInBrowser(browser: Browser, baseURL: string, phone: string, password: string) {
  // bypassCSP: the axe check injects its script (the pages' CSP forbids inline ones).
  const context = await browser.newContext({ baseURL, bypassCSP: true });
  const answer = await (await context.request.post('/api/activity/user/userNameLogin', { data: { userName: phone, password } })).json();
  expect(answer.resultCode).toBe('200');
  return context;
}

test('changing the password in one browser signs the other out: its next navigation lands on /login', async ({ browser, request, baseURL }) => {
  const phone = newPhone();
  await request.post('/api/activity/user/sendSms', { data: { phone, type: 'register' } });
  const registered = await (
    await request.post('/api/activity/user/register', { data: { phone, code: await codeFor(request, phone), password: 'abc12345' } })
  ).json();
  expect(registered.resultCode).toBe('200');

  const here = await loggedInBrowser(browser, baseURL!, phone, 'abc12345');
  const there = await loggedInBrowser(browser, baseURL!, phone, 'abc12345');
  const [a, b] = [await here.newPage(), await there.newPage()];

  await b.goto('/account');
  await expect(b.getByRole('heading', { name: '账号设置' })).toBeVisible();
  await a.goto('/account');
  // The registration's session and the two browsers'.
  await expect(a.getByTestId('session-row')).toHaveCount(3);
  await expect(a.getByTestId('session-row').filter({ hasText: '当前设备' })).toHaveCount(1);
  await a.screenshot({ path: `${SHOTS}/account-desktop.png`, fullPage: true });
  expect.soft(await violationsOf(a), '/account (logged in)').toEqual([]);

  await a.getByRole('button', { name: '修改密码' }).click();
  const dialog = a.getByRole('dialog', { name: '修改密码' });
  await dialog.getByRole('radio', { name: '短信验证' }).click();
  await expect(dialog.getByText(/验证码将发送到绑定手机 137\*{4}/)).toBeVisible();
  expect.soft(await violationsOf(a), '/account 修改密码 dialog').toEqual([]);
  await dialog.getByRole('radio', { name: '原密码验证' }).click();
  await dialog.getByLabel('原密码').fill('wrong1234');
  await dialog.getByLabel('新密码', { exact: true }).fill('new12345');
  await dialog.getByLabel('确认新密码').fill('new12345');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('原密码错误');
  await dialog.getByLabel('原密码').fill('abc12345');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(a.getByText('密码修改成功，其他设备已退出登录').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(a.getByTestId('session-row')).toHaveCount(1);

  // The other browser's token is dead: its next navigation to a logged-in page goes to the login screen.
  await b.goto('/activeManagement.html');
  await expect(b).toHaveURL(/\/login(\?|$)/);
  // This one stays logged in.
  await a.goto('/activeManagement.html');
  await expect(a).toHaveURL(/\/activeManagement\.html$/);

  await a.setViewportSize({ width: 390, height: 844 });
  await a.goto('/account');
  await expect(a.getByTestId('session-row')).toHaveCount(1);
  await a.screenshot({ path: `${SHOTS}/account-390.png`, fullPage: true });
  await a.getByRole('button', { name: '修改密码' }).click();
  await a.getByRole('dialog').evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((each) => each.finished)));
  await a.screenshot({ path: `${SHOTS}/password-dialog-390.png` });
  await here.close();
  await there.close();
});

closeOtherContextsAfterEach();
