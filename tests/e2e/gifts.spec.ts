import { expect, test } from '@playwright/test';
import { apiCall } from './editor-model';
import { DESKTOP, loginCreator, useToken } from './respond-support';
import { shooter } from './shots';

/**
 * The gift centre (issue 51 item 3): a new user recharges 100 元 in the sandbox cashier and buys 500 问卷币 from the
 * balance, exchanges a 200-coin gift with an address on /giftList.html, draws once (20 coins), and the balance is
 * exactly 500 − 200 − 20 plus what the draw won; 我的兑换 shows the exchange 待发货 with its address, 抽奖记录 the draw.
 */
const SHOTS = '/tmp/gifts-shots';

const shoot = shooter(SHOTS);

test('buy 500 问卷币, exchange a gift with an address and draw once: the balance drops by exactly the price and the cost', async ({
  page,
  request,
  baseURL,
}) => {
  await apiCall(request, 'dev/clock', { offsetDays: 0 });
  await page.setViewportSize(DESKTOP);
  const token = await loginCreator(request);
  await useToken(page, token, baseURL!);

  await page.goto('/accountRecharge/index.html');
  await page.getByRole('button', { name: '立即充值 ¥100.00' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/R\d{20}$/);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByTestId('balance')).toHaveText('¥100.00');
  // A coin pack from the balance, as the coin pages buy it (active/pay/getBalancePayCoin).
  const bought = await apiCall(request, 'active/pay/getBalancePayCoin', { packageId: 'coin-500' }, token);
  expect(bought.resultCode, bought.resultMsg).toBe('200');

  await page.goto('/giftList.html');
  await expect(page.getByRole('heading', { name: '礼品兑换' })).toBeVisible();
  const balance = page.getByTestId('coin-balance');
  await expect(balance).toHaveText('500');
  await expect(page.getByRole('link', { name: '问卷币明细' })).toHaveAttribute('href', '/coinList.html');
  await expect(page.getByRole('link', { name: '做任务赚问卷币' })).toHaveAttribute('href', '/task.html');
  const notebook = page.getByTestId('gift-card').filter({ hasText: '定制笔记本' });
  await expect(notebook).toContainText('200 问卷币');
  await shoot(page, 'gifts');

  await notebook.getByRole('button', { name: '兑换定制笔记本' }).click();
  const form = page.getByRole('dialog', { name: '兑换 定制笔记本' });
  await form.getByRole('button', { name: '下一步' }).click();
  await expect(form.getByText('请填写收货人')).toBeVisible();
  await form.getByLabel('收货人').fill('李四');
  await form.getByLabel('手机号').fill('1380013');
  await form.getByRole('combobox', { name: '省份' }).selectOption('浙江省');
  await form.getByRole('combobox', { name: '城市' }).selectOption('杭州市');
  await form.getByRole('combobox', { name: '区县' }).selectOption('西湖区');
  await form.getByLabel('详细地址').fill('文三路 100 号 5 幢');
  await form.getByRole('button', { name: '下一步' }).click();
  await expect(form.getByText('手机号格式不正确')).toBeVisible();
  await form.getByLabel('手机号').fill('13800138000');
  await shoot(page, 'address');
  await form.getByRole('button', { name: '下一步' }).click();
  const confirm = page.getByRole('dialog', { name: '确认兑换' });
  await expect(confirm).toContainText('200 问卷币（兑换后剩余 300 问卷币）');
  await expect(confirm).toContainText('浙江省 杭州市 西湖区 文三路 100 号 5 幢');
  await confirm.getByRole('button', { name: '确认兑换' }).click();
  await expect(confirm).toBeHidden();
  await expect(balance).toHaveText('300');

  await page.getByRole('tab', { name: '幸运抽奖' }).click();
  const prizes = page.getByRole('list', { name: '奖品与概率' });
  await expect(prizes).toContainText('谢谢参与');
  await expect(prizes).toContainText('100问卷币');
  await expect(prizes).toContainText('概率 50%');
  await expect(page.getByTestId('draw-remaining')).toContainText('今日剩余 5 次');
  await shoot(page, 'draw');
  await page.getByRole('button', { name: '抽一次（20 问卷币）' }).click();
  const result = page.getByTestId('draw-result');
  await expect(result).toContainText('本次消耗 20 问卷币');
  await expect(page.getByTestId('draw-remaining')).toContainText('今日剩余 4 次');
  const draws = await apiCall(request, 'activity/gift/getUserCoinDrawDetailPage', { page: 1, pageSize: 20 }, token);
  const [record] = (draws.data as { list: { wonCoins: number; prizeName: string }[] }).list;
  await expect(result).toContainText(record!.prizeName);
  await shoot(page, 'draw-result');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /知道了|稍后填写/ })
    .click();
  await expect(balance).toHaveText(String(500 - 200 - 20 + record!.wonCoins));

  await page.getByRole('tab', { name: '我的兑换' }).click();
  const exchange = page.getByTestId('exchange-record').filter({ hasText: '定制笔记本' });
  await expect(exchange).toContainText('待发货');
  await expect(exchange).toContainText('李四 13800138000，浙江省 杭州市 西湖区 文三路 100 号 5 幢');
  await exchange.getByRole('button', { name: '修改地址' }).click();
  const edit = page.getByRole('dialog', { name: '修改收货地址：定制笔记本' });
  await edit.getByLabel('详细地址').fill('文一路 1 号');
  await edit.getByRole('button', { name: '保存地址' }).click();
  await expect(edit).toBeHidden();
  await expect(exchange).toContainText('文一路 1 号');
  await shoot(page, 'exchanges');

  await page.getByRole('tab', { name: '抽奖记录' }).click();
  await expect(page.getByTestId('draw-record')).toHaveCount(1);
  await expect(page.getByTestId('draw-record')).toContainText('消耗 20 问卷币');
  await shoot(page, 'draws');
});
