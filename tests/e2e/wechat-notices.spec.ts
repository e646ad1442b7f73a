import { expect, test } from '@playwright/test';
import { codeFor, newPhone } from './support';
import { bindOfficialAccount, chooseTemplate, expectTemplateKept, waitForWechatPlatform } from './wechat-support';
import { closeOtherContextsAfterEach } from './contexts';

/**
 * Issue 47 item 4 against the fake WeChat this lane's server talks to (tests/e2e/serve-with-fake-wechat.ts): the
 * owner binds an official account, opens 通知模板 on its row, and chooses for 候补转正 one of the account's own
 * templates as WeChat lists them; the choice is kept (read again after a reload), on a desktop and a phone.
 */
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`an owner chooses the template message each notice kind is sent with (${viewport.width} px)`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL, bypassCSP: true, viewport });
    const phone = newPhone();
    await context.request.post('/api/activity/user/sendSms', { data: { phone } });
    const login = await (await context.request.post('/api/activity/user/login', { data: { phone, code: await codeFor(context.request, phone) } })).json();
    expect(login.resultCode).toBe('200');
    const page = await context.newPage();
    await waitForWechatPlatform(context.request);
    await bindOfficialAccount(page);

    const dialog = await chooseTemplate(page, /候补转正/);
    await expect(dialog.getByText(/活动名称：\{\{thing1\.DATA\}\}/)).toBeVisible();
    await page.screenshot({ path: `test-results/wechat-notice-templates-${viewport.width}.png`, fullPage: true });

    await expectTemplateKept(page, /候补转正/);
    await expect(page.getByRole('dialog').getByLabel(/可以取货/)).toHaveValue('');
    await context.close();
  });
}

closeOtherContextsAfterEach();
