import { expect, test } from '@playwright/test';
import { DESKTOP, loginCreator, useToken } from './respond-support';
import { shooter } from './shots';

/**
 * Coupons and invoices (issue 46, 46f): a new user recharges 100 元 in the sandbox cashier, receives the 新用户
 * coupon in 我的优惠券, buys 专业版 for a month with it (29 元 less 10 元), sees the price cut in 交易记录 and the
 * coupon 已使用; then asks an invoice for the recharge on /info.html (申请中) and revokes it.
 */
const SHOTS = '/tmp/shots-coupons-invoices';

const shoot = shooter(SHOTS);

test('receive a coupon, buy 专业版 with it, see the price cut and the coupon used; request and revoke an invoice', async ({ page, request, baseURL }) => {
  await page.setViewportSize(DESKTOP);
  await useToken(page, await loginCreator(request), baseURL!);

  await page.goto('/accountRecharge/index.html');
  await page.getByRole('button', { name: '立即充值 ¥100.00' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/R\d{20}$/);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByTestId('balance')).toHaveText('¥100.00');

  await page.goto('/transactionsRecord/index.html');
  const panel = page.getByRole('region', { name: '我的优惠券' });
  await expect(panel.getByTestId('my-coupon')).toHaveCount(0);
  await panel.getByRole('button', { name: '立即领取：新用户专享券' }).click();
  await expect(panel.getByRole('button', { name: '已领取：新用户专享券' })).toBeDisabled();
  await expect(panel.getByTestId('my-coupon')).toHaveCount(1);
  await expect(panel.getByTestId('my-coupon')).toContainText('无门槛');
  await shoot(page, 'coupons');

  await page.goto('/member/index.html');
  await page.getByRole('button', { name: '开通专业版' }).click();
  const dialog = page.getByRole('dialog', { name: '开通专业版' });
  await expect(dialog.getByRole('radio', { name: /新用户专享券/ })).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByTestId('dialog-price')).toContainText('¥19.00');
  await shoot(page, 'buy-with-coupon');
  await dialog.getByRole('button', { name: '确认支付 ¥19.00' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('current-level')).toHaveText('专业版');
  await expect(page.getByTestId('member-balance')).toHaveText('¥81.00');

  await page.goto('/transactionsRecord/index.html');
  const rows = page.getByTestId('transaction-row');
  await expect(rows.nth(0)).toContainText('专业版（包月）（优惠券抵扣 10.00 元）');
  await expect(rows.nth(0).getByTestId('transaction-amount')).toHaveText('-¥19.00');
  await expect(page.getByTestId('total-spent')).toHaveText('¥19.00');
  await panel.getByRole('radio', { name: /已使用/ }).click();
  await expect(panel.getByTestId('my-coupon')).toContainText('已用于订单 B');
  await shoot(page, 'coupon-used');

  await page.goto('/info.html');
  const recharge = page.getByTestId('info-recharge');
  await recharge.getByRole('button', { name: '申请发票' }).click();
  const invoice = page.getByRole('dialog', { name: '申请发票' });
  await expect(invoice).toContainText('开票金额 ¥100.00');
  await invoice.getByRole('textbox', { name: '发票抬头' }).fill('张三');
  await invoice.getByRole('textbox', { name: '接收邮箱' }).fill('zhang');
  await invoice.getByRole('button', { name: '提交申请' }).click();
  await expect(invoice.getByText('请填写正确的邮箱地址')).toBeVisible();
  await invoice.getByRole('textbox', { name: '接收邮箱' }).fill('zhang@example.com');
  await shoot(page, 'invoice-form');
  await invoice.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByRole('dialog', { name: '发票申请' }).getByTestId('invoice-details')).toContainText('申请中');
  await shoot(page, 'invoice-requested');
  await page.getByRole('dialog', { name: '发票申请' }).getByRole('button', { name: '撤销申请' }).click();
  await expect(page.getByRole('dialog', { name: '申请发票' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(recharge.getByRole('button', { name: '申请发票' })).toBeVisible();
});
