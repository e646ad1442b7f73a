import { expect, test, type APIRequestContext } from '@playwright/test';
import { violationsOf, withAxe } from './axe-check';
import { settle } from './built-routes';
import { apiCall } from './editor-model';
import { DESKTOP, loginCreator, useToken } from './respond-support';
import { shooter } from './shots';

/**
 * 礼品发货 (issue 51 follow-up): a user exchanges a gift; on /operator/gifts.html the user is refused (无权访问),
 * the lane's operator (OPERATOR_ACCOUNTS: the demo colleague) sees it 待发货 with the address and ships it with a
 * company and tracking number; the user's 我的兑换 then shows 已发货 with the tracking number and no 修改地址.
 */
const SHOTS = '/tmp/gifts2-shots';

async function loginOperator(request: APIRequestContext): Promise<string> {
  const answer = await (await request.post('/api/activity/user/userNameLogin', { data: { userName: '13800138001', password: 'demo1234' } })).json();
  return answer.data.token as string;
}

const shoot = shooter(SHOTS);

test.use({ bypassCSP: true });
test.beforeEach(({ page }) => withAxe(page));

test('the operator ships a user’s exchange and the user sees 已发货 with the tracking number', async ({ page, request, baseURL }) => {
  await page.setViewportSize(DESKTOP);
  const token = await loginCreator(request);
  await useToken(page, token, baseURL!);
  await page.goto('/accountRecharge/index.html');
  await page.getByRole('button', { name: '立即充值 ¥100.00' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/R\d{20}$/);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByTestId('balance')).toHaveText('¥100.00');
  expect((await apiCall(request, 'active/pay/getBalancePayCoin', { packageId: 'coin-500' }, token)).resultCode).toBe('200');
  const gifts = await apiCall(request, 'activity/gift/getWxAppletGiftPage', {}, token);
  const notebook = (gifts.data as { list: { giftId: string; name: string }[] }).list.find((g) => g.name === '定制笔记本')!;
  const street = `文三路 ${Date.now() % 100_000} 号`;
  const address = { receiverName: '李四', receiverPhone: '13800138000', region: '浙江省 杭州市 西湖区', address: street };
  const exchanged = await apiCall(request, 'activity/gift/getGiftExchange', { giftId: notebook.giftId, address }, token);
  expect(exchanged.resultCode, exchanged.resultMsg).toBe('200');

  // The user is not the operator: 无权访问, no list.
  await page.goto('/operator/gifts.html');
  await expect(page.getByText('无权访问')).toBeVisible();
  await expect(page.getByRole('list', { name: '兑换列表' })).toHaveCount(0);
  await settle(page);
  expect(await violationsOf(page)).toEqual([]);
  await shoot(page, 'operator-refused');

  await useToken(page, await loginOperator(request), baseURL!);
  await page.goto('/operator/gifts.html');
  await expect(page.getByRole('heading', { name: '礼品发货' })).toBeVisible();
  const row = page.getByTestId('operator-exchange').filter({ hasText: street });
  await expect(row).toContainText('待发货');
  await expect(row).toContainText(`李四 13800138000，浙江省 杭州市 西湖区 ${street}`);
  await expect(row).toContainText('200 问卷币');
  await settle(page);
  expect(await violationsOf(page)).toEqual([]);
  await shoot(page, 'operator-pending');

  await row.getByRole('button', { name: '发货' }).click();
  const dialog = page.getByRole('dialog', { name: '发货' });
  await dialog.getByLabel('快递单号').fill('SF 123');
  await dialog.getByLabel('快递公司').fill('顺丰速运');
  await dialog.getByRole('button', { name: '确认发货' }).click();
  await expect(dialog.getByText('快递单号只能包含字母、数字和短横线')).toBeVisible();
  await shoot(page, 'operator-ship');
  await dialog.getByLabel('快递单号').fill('SF1234567890');
  await dialog.getByRole('button', { name: '确认发货' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  await page.getByRole('button', { name: '已发货' }).click();
  await expect(row).toContainText('顺丰速运 运单号 SF1234567890');
  await expect(row.getByRole('button', { name: '发货' })).toHaveCount(0);
  await shoot(page, 'operator-shipped');

  await useToken(page, token, baseURL!);
  await page.goto('/giftList.html');
  await page.getByRole('tab', { name: '我的兑换' }).click();
  const mine = page.getByTestId('exchange-record').filter({ hasText: street });
  await expect(mine).toContainText('已发货');
  await expect(mine.getByTestId('exchange-tracking')).toHaveText('顺丰速运 运单号 SF1234567890');
  await expect(mine.getByRole('button', { name: '修改地址' })).toHaveCount(0);
  await shoot(page, 'user-shipped');
});
