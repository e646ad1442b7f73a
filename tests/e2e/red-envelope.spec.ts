import { expect, request as apiRequest, test, type APIRequestContext } from '@playwright/test';
import { violationsOf } from './axe-check';
import { DESKTOP, loginCreator, PHONE, publish, Respondent, subject, useToken } from './respond-support';
import { call, publishVote, Voter, voterPage } from './vote-page-support';

/**
 * Red envelopes (issue 49 item 1 acceptance): a survey with a 10 元 random red envelope for 3 people paid in from
 * the balance; four respondents answer; the creator approves three on /unapproved.html; /prizeLists.html shows
 * three payouts adding up to 10 元, each a transfer recorded by the sandbox (its SBT… transfer number).
 */
const SHOTS = '/tmp/shots-red-envelope';
// bypassCSP: the axe checks inject their script (the pages' CSP forbids inline ones).
test.use({ bypassCSP: true });

async function submit(request: APIRequestContext, questionId: string, advice: string, i: number) {
  const body = {
    questionId,
    submissionId: `red-${i}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    deviceId: `red${i}${Math.random().toString(36).slice(2, 10)}`,
    durationSeconds: 60,
    answers: { [advice]: `建议 ${i}` },
  };
  const answer = await (await request.post('/api/active/write/submit', { data: body })).json();
  expect(answer.resultCode, answer.resultMsg).toBe('200');
}

test('a 10 元 random red envelope for 3: four answer, three approved, three payouts and three sandbox transfers', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  await page.setViewportSize(DESKTOP);
  const token = await loginCreator(request);
  await useToken(page, token, baseURL!);
  await page.goto('/accountRecharge/index.html');
  await page.getByRole('button', { name: '立即充值 ¥100.00' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/R\d{20}$/);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByTestId('balance')).toHaveText('¥100.00');

  const advice = subject(7, { title: '建议', required: false });
  const questionId = await publish(request, token, { title: '红包问卷', questionType: 1, subjects: [advice] });
  await page.goto(`/RedEnvelope.html?questionId=${questionId}`);
  await expect(page.getByTestId('red-state')).toHaveText('未设置');
  await page.getByLabel('红包总额（元）').fill('10');
  await page.getByLabel('红包个数').fill('3');
  await page.getByRole('button', { name: '保存规则' }).click();
  await expect(page.getByTestId('red-state')).toHaveText('未充值');
  await page.screenshot({ path: `${SHOTS}/setup.png`, fullPage: true });
  expect(await violationsOf(page), 'axe on 红包设置').toEqual([]);
  await page.getByRole('button', { name: '从余额支付 ¥10.00' }).click();
  await expect(page.getByTestId('red-state')).toHaveText('进行中');
  await expect(page.getByTestId('red-held')).toHaveText('¥10.00');
  await page.screenshot({ path: `${SHOTS}/running.png`, fullPage: true });

  const respondent = await apiRequest.newContext({ baseURL });
  for (let i = 1; i <= 3; i++) await submit(respondent, questionId, advice.uuid, i);
  await respondent.dispose();
  // The fourth answers on a phone: the result screen says the sheet qualifies and waits for the creator's review.
  const phoneContext = await browser.newContext({ viewport: PHONE });
  const phone = await phoneContext.newPage();
  await phone.goto(`/s/${questionId}`);
  await Respondent(phone).type('建议', '建议 4');
  await Respondent(phone).submit();
  await expect(phone.getByTestId('red-notice')).toContainText('你已获得红包资格，创建者审核通过后发放');
  await phone.screenshot({ path: `${SHOTS}/after-submit-phone.png`, fullPage: true });
  await phoneContext.close();

  await page.getByRole('link', { name: /待审核红包/ }).click();
  const rows = page.getByTestId('unapproved-row');
  await expect(rows).toHaveCount(4);
  for (let i = 0; i < 3; i++) await rows.nth(i).getByRole('checkbox').check();
  await page.screenshot({ path: `${SHOTS}/unapproved.png`, fullPage: true });
  expect(await violationsOf(page), 'axe on 待审核红包').toEqual([]);
  await page.getByRole('button', { name: '通过并发放' }).click();
  await expect(page.getByText('已通过 3 份')).toBeVisible();
  await expect(rows).toHaveCount(1);

  await page.getByRole('link', { name: '中奖名单' }).click();
  const prizes = page.getByTestId('prize-row');
  await expect(prizes).toHaveCount(3);
  await expect(page.getByTestId('prize-totals')).toContainText('已发放 3 个，共 ¥10.00');
  for (let i = 0; i < 3; i++) {
    await expect(prizes.nth(i).getByText('已发放')).toBeVisible();
    await expect(prizes.nth(i).getByText(/^SBT[0-9a-f]{20}$/)).toBeVisible();
  }
  await page.screenshot({ path: `${SHOTS}/prizes.png`, fullPage: true });
  expect(await violationsOf(page), 'axe on 中奖名单').toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/prizes-phone.png`, fullPage: true });

  // The sandbox holds the three transfers: /dev/transfers lists them with the project they paid for.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dev/transfers');
  const transfers = page.getByTestId('sandbox-transfer').filter({ hasText: '问卷：红包问卷' });
  await expect(transfers).toHaveCount(3);
  await page.screenshot({ path: `${SHOTS}/dev-transfers.png`, fullPage: true });
  expect(await violationsOf(page), 'axe on 沙箱转账').toEqual([]);
});

