import { expect, test } from '@playwright/test';
import { DESKTOP, loginCreator, useToken } from './respond-support';
import { shooter } from './shots';

/**
 * The coin (issue 51 item 1): a new user recharges in the sandbox cashier, buys 100 问卷币 from the balance on
 * /coinList.html, sees them in the balance card and the ledger, exchanges some for AI counts, filters the ledger;
 * the coin is 问卷通's 问卷币 and, on 投票通 and 接龙通, a separate 金币 account (empty for this user).
 */
const SHOTS = '/tmp/shots-coins';

const shoot = shooter(SHOTS);

test('buy 问卷币 from the balance, see them on /coinList.html, exchange some for AI counts; 投票通 and 接龙通 keep their own 金币', async ({
  page,
  request,
  baseURL,
}) => {
  await page.setViewportSize(DESKTOP);
  const token = await loginCreator(request);
  const port = new URL(baseURL!).port;
  const hosts = { toupiao: `http://toupiao.localhost:${port}`, jielong: `http://jielong.localhost:${port}` };
  await useToken(page, token, baseURL!);
  await useToken(page, token, hosts.toupiao);
  await useToken(page, token, hosts.jielong);

  await page.goto('/accountRecharge/index.html');
  await page.getByRole('button', { name: '立即充值 ¥100.00' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/R\d{20}$/);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByTestId('balance')).toHaveText('¥100.00');

  await page.goto('/coinList.html');
  await expect(page.getByRole('heading', { name: '问卷币明细' })).toBeVisible();
  await expect(page.getByTestId('coin-balance')).toHaveText('0');
  await expect(page.getByText('暂无问卷币记录')).toBeVisible();
  await shoot(page, 'coin-list-empty');

  await page.getByRole('button', { name: '购买问卷币' }).click();
  const buy = page.getByRole('dialog', { name: '购买问卷币' });
  await expect(buy.getByTestId('coin-buy-balance')).toHaveText('¥100.00');
  await buy.getByRole('radio', { name: /^100\s*问卷币/ }).click();
  await buy.getByRole('button', { name: '余额支付 ¥10.00' }).click();
  await expect(buy).toBeHidden();
  await expect(page.getByTestId('coin-balance')).toHaveText('100');
  await expect(page.getByTestId('coin-earned')).toHaveText('100');
  const rows = page.getByTestId('coin-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText('问卷币 100个');
  await expect(rows.nth(0).getByTestId('coin-delta')).toHaveText('+100');

  await page.getByRole('button', { name: '兑换AI次数' }).click();
  const exchange = page.getByRole('dialog', { name: '兑换AI次数' });
  await exchange.getByTestId('ai-count').fill('6');
  await expect(exchange.getByRole('alert')).toHaveText('问卷币不足：需要 120 问卷币，当前 100 问卷币');
  await expect(exchange.getByRole('button', { name: '确认兑换' })).toBeDisabled();
  await exchange.getByTestId('ai-count').fill('2');
  await expect(exchange.getByTestId('ai-need')).toHaveText('40');
  await shoot(page, 'coin-ai-dialog');
  await exchange.getByRole('button', { name: '确认兑换' }).click();
  await expect(exchange).toBeHidden();
  await expect(page.getByText('兑换成功：AI次数 +2，剩余 2 次')).toBeVisible();
  await expect(page.getByTestId('coin-balance')).toHaveText('60');
  await expect(page.getByTestId('coin-spent')).toHaveText('40');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('兑换AI次数 2 次');
  await expect(rows.nth(0).getByTestId('coin-delta')).toHaveText('-40');

  await page.getByRole('tab', { name: '支出' }).click();
  await expect(rows).toHaveCount(1);
  await page.getByRole('tab', { name: '收入' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText('问卷币 100个');
  await page.getByRole('combobox', { name: '收支类型' }).selectOption({ label: '抽奖' });
  await expect(page.getByText('没有符合条件的记录')).toBeVisible();
  await page.getByRole('button', { name: '清除筛选' }).click();
  await expect(rows).toHaveCount(2);
  await shoot(page, 'coin-list');

  // The header's avatar menu shows the same coins, named by the brand; the AI counts are on /buyAI.html.
  await page.getByRole('button', { name: '打开用户菜单' }).click();
  await expect(page.getByRole('menuitem', { name: /我的问卷币\s*60/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/buyAI.html');
  await expect(page.getByTestId('quota-left')).toHaveText('2 次');

  await page.goto('/coinRule.html');
  await expect(page.getByRole('heading', { name: '问卷币规则' })).toBeVisible();
  await expect(page.getByText('每天签到得 5 问卷币')).toBeVisible();
  await shoot(page, 'coin-rule');

  // 投票通 and 接龙通: 金币, their own (empty) accounts.
  for (const host of [hosts.toupiao, hosts.jielong]) {
    await page.goto(`${host}/coinList.html`);
    await expect(page.getByRole('heading', { name: '金币明细' })).toBeVisible();
    await expect(page.getByTestId('coin-balance')).toHaveText('0');
    await expect(page.getByText('暂无金币记录')).toBeVisible();
    await expect(page.getByRole('button', { name: '购买金币' })).toBeVisible();
    await page.getByRole('button', { name: '打开用户菜单' }).click();
    await expect(page.getByRole('menuitem', { name: /我的金币\s*0/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto(`${host}/coinRule.html`);
    await expect(page.getByRole('heading', { name: '金币规则' })).toBeVisible();
  }
  await shoot(page, 'coin-rule-jielong');
});
