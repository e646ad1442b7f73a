import { expect, test } from '@playwright/test';
import { withAxe } from './axe-check';
import { DESKTOP, Respondent, loginCreator, options, publish, subject, useToken } from './respond-support';
import { shooter } from './shots';

/**
 * The mutual answering space (issue 51 item 4): creator A buys 问卷币 from the sandbox balance and releases two
 * published surveys to /mutual.html; account B answers both from the space and sees the coins arrive; A's releases
 * show exactly the rewards paid; A exits one and gets the rest of its budget back.
 */
const SHOTS = '/tmp/space-shots';

const shoot = shooter(SHOTS, { axe: true });

test('A releases two surveys to the space, B answers both and earns, A sees exactly the rewards paid and exits with the rest', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const tokenA = await loginCreator(request);
  const tokenB = await loginCreator(request);
  const stamp = Date.now().toString(36);
  const first = `通勤方式调查 ${stamp}`;
  const second = `午餐偏好调查 ${stamp}`;
  await publish(request, tokenA, {
    title: first,
    questionType: 1,
    subjects: [subject(1, { title: '你怎么上班？', options: options('地铁', '公交', '骑行') })],
  });
  await publish(request, tokenA, { title: second, questionType: 1, subjects: [subject(1, { title: '午餐吃什么？', options: options('米饭', '面条') })] });

  const a = await (await browser.newContext({ baseURL })).newPage();
  await a.setViewportSize(DESKTOP);
  await withAxe(a);
  await useToken(a, tokenA, baseURL!);
  // The coins the real way: recharge in the sandbox cashier, then buy a 100-coin pack from the balance.
  await a.goto('/accountRecharge/index.html');
  await a.getByRole('button', { name: '立即充值 ¥100.00' }).click();
  await a.getByRole('button', { name: '确认支付' }).click();
  await expect(a.getByTestId('balance')).toHaveText('¥100.00');
  const bought = await (await a.request.post('/api/active/pay/getBalancePayCoin', { data: { packageId: 'coin-100' }, headers: { token: tokenA } })).json();
  expect(bought.resultCode).toBe('200');

  await a.goto('/mutual.html');
  await expect(a.getByRole('heading', { name: '互助问答' })).toBeVisible();
  await expect(a.getByTestId('space-coin')).toContainText('100');
  for (const [title, reward, budget] of [
    [first, '5', '50'],
    [second, '8', '40'],
  ] as const) {
    await a.getByRole('button', { name: '发布项目' }).first().click();
    const dialog = a.getByRole('dialog', { name: '发布到互助空间' });
    await dialog.getByRole('combobox', { name: '选择项目' }).selectOption({ label: `[问卷] ${title}` });
    await dialog.getByRole('textbox', { name: /每份奖励/ }).fill(reward);
    await dialog.getByRole('textbox', { name: /预算/ }).fill(budget);
    await expect(dialog.getByTestId('release-summary')).toContainText(`预算可支付 ${Number(budget) / Number(reward)} 份答卷`);
    if (title === first) await shoot(a, 'release-dialog');
    await dialog.getByRole('button', { name: '确认发布' }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(a.getByTestId('space-coin')).toContainText('10');
  await expect(a.getByTestId('space-released')).toHaveCount(2);

  const b = await (await browser.newContext({ baseURL })).newPage();
  await b.setViewportSize(DESKTOP);
  await withAxe(b);
  await useToken(b, tokenB, baseURL!);
  await b.goto('/mutual.html');
  await expect(b.getByTestId('space-coin')).toContainText('0');
  const card = (title: string) => b.getByTestId('space-item').filter({ hasText: title });
  await expect(card(first)).toContainText('+5');
  await expect(card(second)).toContainText('+8');
  await shoot(b, 'space-list');

  for (const [title, question, option, reward] of [
    [first, '你怎么上班？', '骑行', 5],
    [second, '午餐吃什么？', '面条', 8],
  ] as const) {
    await card(title).getByRole('link', { name: '去答题' }).click();
    await expect(b).toHaveURL(/\/s\/[^?]+\?space=/);
    await Respondent(b).pick(question, option);
    await Respondent(b).submit();
    await expect(b.getByTestId('space-notice')).toContainText(`获得 ${reward} 问卷币`);
    if (reward === 5) await shoot(b, 'respond-paid');
    await b.getByRole('link', { name: '返回互助空间' }).click();
    await expect(card(title)).toContainText('已答过');
  }
  await expect(b.getByTestId('space-coin')).toContainText('13');
  await b.getByRole('tab', { name: '我参与的' }).click();
  await expect(b.getByTestId('space-joined')).toHaveCount(2);
  await expect(b.getByTestId('space-joined').filter({ hasText: first })).toContainText('+5 问卷币');
  await shoot(b, 'space-joined');

  await a.reload();
  await a.getByRole('tab', { name: '我发布的' }).click();
  const release = (title: string) => a.getByTestId('space-released').filter({ hasText: title });
  await expect(release(first).getByTestId('space-paid')).toHaveText('已发放 5 / 50 问卷币');
  await expect(release(second).getByTestId('space-paid')).toHaveText('已发放 8 / 40 问卷币');
  // A's own release is marked in the list and cannot be answered for coins.
  await a.getByRole('tab', { name: '互助答题' }).click();
  await expect(a.getByTestId('space-item').filter({ hasText: first })).toContainText('我发布的');
  await a.getByRole('tab', { name: '我发布的' }).click();
  await shoot(a, 'space-released');

  await release(first).getByRole('button', { name: '退出并退回剩余' }).click();
  await a.getByRole('button', { name: '退出并退回' }).click();
  await expect(a.getByText('已退出互助空间，退回 45 问卷币')).toBeVisible();
  await expect(release(first)).toContainText('已结束');
  await expect(release(first)).toContainText('已退回 45 问卷币');
  await expect(a.getByTestId('space-coin')).toContainText('55');
});