test('a vote takes a red envelope: the voter hears it qualifies, the creator approves it and downloads the payouts', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  const token = await loginCreator(request);
  const order = await call<{ orderNo: string }>(request, 'recharge/saveRechargeOrder', { amountFen: 1_000 }, token);
  await call(request, 'active/pay/sandbox/decide', { outTradeNo: order.orderNo, outcome: 'pay' });
  const voteId = await publishVote(request, token, { title: '红包投票', names: ['张晓明', '李华'] });

  await page.setViewportSize(DESKTOP);
  await useToken(page, token, baseURL!);
  await page.goto(`/voting/result.html?voteId=${voteId}`);
  await page.getByRole('link', { name: '投票红包' }).click();
  await expect(page).toHaveURL(new RegExp(`/RedEnvelope.html\\?voteId=${voteId}`));
  await expect(page.getByLabel('领取条件').getByRole('option')).toHaveText(['所有有效投票', '前 N 份有效投票']);
  await page.getByLabel('红包总额（元）').fill('2');
  await page.getByLabel('红包个数').fill('2');
  await page.getByRole('button', { name: '保存规则' }).click();
  await page.getByRole('button', { name: '从余额支付 ¥2.00' }).click();
  await expect(page.getByTestId('red-state')).toHaveText('进行中');

  const voter = await voterPage(browser);
  await voter.goto(`/v/${voteId}`);
  await Voter(voter).vote('李华');
  await Voter(voter).seeToast('你已获得红包资格，创建者审核通过后发放');
  await voter.screenshot({ path: `${SHOTS}/vote-toast-phone.png` });
  await voter.context().close();

  await page.getByRole('link', { name: /待审核红包/ }).click();
  const rows = page.getByTestId('unapproved-row');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('checkbox').check();
  await page.getByRole('button', { name: '通过并发放' }).click();
  await expect(page.getByText('已通过 1 份')).toBeVisible();
  await page.getByRole('link', { name: '中奖名单' }).click();
  await expect(page.getByTestId('prize-row')).toHaveCount(1);
  await expect(page.getByTestId('prize-row').getByText('已发放')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/vote-prizes.png`, fullPage: true });
  expect(await violationsOf(page), 'axe on 投票中奖名单').toEqual([]);
  const job = await call<{ jobId: string }>(request, 'activity/vote/download/getRedParkDownload', { voteId }, token);
  expect(job.jobId).toBeTruthy();
});
