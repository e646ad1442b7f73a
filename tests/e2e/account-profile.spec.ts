import { request as httpRequest } from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { codeFor, newPhone } from './support';
import { closeOtherContextsAfterEach } from './contexts';

const SHOTS = 'test-results/account-profile';
const PASSWORD = 'abc12345';
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

/**
 * A call to the lane server from another client address (127.0.0.2, also loopback): the SMS allowance is per phone
 * and requester (server/services/access/sms-codes.service.ts), so an account registered from another network
 * leaves this browser's one-a-minute allowance for its own phone untouched, as for a real user who signed up on
 * their phone and now works at their desk. The production limits stay as they are.
 */
function callFromElsewhere(baseURL: string, path: string, data: object): Promise<{ resultCode: string; resultMsg: string }> {
  const body = JSON.stringify(data);
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      {
        host: '127.0.0.1',
        port: new URL(baseURL).port,
        path: `/api/${path}`,
        method: 'POST',
        localAddress: '127.0.0.2',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve(JSON.parse(text)));
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

async function registerElsewhere(baseURL: string, request: APIRequestContext, phone: string) {
  expect((await callFromElsewhere(baseURL, 'activity/user/sendSms', { phone, type: 'register' })).resultCode).toBe('200');
  const code = await codeFor(request, phone);
  expect((await callFromElsewhere(baseURL, 'activity/user/register', { phone, code, password: PASSWORD })).resultCode).toBe('200');
}

// Issue 46 item 1 in a browser: the bound phone changed with a code to each number, the invite QR, and deleting the
// account, which signs the browser out and leaves a login that is refused.
test('change the bound phone with codes to both numbers, see the invite QR, delete the account', async ({ browser, baseURL, request }) => {
  const [oldPhone, newPhoneNo] = [newPhone(), newPhone()];
  await registerElsewhere(baseURL!, request, oldPhone);
  const context = await browser.newContext({ baseURL });
  expect((await (await context.request.post('/api/activity/user/userNameLogin', { data: { userName: oldPhone, password: PASSWORD } })).json()).resultCode).toBe(
    '200',
  );
  const page = await context.newPage();
  await page.goto('/account');
  await expect(page.getByTestId('account-phone')).toHaveText(masked(oldPhone));

  // The invite QR: the sign-up link with this user as inviter, drawn as a code.
  await expect(page.getByRole('img', { name: '邀请二维码' })).toBeVisible();
  await expect(page.getByTestId('invite-url')).toContainText('inviter=');

  await page.getByRole('button', { name: '更换手机号' }).click();
  const dialog = page.getByRole('dialog', { name: '更换手机号' });
  await expect(dialog.getByText(`验证码将发送到当前手机 ${masked(oldPhone)}`)).toBeVisible();
  const [oldSend, newSend] = [
    dialog.getByRole('button', { name: /获取验证码|秒后重发/ }).first(),
    dialog.getByRole('button', { name: /获取验证码|秒后重发/ }).last(),
  ];
  await oldSend.click();
  // The count starts once the code was sent: only then is the newest SMS to the old phone this one.
  await expect(oldSend).toHaveText(/秒后重发/);
  const oldCode = await codeFor(request, oldPhone);
  await dialog.getByLabel('新手机号').fill(newPhoneNo);
  await newSend.click();
  await expect(newSend).toHaveText(/秒后重发/);
  await dialog.getByLabel('当前手机验证码').fill(oldCode);
  await dialog.getByLabel('新手机验证码').fill(oldCode === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByRole('alert')).toContainText('验证码');
  await dialog.getByLabel('新手机验证码').fill(await codeFor(request, newPhoneNo));
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('手机号已更换，请使用新手机号登录').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('account-phone')).toHaveText(masked(newPhoneNo));
  await page.screenshot({ path: `${SHOTS}/phone-changed.png`, fullPage: true });
  // The old number no longer logs in; the new one does.
  const tryLogin = async (userName: string) =>
    (await (await request.post('/api/activity/user/userNameLogin', { data: { userName, password: PASSWORD } })).json()).resultCode;
  expect(await tryLogin(oldPhone)).not.toBe('200');
  expect(await tryLogin(newPhoneNo)).toBe('200');

  await page.getByRole('button', { name: '注销账号' }).click();
  const deletion = page.getByRole('dialog', { name: '注销账号' });
  await deletion.getByLabel('登录密码').fill(PASSWORD);
  await deletion.getByRole('checkbox').check();
  await deletion.getByRole('button', { name: '确认注销' }).click();
  await expect(page.getByText('账号已注销').first()).toBeVisible();
  await expect(page).toHaveURL(/\/(index|home)?$/);
  // Signed out here: a logged-in page sends this browser to the login screen.
  await page.goto('/activeManagement.html');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  // And the login is refused, with the new number as with the old.
  await page.getByRole('tab', { name: '密码登录' }).click();
  await page.getByLabel('账号').fill(newPhoneNo);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: '账号或密码错误' })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await context.close();
});

closeOtherContextsAfterEach();
