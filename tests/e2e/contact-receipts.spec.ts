import { expect, test } from '@playwright/test';
import { violationsOf, withAxe } from './axe-check';
import { closeOtherContextsAfterEach } from './contexts';
import { PHONE, loginCreator, options, publish, subject, useToken } from './respond-support';

const SHOTS = '/tmp/shots-receipts';
closeOtherContextsAfterEach();

interface TSeeded {
  contacts: { contactId: number; name: string; address: string; unsubscribe: string }[];
}

/**
 * Issue 50 items 3–4 in Chromium over invited contacts seeded by the test server (dev/seedReceipts): the project's
 * receipts (counts, state tags, one contact's history), a contact opting out on the phone-sized unsubscribe page,
 * and the receipts then showing 已退订.
 */
test('receipts show each invited contact; a contact unsubscribes on the phone page and then shows as 已退订', async ({ browser, page, request, baseURL }) => {
  test.setTimeout(120_000);
  const token = await loginCreator(request);
  const questionId = await publish(request, token, {
    title: '员工满意度调查',
    questionType: 1,
    subjects: [subject(1, { title: '满意吗', options: options('满意', '不满意') })],
  });
  const seeded = await request.post('/api/dev/seedReceipts', { data: { questionId }, headers: { token } });
  const { contacts } = ((await seeded.json()) as { data: TSeeded }).data;
  const li = contacts.find((c) => c.name === '李四')!;

  await useToken(page, token, baseURL!);
  await withAxe(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/SMSReceipt.html?questionId=${questionId}`);
  await expect(page.getByTestId('receipt-count-invited')).toContainText('3');
  await expect(page.getByTestId('receipt-count-answered')).toContainText('1');
  const table = page.getByTestId('receipt-table');
  await expect(table.getByRole('row', { name: /张三/ })).toContainText('已送达');
  await expect(table.getByRole('row', { name: /张三/ })).toContainText('已作答');
  await expect(table.getByRole('row', { name: /李四/ })).toContainText('已发送');
  await expect(table.getByRole('row', { name: /李四/ })).toContainText('未作答');
  // A script-like name stays text.
  await expect(table.getByRole('row', { name: /<b>王五<\/b>/ })).toContainText('发送失败');
  expect(await violationsOf(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/receipts-desktop.png`, fullPage: true });

  await page.getByRole('tab', { name: '已作答' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('tab', { name: '全部' }).click();
  await table.getByRole('row', { name: /李四/ }).getByRole('link', { name: '发送记录' }).click();
  await expect(page).toHaveURL(/SMSReceiptRecord\.html/);
  await expect(page.getByTestId('record-table')).toContainText('【问卷邀请】李四您好，请填写');
  await page.screenshot({ path: `${SHOTS}/receipt-record-desktop.png`, fullPage: true });

  // 李四 opens the unsubscribe link on a phone (no login) and confirms.
  const context = await browser.newContext({ viewport: PHONE });
  const phone = await context.newPage();
  await withAxe(phone);
  await phone.goto(`/unsubscribe.html?t=${li.unsubscribe}`);
  await expect(phone.getByTestId('unsubscribe-address')).toHaveText(`${li.address.slice(0, 2)}***@example.com`);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await violationsOf(phone)).toEqual([]);
  await phone.screenshot({ path: `${SHOTS}/unsubscribe-phone.png`, fullPage: true });
  await phone.getByRole('button', { name: '确认退订' }).click();
  await expect(phone.getByText('已退订', { exact: true })).toBeVisible();
  await phone.screenshot({ path: `${SHOTS}/unsubscribed-phone.png`, fullPage: true });
  // Opened again later: already done.
  await phone.reload();
  await expect(phone.getByText('已退订', { exact: true })).toBeVisible();
  await expect(phone.getByRole('button', { name: '确认退订' })).toHaveCount(0);
  // A forged link says so: its signature's last hex digit changed (to 1 where it was 0: one token in 16 ends in 0).
  const forged = `${li.unsubscribe.slice(0, -1)}${li.unsubscribe.endsWith('0') ? '1' : '0'}`;
  await phone.goto(`/unsubscribe.html?t=${forged}`);
  await expect(phone.getByText('退订链接无效或已失效')).toBeVisible();

  await page.goto(`/SMSReceipt.html?questionId=${questionId}`);
  await expect(page.getByTestId('receipt-count-optedOut')).toContainText('1');
  await expect(page.getByTestId('receipt-table').getByRole('row', { name: /李四/ })).toContainText('已退订');
});

test('发送邮件 page: the address book selection and the checks before sending', async ({ page, request, baseURL }) => {
  const token = await loginCreator(request);
  const questionId = await publish(request, token, {
    title: '年会报名',
    questionType: 1,
    subjects: [subject(1, { title: '参加吗', options: options('参加', '不参加') })],
  });
  await useToken(page, token, baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/mail/sendMail.html?questionId=${questionId}&contactIds=1,2`);
  await expect(page.getByTestId('mail-recipients')).toContainText('已选 2 位联系人');
  await expect(page.getByLabel('邀请填写的项目')).toHaveValue(questionId);
  await page.getByLabel('邮件主题').fill('年会报名邀请');
  await page.getByLabel('邮件内容').fill('您好');
  await page.getByRole('button', { name: '发送', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('发送内容须包含{链接}');
  await page.getByRole('button', { name: '插入链接' }).click();
  await expect(page.getByLabel('邮件内容')).toHaveValue('您好{链接}');
  await page.screenshot({ path: `${SHOTS}/send-mail-desktop.png`, fullPage: true });
});
