import { expect, test } from '@playwright/test';
import { DESKTOP, loginCreator, useToken } from './respond-support';
import { shooter } from './shots';

/**
 * The balance (issue 46): a new user recharges 100 元 through the sandbox cashier and is back on 账户充值 with the
 * new balance, buys 专业版 for a month from it on 会员中心, and 交易记录 lists both with their totals; the bell shows
 * both messages and the recharge one opens /info.html.
 */
const SHOTS = '/tmp/shots-account-money';

const shoot = shooter(SHOTS);

test('recharge 100 元 in the sandbox cashier, buy 专业版 monthly from the balance, both in 交易记录', async ({ page, request, baseURL }) => {
  await page.setViewportSize(DESKTOP);
  await useToken(page, await loginCreator(request), baseURL!);

  await page.goto('/accountRecharge/index.html');
  await expect(page.getByTestId('balance')).toHaveText('¥0.00');
  await expect(page.getByRole('radio', { name: '100 元' })).toHaveAttribute('aria-checked', 'true');
  await shoot(page, 'recharge');
  await page.getByRole('button', { name: '立即充值 ¥100.00' }).click();

  // The sandbox cashier, then back on the recharge page, which asks the server.
  await expect(page).toHaveURL(/\/pay\/sandbox\/R\d{20}$/);
  await expect(page.getByText('100.00').first()).toBeVisible();
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(/\/accountRecharge\/index\.html\?orderNo=R\d{20}$/);
  await expect(page.getByTestId('recharge-outcome')).toHaveText('充值成功：¥100.00 已到账，当前余额 ¥100.00');
  await expect(page.getByTestId('balance')).toHaveText('¥100.00');
  await shoot(page, 'recharged');

  await page.goto('/member/index.html?memberLevel=1');
  await expect(page.getByTestId('current-level')).toHaveText('免费版');
  await expect(page.getByTestId('member-balance')).toHaveText('¥100.00');
  await shoot(page, 'member');
  await page.getByRole('button', { name: '开通专业版' }).click();
  const dialog = page.getByRole('dialog', { name: '开通专业版' });
  await expect(dialog.getByTestId('dialog-balance')).toHaveText('¥100.00');
  await dialog.getByRole('button', { name: '确认支付 ¥29.00' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('current-level')).toHaveText('专业版');
  await expect(page.getByTestId('current-expiry')).toContainText('至 ');
  await expect(page.getByTestId('member-balance')).toHaveText('¥71.00');
  await expect(page.getByRole('button', { name: '续费专业版' })).toBeVisible();
  await shoot(page, 'member-bought');

  await page.goto('/transactionsRecord/index.html');
  const rows = page.getByTestId('transaction-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('专业版（包月）');
  await expect(rows.nth(0).getByTestId('transaction-amount')).toHaveText('-¥29.00');
  await expect(rows.nth(1)).toContainText('账户充值 100.00 元');
  await expect(rows.nth(1).getByTestId('transaction-amount')).toHaveText('+¥100.00');
  await expect(page.getByTestId('total-balance')).toHaveText('¥71.00');
  await expect(page.getByTestId('total-recharged')).toHaveText('¥100.00');
  await expect(page.getByTestId('total-spent')).toHaveText('¥29.00');
  await shoot(page, 'transactions');

  // The bell (issue 46 item 4): the recharge and the membership each wrote a message; the payment one opens /info.html.
  const bell = page.getByRole('banner').getByRole('button', { name: '消息通知' });
  await expect(bell).toHaveText('2');
  await bell.click();
  const popover = page.getByRole('dialog', { name: '消息通知' });
  await expect(popover.getByRole('button', { name: /会员已开通：专业版（包月）/ })).toBeVisible();
  await shoot(page, 'bell');
  await popover.getByRole('button', { name: /充值成功：100\.00 元已到账/ }).click();
  await expect(page).toHaveURL(/\/info\.html$/);
  await expect(bell).toHaveText('1');
  await expect(page.getByTestId('info-message')).toHaveCount(2);
  await expect(page.getByTestId('info-message').nth(1)).toHaveAttribute('data-read', 'true');
  await expect(page.getByTestId('info-recharge')).toContainText('¥100.00 · 已到账');
  await shoot(page, 'info');
});
