import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { closeOtherContextsAfterEach } from './contexts';
import { waitForMails } from './mail-support';
import { DESKTOP, PHONE, Respondent, draftHolds, loginCreator, options, publish, subject, useToken } from './respond-support';

const SHOTS = '/tmp/shots-contact-invite';
closeOtherContextsAfterEach();

/** 30 rows: 28 good, one with a bad phone (row 13 of the sheet), one with a bad e-mail (row 21); 一班 is rows 1–5. */
async function bookFile(tag: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('联系人');
  sheet.addRow(['姓名', '手机号', '邮箱', '分组']);
  for (let i = 1; i <= 30; i++) {
    const phone = i === 12 ? '12345' : `1390000${String(i).padStart(4, '0')}`;
    const email = i === 20 ? 'not-an-email' : emailOf(tag, i);
    sheet.addRow([`同学${String(i).padStart(2, '0')}`, phone, email, i <= 5 ? '一班' : '二班']);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
const emailOf = (tag: string, i: number) => `s${i}.${tag}@school.cn`;

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
}

/**
 * Issue 50's first acceptance journey in Chromium: 30 contacts imported from an Excel file (two bad rows reported,
 * not imported), an e-mail invitation to a group through a real SMTP server (the first lane's local one,
 * tests/e2e/fake-mail.ts), one message read and its own link answered on a phone, the receipts showing that contact
 * as answered and the others as sent, and 重发未作答 sending the rest a new message.
 */
test('import 30 contacts, e-mail a group, answer one link on a phone, receipts, resend to the rest', async ({ browser, page, request, baseURL }) => {
  test.setTimeout(240_000);
  const tag = `r${Date.now().toString(36)}`;
  const token = await loginCreator(request);
  const title = '课程满意度调查';
  const questionId = await publish(request, token, {
    title,
    questionType: 1,
    subjects: [subject(6, { title: '姓名' }), subject(1, { title: '课程满意吗', options: options('满意', '不满意') })],
  });
  await useToken(page, token, baseURL!);
  await page.setViewportSize(DESKTOP);

  // 通讯录: import the file; the two bad rows are reported and left out.
  await page.goto('/email.html');
  await page.getByRole('button', { name: '导入', exact: true }).click();
  await page.getByLabel('选择导入文件').setInputFiles({
    name: '学生名单.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await bookFile(tag),
  });
  await expect(page.getByTestId('import-preview')).toContainText('同学01');
  await page.getByRole('button', { name: '开始导入' }).click();
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('新增 28 人，2 行未导入');
  await expect(report.getByRole('row', { name: /第 13 行/ })).toContainText('请输入正确的手机号');
  await expect(report.getByRole('row', { name: /第 21 行/ })).toContainText('请输入正确的邮箱');
  await page.getByRole('button', { name: '完成' }).click();
  const groups = page.getByRole('navigation', { name: '联系人分组' });
  await expect(groups.getByRole('button', { name: /全部联系人\s*28/ })).toBeVisible();

  // 一班 (five people) → 发送邮件 for the project.
  await groups.getByRole('button', { name: /^一班/ }).click();
  await expect(page.getByText('共 5 人').first()).toBeVisible();
  await page.getByRole('link', { name: '发送邮件' }).click();
  await expect(page).toHaveURL(/\/mail\/sendMail\.html\?groupId=\d+$/);
  await expect(page.getByTestId('mail-recipients')).toContainText('“一班”（5 人） 的全部联系人');
  await page.getByLabel('邀请填写的项目').selectOption(questionId);
  await page.getByLabel('邮件主题').fill('{姓名}，邀请您填写课程满意度调查');
  await shoot(page, 'send-mail');
  await page.getByRole('button', { name: '发送', exact: true }).click();
  await expect(page.getByText('已提交发送：5 封邮件排队发送')).toBeVisible();

  // The local SMTP server receives one message each; 同学01's carries their own link and an unsubscribe link.
  const [mail] = await waitForMails(request, baseURL!, emailOf(tag, 1), 1);
  expect(mail!.subject).toBe('同学01，邀请您填写课程满意度调查');
  expect(mail!.from).toContain('noreply@wenjuan.test');
  expect(mail!.text).toContain('同学01您好');
  expect(mail!.text).toMatch(/退订：http\S+\/unsubscribe\.html\?t=e\d+\.[0-9a-f]{32}/);
  const link = new URL(new RegExp(`(http\\S+/s/${questionId}\\?ct=[\\w-]+)`).exec(mail!.text)![1]!);
  for (let i = 2; i <= 5; i++) await waitForMails(request, baseURL!, emailOf(tag, i), 1);

  // On a phone: the link opens the sheet with 姓名 filled in (the opening recorded once), and 同学01 answers.
  const phoneContext = await browser.newContext({ viewport: PHONE });
  const phone = await phoneContext.newPage();
  const receipts: string[] = [];
  phone.on('request', (r) => {
    if (r.url().endsWith('/api/activity/contact/saveContactReceipt')) receipts.push(r.postData() ?? '');
  });
  await phone.goto(`${link.pathname}${link.search}`);
  const respondent = Respondent(phone);
  await expect(respondent.subject('姓名').getByRole('textbox')).toHaveValue('同学01');
  // Opened again in the same tab (断点续答 offers the draft, kept at once with the name in it): no second receipt call.
  await expect.poll(() => draftHolds(phone, '同学01')).toBe(true);
  await phone.reload();
  await phone.getByRole('button', { name: '继续上次的填写' }).click();
  await expect(respondent.subject('姓名').getByRole('textbox')).toHaveValue('同学01');
  expect(receipts).toEqual([JSON.stringify({ token: link.searchParams.get('ct') })]);
  await respondent.pick('课程满意吗', '满意');
  await phone.screenshot({ path: `${SHOTS}/answer-phone.png`, fullPage: true });
  await respondent.submit();
  await expect(phone.getByText('提交成功').first()).toBeVisible();
  await phoneContext.close();

  // 邀请回执: 同学01 opened and answered, the other four sent and not answered.
  await page.goto(`/SMSReceipt.html?questionId=${questionId}`);
  await expect(page.getByTestId('receipt-count-invited')).toContainText('5');
  await expect(page.getByTestId('receipt-count-answered')).toContainText('1');
  const table = page.getByTestId('receipt-table');
  const row = (name: string) => table.getByRole('row', { name: new RegExp(name) });
  await expect(row('同学01')).toContainText('已发送');
  await expect(row('同学01')).toContainText('已打开');
  await expect(row('同学01')).toContainText('已作答');
  for (const name of ['同学02', '同学03', '同学04', '同学05']) {
    await expect(row(name)).toContainText('已发送');
    await expect(row(name)).toContainText('未作答');
  }
  await shoot(page, 'receipts');

  // 重发未作答: the records page resends the e-mail send to the four; each gets a second message, 同学01 none.
  await page.getByRole('link', { name: '重发未作答' }).click();
  await expect(page).toHaveURL(/\/sms\/sendSmsRecord\.html/);
  const record = page.getByTestId('sms-record-row').filter({ hasText: title });
  await expect(record).toContainText('邮件');
  await expect(async () => {
    await page.reload();
    await expect(record).toContainText('已完成', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await record.getByRole('button', { name: '重发未作答' }).click();
  await expect(page.getByText('已重发：4条待发送')).toBeVisible();
  await shoot(page, 'records');
  for (let i = 2; i <= 5; i++) {
    const again = await waitForMails(request, baseURL!, emailOf(tag, i), 2);
    expect(again[1]!.subject).toBe(`同学${String(i).padStart(2, '0')}，邀请您填写课程满意度调查`);
    // The same contact's link again.
    expect(again[1]!.text.match(/\?ct=[\w-]+/)![0]).toBe(again[0]!.text.match(/\?ct=[\w-]+/)![0]);
  }
  await page.goto(`/SMSReceipt.html?questionId=${questionId}`);
  await expect(row('同学02')).toContainText('发送记录（2）');
  expect((await waitForMails(request, baseURL!, emailOf(tag, 1), 1)).length).toBe(1);
});
