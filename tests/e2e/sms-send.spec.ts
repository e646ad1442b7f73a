import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DESKTOP, PHONE, loginCreator, publish, subject, useToken } from './respond-support';
import { newPhone } from './support';

/**
 * SMS invitations (issue 50 items 2–5): the creator applies for a signature, the operator approves it on
 * /dev/sms-sign-review, SMS counts are bought with the sandbox balance, three contacts get a text each with their own
 * link (the development outbox shows them), the record detail shows them sent, and a link opened on a phone fills the
 * 姓名 field, answers once and refuses a second sheet.
 */
const SHOTS = '/tmp/shots-sms';

async function api<T>(request: APIRequestContext, token: string, path: string, data: object): Promise<T> {
  const answer = await (await request.post(`/api/${path}`, { data, headers: { token } })).json();
  expect(answer.resultCode, `${path}: ${answer.resultMsg}`).toBe('200');
  return answer.data as T;
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/desktop-${name}.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/phone-${name}.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
}

test('signature approved, 100 SMS bought, three contacts texted with their own links, one answers once', async ({ page, request, baseURL, browser }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  const token = await loginCreator(request);
  await useToken(page, token, baseURL!);

  // 短信签名: apply, then the operator approves it.
  await page.goto('/smsSign/index.html');
  await expect(page.getByText('还没有签名')).toBeVisible();
  await page.getByLabel('签名（2-12个字，不含【】）').fill('问卷测试');
  await page.getByLabel('签名用途').selectOption('企业或机构全称/简称');
  await page.getByRole('button', { name: '提交审核' }).click();
  await expect(page.getByTestId('sms-sign-row')).toContainText('审核中');
  await page.goto('/dev/sms-sign-review');
  await page.getByTestId('sign-review-row').filter({ hasText: '问卷测试' }).getByRole('button', { name: '通过' }).click();
  await expect(page.getByText('暂无签名申请')).toBeVisible();
  await page.goto('/smsSign/index.html');
  await expect(page.getByTestId('sms-sign-row')).toContainText('使用中');
  await shoot(page, 'sign');

  // 100 SMS from the sandbox balance, as a purchase does.
  await page.goto('/accountRecharge/index.html');
  await page.getByRole('button', { name: '立即充值 ¥100.00' }).click();
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByTestId('balance')).toHaveText('¥100.00');
  await page.goto('/buySmsAccound.html');
  await page.getByRole('region', { name: '短信条数 100条' }).getByRole('button', { name: '立即购买' }).click();
  await page.getByRole('dialog', { name: '购买短信条数 100条' }).getByRole('button', { name: '确认支付 ¥8.00' }).click();
  await expect(page.getByTestId('quota-left')).toHaveText('100 条');

  const name = subject(6, { title: '姓名' });
  const questionId = await publish(request, token, { title: '客户满意度回访', questionType: 1, subjects: [name] });
  const phones = [newPhone(), newPhone(), newPhone()];
  const people = ['张三', '李四', '王五'];
  const ids: number[] = [];
  for (const [i, who] of people.entries()) {
    const contact = await api<{ contactId: number }>(request, token, 'activity/contact/saveOrUpdateContact', { name: who, phone: phones[i] });
    ids.push(contact.contactId);
  }

  // 发送短信 for the three.
  await page.goto(`/sms/sendSms.html?contactIds=${ids.join(',')}&questionId=${questionId}`);
  await expect(page.getByTestId('sms-recipients')).toContainText('已选 3 位联系人');
  await expect(page.getByTestId('sms-remaining')).toHaveText('100');
  await expect(page.getByTestId('sms-count')).toContainText('按');
  await shoot(page, 'send');
  await page.getByRole('button', { name: '发送', exact: true }).click();
  await expect(page).toHaveURL(/\/sms\/recordDetail\.html\?invitationId=\d+/);

  // The outbox shows a text per contact with their own link; the detail shows them sent.
  const texts: string[] = [];
  for (const phone of phones) {
    await expect
      .poll(async () => ((await (await request.post('/api/dev/outbox', { data: { phone } })).json()).data as { text: string }[]).length, { timeout: 20_000 })
      .toBe(1);
    const [message] = (await (await request.post('/api/dev/outbox', { data: { phone } })).json()).data as { text: string }[];
    expect(message!.text).toMatch(new RegExp(`^【问卷测试】.+/s/${questionId}\\?ct=[\\w-]{16} 回T退订$`));
    texts.push(message!.text);
  }
  await page.reload();
  const rows = page.getByTestId('sms-message-row');
  await expect(rows).toHaveCount(3);
  for (const row of await rows.all()) await expect(row).toContainText(/已发送|已送达/);
  await shoot(page, 'detail');

  // 张三 opens his link on a phone: 姓名 is filled in, he answers; the link refuses a second sheet.
  const link = new URL(/(http\S+\?ct=[\w-]+)/.exec(texts[0]!)![1]!);
  const phoneContext = await browser.newContext({ viewport: PHONE });
  const respondent = await phoneContext.newPage();
  await respondent.goto(`${link.pathname}${link.search}`);
  await expect(respondent.getByRole('textbox').first()).toHaveValue('张三');
  await respondent.getByRole('button', { name: '提交', exact: true }).click();
  await expect(respondent.getByText(/提交成功|感谢/).first()).toBeVisible();
  await respondent.goto(`${link.pathname}${link.search}`);
  await expect(respondent.getByText('该链接已提交过，不能重复作答')).toBeVisible();
  await phoneContext.close();

  await page.goto('/sms/sendSmsRecord.html');
  const record = page.getByTestId('sms-record-row').first();
  await expect(record).toContainText('客户满意度回访');
  await expect(record).toContainText('已完成');
  await expect(record.getByRole('button', { name: '重发未作答' })).toBeVisible();
  await shoot(page, 'records');
});
