import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE, loginCreator, options, publish, subject, useToken } from './respond-support';
import { shooter } from './shots';

/**
 * The packages (issue 46, 46g): a new user recharges 100 元 in the sandbox cashier, buys an SMS package on
 * /buySmsAccound.html and sees both in 交易记录; buys ad removal on /buyAdvAccound.html, switches 去广告 on in a
 * project's settings, and the respondent page no longer shows the brand footer.
 */
const SHOTS = '/tmp/shots-packages';

const shoot = shooter(SHOTS);

test('recharge 100 元, buy 100 SMS and ad removal from the balance, 去广告 drops the respondent footer', async ({ page, request, baseURL }) => {
  await page.setViewportSize(DESKTOP);
  const token = await loginCreator(request);
  await useToken(page, token, baseURL!);

  await page.goto('/accountRecharge/index.html');
  await page.getByRole('button', { name: '立即充值 ¥100.00' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/R\d{20}$/);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByTestId('balance')).toHaveText('¥100.00');

  await page.goto('/buySmsAccound.html');
  await expect(page.getByRole('heading', { name: '购买短信条数' })).toBeVisible();
  await expect(page.getByTestId('quota-left')).toHaveText('0 条');
  await expect(page.getByTestId('package-balance')).toHaveText('¥100.00');
  await shoot(page, 'buy-sms');
  await page.getByRole('region', { name: '短信条数 100条' }).getByRole('button', { name: '立即购买' }).click();
  const dialog = page.getByRole('dialog', { name: '购买短信条数 100条' });
  await dialog.getByRole('button', { name: '确认支付 ¥8.00' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('quota-left')).toHaveText('100 条');
  await expect(page.getByTestId('package-balance')).toHaveText('¥92.00');

  await page.goto('/transactionsRecord/index.html');
  const rows = page.getByTestId('transaction-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('短信条数 100条');
  await expect(rows.nth(0).getByTestId('transaction-amount')).toHaveText('-¥8.00');
  await expect(rows.nth(1).getByTestId('transaction-amount')).toHaveText('+¥100.00');

  // A 300-元 package is more than the balance: the dialog offers 去充值 instead of paying.
  await page.goto('/buySmsAccound.html');
  await page.getByRole('region', { name: '短信条数 5000条' }).getByRole('button', { name: '立即购买' }).click();
  const short = page.getByRole('dialog', { name: '购买短信条数 5000条' });
  await expect(short.getByRole('alert')).toHaveText('余额不足：当前余额 92.00 元，需支付 300.00 元，请先充值');
  await expect(short.getByRole('link', { name: '去充值' })).toBeVisible();
  await short.getByRole('button', { name: '取消' }).click();

  await page.goto('/buyAdvAccound.html');
  await expect(page.getByTestId('quota-left')).toHaveText('0 个项目');
  await page.getByRole('region', { name: '去广告 1个项目' }).getByRole('button', { name: '立即购买' }).click();
  await page.getByRole('dialog', { name: '购买去广告 1个项目' }).getByRole('button', { name: '确认支付 ¥30.00' }).click();
  await expect(page.getByTestId('quota-left')).toHaveText('1 个项目');
  await expect(page.getByTestId('package-balance')).toHaveText('¥62.00');
  await shoot(page, 'buy-advert');

  const single = subject(1, { title: '您最常用的功能', options: options('问卷', '投票') });
  const questionId = await publish(request, token, { title: '去广告测试', questionType: 1, subjects: [single] });
  await page.goto(`/s/${questionId}`);
  await expect(page.getByRole('heading', { name: '去广告测试' })).toBeVisible();
  await expect(page.getByText('提供技术支持')).toBeVisible();

  await page.goto(`/questionnaire/edit/setting.html?questionId=${questionId}`);
  // The project collects: the editor's reminder comes first; 去广告 is not an edit of the questions, so 取消 is enough.
  await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '取消' }).click();
  // A click while the reminder is still closing lands on its fading overlay: wait until it is gone.
  await expect(page.getByRole('dialog', { name: '提示' })).toBeHidden();
  const advert = page.getByRole('switch', { name: '去广告' });
  await expect(advert).not.toBeChecked();
  await advert.check();
  await expect(page.getByText('已开启去广告，扣除 1 个项目，剩余 0 个')).toBeVisible();
  await expect(advert).toBeChecked();
  await page.screenshot({ path: `${SHOTS}/desktop-setting.png`, fullPage: true });

  await page.goto(`/s/${questionId}`);
  await expect(page.getByRole('heading', { name: '去广告测试' })).toBeVisible();
  await expect(page.getByText('提供技术支持')).toHaveCount(0);
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/phone-respondent.png`, fullPage: true });
});
