import { expect, test } from '@playwright/test';
import { violationsOf, withAxe } from './axe-check';
import { closeOtherContextsAfterEach } from './contexts';
import { loginCreator, options, publish, subject, useToken } from './respond-support';

const SHOTS = '/tmp/shots-contacts2';
closeOtherContextsAfterEach();

interface TSeeded {
  contacts: { contactId: number; name: string; address: string; unsubscribe: string }[];
}

/**
 * The address book's side of invitations in Chromium (issue 50, helper contacts2), over contacts seeded by the test
 * server (dev/seedReceipts): a contact who opted out carries 邮件已退订 and the 已退订 tab finds them; 记录 opens
 * their invitations across projects; the receipts page exports its rows as an .xlsx.
 */
test('an opted-out contact is tagged and filtered; 记录 lists their invitations; receipts export', async ({ page, request, baseURL }) => {
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
  const optOut = await request.post('/api/activity/contact/saveUnsubscribe', { data: { t: li.unsubscribe } });
  expect(((await optOut.json()) as { resultCode: string }).resultCode).toBe('200');

  await useToken(page, token, baseURL!);
  await withAxe(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/email.html');
  const table = page.getByTestId('contact-table');
  await expect(table.getByRole('row', { name: /李四/ })).toContainText('邮件已退订');
  await expect(table.getByRole('row', { name: /张三/ })).not.toContainText('已退订');
  await page.screenshot({ path: `${SHOTS}/contacts-opted-out-desktop.png`, fullPage: true });
  await page.getByRole('tab', { name: '已退订' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('tab', { name: '全部' }).click();

  await table.getByRole('button', { name: '李四 的邀请记录' }).click();
  const drawer = page.getByRole('dialog', { name: '邀请记录' });
  await expect(drawer.getByRole('listitem').first()).toContainText('员工满意度调查');
  await expect(drawer).toContainText('只有联系人本人重新同意后才能恢复');
  expect(await violationsOf(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/contact-history-desktop.png` });
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 844 });
  await table.getByRole('button', { name: '张三', exact: true }).click();
  await expect(drawer.getByRole('listitem').first()).toContainText('已作答');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/contact-history-phone.png` });
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/SMSReceipt.html?questionId=${questionId}`);
  await expect(page.getByTestId('receipt-table')).toContainText('李四');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  expect((await download).suggestedFilename()).toBe('邀请回执-员工满意度调查.xlsx');
  await expect(page.getByText('已导出 3 条回执')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/receipts-export-desktop.png`, fullPage: true });
});
