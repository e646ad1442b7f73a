import { expect, test } from '@playwright/test';
import { codeFor, newPhone } from './support';
import { apiCall, createProject, demoToken, signIn } from './editor-model';
import { closeOtherContextsAfterEach } from './contexts';

test.afterEach(async ({ request }) => {
  await apiCall(request, 'dev/clock', { offsetDays: 0 });
});

test('invite with "can view", join after logging in, raise to edit in the members panel, revoke and close links, and an expired link lands on the error page', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const ownerToken = await demoToken(request);
  const questionId = await createProject(request, ownerToken, '协作测试项目');

  // The owner copies a "can view" invitation from the editor's 协作 popover.
  const ownerContext = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  await signIn(ownerContext, baseURL!, ownerToken);
  const owner = await ownerContext.newPage();
  await owner.goto(`/questionnaire/edit/subject.html?questionId=${questionId}`);
  await owner.getByRole('button', { name: '协作' }).click();
  await owner.getByRole('radio', { name: '加入团队后可查看' }).check();
  await owner.getByRole('button', { name: '复制邀请链接' }).click();
  await expect(owner.getByText('复制成功')).toBeVisible();
  const copied = await owner.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('协作测试项目');
  expect(copied).toContain('请在电脑浏览器中打开链接');
  const link = copied.match(/https?:\/\/\S+cooperation\.html\?work_code=[\w-]+/)![0];
  // The flag disappears after 3 seconds.
  await expect(owner.getByText('复制成功')).toBeHidden({ timeout: 5_000 });

  // The invitee opens the link logged out, logs in with an SMS code and lands in the project with view power.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(new URL(link).pathname + new URL(link).search);
  await expect(guest).toHaveURL(/\/login\?redirect=/);
  const phone = newPhone();
  await guest.getByLabel('手机号').fill(phone);
  await guest.getByRole('button', { name: '获取验证码' }).click();
  await guest.getByLabel('验证码').fill(await codeFor(request, phone));
  await guest.getByRole('button', { name: '登录', exact: true }).click();
  await expect(guest).toHaveURL(new RegExp(`/questionnaire/report\\.html\\?questionId=${questionId}`));

  await guest.goto(`/questionnaire/edit/subject.html?questionId=${questionId}`);
  const tabs = guest.getByRole('navigation', { name: '项目' });
  await expect(tabs.getByRole('link', { name: '报告' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: '编辑' })).toHaveCount(0);
  await expect(guest.getByText('您对此项目只有查看权限')).toBeVisible();
  const guestToken = (await guestContext.cookies()).find((c) => c.name === 'token')!.value;
  const refused = await apiCall(request, 'activity/question/updateWxQuestion', { questionId, title: '改名' }, guestToken);
  expect(refused.resultCode).toBe('403');

  // The owner raises the power to edit in the 协作 popover's members panel; the invitee can now edit.
  await owner.reload();
  await owner.getByRole('button', { name: '协作' }).click();
  const members = owner.getByRole('region', { name: '协作成员' });
  await expect(members.getByRole('listitem')).toHaveCount(2);
  const guestPower = members.getByRole('combobox', { name: /的权限$/ });
  await expect(guestPower).toHaveValue('3');
  await guestPower.selectOption({ label: '可编辑' });
  await expect(owner.getByText('权限已修改')).toBeVisible();
  await expect(guestPower).toHaveValue('2');
  await guest.reload();
  await expect(tabs.getByRole('link', { name: '编辑' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: '报告' })).toHaveCount(0);
  expect((await apiCall(request, 'activity/question/updateWxQuestion', { questionId, title: '协作者改过的标题' }, guestToken)).resultCode).toBe('200');
  // The collaborator sees the team from the 成员 button (the 协作 popover is the creator's).
  await expect(guest.getByRole('button', { name: '协作' })).toHaveCount(0);
  await guest.getByRole('button', { name: '成员' }).click();
  await expect(guest.getByRole('region', { name: '协作成员' }).getByText('创建者')).toBeVisible();
  await guest.keyboard.press('Escape');

  // 重置链接 revokes the link sent earlier; closing 允许通过邀请链接加入 disables copying and refuses the fresh link.
  await owner.getByRole('button', { name: '重置链接' }).click();
  await owner.getByRole('button', { name: '确认重置' }).click();
  await expect(owner.getByText('复制成功')).toBeVisible();
  const fresh = (await owner.evaluate(() => navigator.clipboard.readText())).match(/https?:\/\/\S+cooperation\.html\?work_code=[\w-]+/)![0];
  expect(fresh).not.toBe(link);
  await guest.goto(new URL(link).pathname + new URL(link).search);
  await expect(guest).toHaveURL(/\/cooperationError\.html\?reason=revoked/);
  await expect(guest.getByRole('main').getByText('邀请链接已失效，请联系项目创建者重新邀请')).toBeVisible();
  await owner.getByRole('switch', { name: '允许通过邀请链接加入' }).click();
  await expect(owner.getByRole('button', { name: '复制邀请链接' })).toBeDisabled();
  await expect(owner.getByText('已关闭通过邀请链接加入，开启上方开关后才能复制邀请链接')).toBeVisible();
  await guest.goto(new URL(fresh).pathname + new URL(fresh).search);
  await expect(guest).toHaveURL(/\/cooperationError\.html\?reason=closed/);
  // The toasts sit below the header, over the panel's top; one under the pointer stays while hovered (as a reader
  // would keep it): the pointer moves off, as a hand does, and the toast leaves before the switch is used again.
  await owner.mouse.move(0, 0);
  await expect(owner.getByText('链接已重置，之前的 1 个邀请链接已失效')).toBeHidden();
  await owner.getByRole('switch', { name: '允许通过邀请链接加入' }).click();
  await expect(owner.getByRole('button', { name: '复制邀请链接' })).toBeEnabled();

  // A link used 8 days later has expired.
  const code = (await apiCall(request, 'activity/question/getTeamWorkCode', { questionId, powerType: 3 }, ownerToken)).data as { workCode: string };
  await apiCall(request, 'dev/clock', { offsetDays: 8 });
  await guest.goto(`/cooperation.html?work_code=${code.workCode}`);
  await expect(guest).toHaveURL(/\/cooperationError\.html\?reason=expired/);
  await expect(guest.getByRole('main').getByText('邀请链接已过期，请联系项目创建者重新邀请')).toBeVisible();
  await ownerContext.close();
  await guestContext.close();
});

closeOtherContextsAfterEach();
