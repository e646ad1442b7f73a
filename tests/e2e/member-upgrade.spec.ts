import { expect, test } from '@playwright/test';
import { DESKTOP, loginCreator, useToken } from './respond-support';
import { shooter } from './shots';

/**
 * The limit dialog's journey (issue 46 acceptance, helper 46e): a free user who created 20 projects today is
 * stopped by the §8 dialog, whose 升级版本 opens 会员中心; 专业版 is paid straight through the sandbox cashier (not
 * from the balance), the result page asks the order and shows it, and the first tab creates again at once. The
 * bell shows the payment message, and clicking it opens /info.html.
 */
const SHOTS = '/tmp/shots-member-upgrade';

const shoot = shooter(SHOTS);

test('daily limit → 升级版本 → 专业版 through the sandbox cashier → creates again at once; the bell opens /info.html', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await page.setViewportSize(DESKTOP);
  const token = await loginCreator(request);
  // The free level's 20 projects of the day, through the same call the create page uses.
  for (let i = 1; i <= 20; i++) {
    const answer = await request.post(`${baseURL}/api/activity/question/saveOrUpdateWxQuestion`, {
      headers: { token },
      data: { questionType: 1, title: `今日项目${i}` },
    });
    expect(((await answer.json()) as { data: { isCreate: number } }).data.isCreate).toBe(1);
  }
  await useToken(page, token, baseURL!);

  await page.goto('/questionnaire/create.html');
  await page.getByLabel('问卷标题').fill('第二十一个项目');
  await page.getByRole('button', { name: '立即创建' }).click();
  const limit = page.getByRole('dialog');
  await expect(limit).toContainText('免费版每天最多支持创建20个项目，请升级版本');
  const [member] = await Promise.all([context.waitForEvent('page'), limit.getByRole('button', { name: '升级版本' }).click()]);
  await member.setViewportSize(DESKTOP);
  await expect(member).toHaveURL(/\/member\/index\.html\?memberLevel=1$/);
  await expect(member.getByTestId('current-level')).toHaveText('免费版');
  await expect(member.getByTestId('member-balance')).toHaveText('¥0.00');

  // 开通专业版, paid through a provider instead of the (empty) balance.
  await member.getByRole('button', { name: '开通专业版' }).click();
  const dialog = member.getByRole('dialog', { name: '开通专业版' });
  await expect(dialog.getByRole('link', { name: '去充值' })).toBeVisible();
  await dialog.getByRole('radio', { name: '支付宝' }).click();
  await expect(dialog.getByText('通过支付宝付款，到账后自动开通')).toBeVisible();
  await shoot(member, 'dialog');
  await dialog.getByRole('link', { name: '去支付 ¥29.00' }).click();
  await expect(member).toHaveURL(/\/alipay\?packageId=member-2-month&method=alipay$/);
  await expect(member.getByTestId('purchase-title')).toHaveText('专业版（包月）');
  await expect(member.getByRole('radio', { name: '支付宝' })).toHaveAttribute('aria-checked', 'true');
  await shoot(member, 'pay');
  await member.getByRole('button', { name: '立即支付 ¥29.00' }).click();

  await expect(member).toHaveURL(/\/pay\/sandbox\/R\d{20}$/);
  await member.getByRole('button', { name: '确认支付' }).click();
  await expect(member).toHaveURL(/\/alipaySuccess\?orderNo=R\d{20}$/);
  await expect(member.getByTestId('purchase-outcome')).toContainText('支付成功：专业版（包月）已开通，实付 ¥29.00');
  await shoot(member, 'result');

  // The first tab creates again at once: the limit follows the level on the server.
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('button', { name: '立即创建' }).click();
  await expect(page).toHaveURL(/questionId=/);

  // The bell: the payment's message (newsType 10) opens /info.html; membership wrote its own (12).
  await member.goto('/member/index.html');
  await expect(member.getByTestId('current-level')).toHaveText('专业版');
  const bell = member.getByRole('banner').getByRole('button', { name: '消息通知' });
  await expect(bell).toHaveText('2');
  await bell.click();
  const popover = member.getByRole('dialog', { name: '消息通知' });
  await expect(popover.getByRole('button', { name: /会员已开通：专业版（包月）/ })).toBeVisible();
  await popover.getByRole('button', { name: /支付成功：专业版（包月），已支付 29\.00 元/ }).click();
  await expect(member).toHaveURL(/\/info\.html$/);
  await expect(bell).toHaveText('1');

  await member.goto('/transactionsRecord/index.html');
  const rows = member.getByTestId('transaction-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByTestId('transaction-amount')).toHaveText('-¥29.00');
  await expect(rows.nth(1)).toContainText('在线支付：专业版（包月）');
  await expect(rows.nth(1).getByTestId('transaction-amount')).toHaveText('+¥29.00');
});
