import { expect, request as apiRequest, test, type APIRequestContext } from '@playwright/test';
import { violationsOf } from './axe-check';
import { DESKTOP, PHONE, loginCreator, options, publish, subject, useToken } from './respond-support';
import { closeOtherContextsAfterEach } from './contexts';

/**
 * 风控筛查 (issue 46 item 3): a creator with no risk units opens 风控筛查 on the report's 数据详情 and is sent to
 * /buyRiskAccound.html; recharges 100 元 in the sandbox, buys 风控筛查 1000份答卷 from the balance, screens the
 * project's three sheets (a device that answered twice, a copy of another sheet's answers, the third sheet of one
 * IP within minutes) and sees them marked 可疑 with their reasons and the units drop by three.
 */
const SHOTS = '/tmp/shots-risk';
// bypassCSP: the axe checks inject their script (the pages' CSP forbids inline ones).
test.use({ bypassCSP: true });

async function submit(request: APIRequestContext, questionId: string, deviceId: string, answers: Record<string, unknown>) {
  const body = {
    questionId,
    submissionId: `risk-${deviceId}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    deviceId,
    durationSeconds: 60,
    answers,
  };
  const answer = await (await request.post('/api/active/write/submit', { data: body })).json();
  expect(answer.resultCode, answer.resultMsg).toBe('200');
}

test('buy a risk package, screen duplicate sheets, see them marked 可疑 with the reason and the units drop', async ({ page, request, baseURL }) => {
  await page.setViewportSize(DESKTOP);
  const token = await loginCreator(request);
  await useToken(page, token, baseURL!);
  const pick = subject(1, { title: '满意吗', options: options('满意', '不满意') });
  const advice = subject(7, { title: '建议', required: false });
  const questionId = await publish(request, token, { title: '风控筛查测试', questionType: 1, subjects: [pick, advice] });
  const choice = (i: number) => ({ optionIds: [(pick as { options: { uuid: string }[] }).options[i]!.uuid] });
  // Anonymous respondents (the creator's request context carries their login): A; B from A's device; C the same
  // answers as A from another device (and the third sheet of this IP).
  const respondent = await apiRequest.newContext({ baseURL });
  await submit(respondent, questionId, 'risk-dev-a', { [pick.uuid]: choice(0), [advice.uuid]: '价格太高' });
  await submit(respondent, questionId, 'risk-dev-a', { [pick.uuid]: choice(1), [advice.uuid]: '服务很好' });
  await submit(respondent, questionId, 'risk-dev-c', { [pick.uuid]: choice(0), [advice.uuid]: '价格太高' });
  await respondent.dispose();

  await page.goto(`/questionnaire/report.html?questionId=${questionId}`);
  await page.getByRole('tab', { name: '数据详情' }).click();
  await page.getByRole('button', { name: '风控筛查' }).click();
  let dialog = page.getByRole('dialog', { name: '风控筛查' });
  await expect(dialog.getByText('待筛查答卷：3 份')).toBeVisible();
  await expect(dialog.getByText('剩余风控筛查次数：0 次')).toBeVisible();
  await expect(dialog.getByRole('alert')).toContainText('风控筛查次数不足，请先购买风控服务');
  await dialog.getByRole('link', { name: '购买风控服务' }).click();
  await expect(page).toHaveURL(/\/buyRiskAccound\.html$/);
  await expect(page.getByTestId('quota-left')).toHaveText('0 份答卷');

  await page.goto('/accountRecharge/index.html');
  await page.getByRole('button', { name: '立即充值 ¥100.00' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/R\d{20}$/);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByTestId('balance')).toHaveText('¥100.00');
  await page.goto('/buyRiskAccound.html');
  await expect(page.getByText('每筛查 1 份答卷扣 1 份，已筛查的答卷不再重复扣除；协作者筛查时扣项目创建者的份数')).toBeVisible();
  await page.getByRole('region', { name: '风控筛查 1000份答卷' }).getByRole('button', { name: '立即购买' }).click();
  await page.getByRole('dialog', { name: '购买风控筛查 1000份答卷' }).getByRole('button', { name: '确认支付 ¥30.00' }).click();
  await expect(page.getByTestId('quota-left')).toHaveText('1,000 份答卷');

  await page.goto(`/questionnaire/report.html?questionId=${questionId}`);
  await page.getByRole('tab', { name: '数据详情' }).click();
  const table = page.getByTestId('data-detail');
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByText('可疑', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: '风控筛查' }).click();
  dialog = page.getByRole('dialog', { name: '风控筛查' });
  await expect(dialog.getByText('待筛查答卷：3 份')).toBeVisible();
  await expect(dialog.getByText('剩余风控筛查次数：1000 次')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/desktop-confirm.png`, fullPage: true });
  expect(await violationsOf(page), 'axe on the 风控筛查 dialog').toEqual([]);
  await dialog.getByRole('button', { name: '开始筛查' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('risk-result')).toHaveText('筛查完成：已筛查 3 份，标记可疑 2 份，剩余次数 997 次');

  // Newest first: C (content and IP), B (device), A clean.
  const rows = table.getByRole('row');
  await expect(rows.nth(1).getByText('可疑', { exact: true })).toHaveAttribute('title', '可疑原因：与其他答卷内容相同；同一IP短时间内多次提交');
  await expect(rows.nth(2).getByText('可疑', { exact: true })).toHaveAttribute('title', '可疑原因：同一设备重复提交');
  await expect(rows.nth(3).getByText('可疑', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/desktop-screened.png`, fullPage: true });
  expect(await violationsOf(page), 'axe on the screened data detail').toEqual([]);
  await page.setViewportSize(PHONE);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'data detail with the screening result: horizontal overflow at 390px').toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/phone-screened.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);

  // The sheet page says why; the package page shows three units fewer; a second screening takes nothing.
  await rows.nth(2).click();
  await expect(page.getByText('可疑原因：同一设备重复提交')).toBeVisible();
  await page.goto('/buyRiskAccound.html');
  await expect(page.getByTestId('quota-left')).toHaveText('997 份答卷');
});

closeOtherContextsAfterEach();
