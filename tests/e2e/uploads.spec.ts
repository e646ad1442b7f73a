import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DESKTOP, PHONE, Respondent, loginCreator, publish, subject, useToken } from './respond-support';
import { closeOtherContextsAfterEach } from './contexts';

const SHOTS = '/tmp/shots-uploads';
mkdirSync(SHOTS, { recursive: true });

/** An <img> that really loaded (the server let the browser have the bytes), not a broken icon. */
const loaded = (img: Locator) => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);

async function drawSignature(page: Page, pad: Locator) {
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 110);
  await page.mouse.down();
  for (const [x, y] of [
    [70, 50],
    [120, 120],
    [180, 40],
    [240, 100],
    [280, 70],
  ] as const)
    await page.mouse.move(box.x + x, box.y + y, { steps: 4 });
  await page.mouse.up();
}

test('a respondent uploads a file and an image and signs; the creator sees thumbnails and download links in the report and the sheet detail; a logged-out browser cannot open them', async ({
  browser,
  request,
  baseURL,
}) => {
  const token = await loginCreator(request);
  const questionId = await publish(request, token, {
    title: '活动报名材料',
    questionType: 1,
    subjects: [subject(13, { title: '请上传身份证照片和报名表', accept: [], maxSizeMb: 5, maxCount: 3 }), subject(33, { title: '本人签名' })],
  });

  // The respondent, on a phone, with no account.
  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: 'zh-CN' });
  const page = await phone.newPage();
  await page.goto(`/s/${questionId}`);
  const me = Respondent(page);
  const files = me.subject(/请上传身份证照片/);
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#4a90d9' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="900" height="600"><rect x="120" y="120" width="660" height="360" rx="24" fill="#fff"/><circle cx="300" cy="300" r="90" fill="#f5a623"/></svg>',
        ),
        top: 0,
        left: 0,
      },
    ])
    .jpeg()
    .toBuffer();
  await files.locator('input[type=file]').setInputFiles([
    { name: '身份证正面.jpg', mimeType: 'image/jpeg', buffer: photo },
    { name: '报名表.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n报名表\n'.padEnd(4000, ' ')) },
  ]);
  await expect(files.getByText('报名表.pdf')).toBeVisible();
  // The respondent sees their own private picture through the address the upload returned.
  const preview = files.locator('img').first();
  await expect(preview).toBeVisible();
  await expect.poll(() => loaded(preview)).toBe(true);
  await drawSignature(page, me.subject(/本人签名/).getByRole('img', { name: /签名区域/ }));
  await me
    .subject(/本人签名/)
    .getByRole('button', { name: '确认签名' })
    .click();
  const signed = me.subject(/本人签名/).getByRole('img', { name: '已保存的签名' });
  await expect(signed).toBeVisible();
  await expect.poll(() => loaded(signed)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/phone-respondent-uploads.png`, fullPage: true });
  await me.submit();
  await expect(page.getByRole('heading', { name: '提交成功' })).toBeVisible();
  await phone.close();

  // The creator's report: a thumbnail for the picture and the signature, a download link for each file.
  const desk = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN', acceptDownloads: true });
  const creator = await desk.newPage();
  await useToken(creator, token, baseURL!);
  await creator.goto(`/questionnaire/report.html?questionId=${questionId}`);
  const card = creator.getByTestId('subject-card').filter({ hasText: '请上传身份证照片' });
  const list = card.getByRole('list', { name: '上传的文件' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const thumb = list.getByRole('link', { name: '查看“身份证正面.jpg”' }).locator('img');
  await expect(thumb).toBeVisible();
  await expect.poll(() => loaded(thumb)).toBe(true);
  const signCard = creator.getByTestId('subject-card').filter({ hasText: '本人签名' });
  await expect.poll(() => loaded(signCard.locator('img').first())).toBe(true);
  await card.scrollIntoViewIfNeeded();
  await creator.screenshot({ path: `${SHOTS}/desktop-report-files.png`, fullPage: true });

  // The download link hands over the file under its name; the thumbnail opens the picture in a new tab.
  const [download] = await Promise.all([creator.waitForEvent('download'), list.getByRole('link', { name: '下载“报名表.pdf”' }).click()]);
  expect(download.suggestedFilename()).toBe('报名表.pdf');
  const [tab] = await Promise.all([desk.waitForEvent('page'), list.getByRole('link', { name: '查看“身份证正面.jpg”' }).click()]);
  await tab.waitForLoadState();
  await expect.poll(() => loaded(tab.locator('img').first())).toBe(true);
  const fileUrl = new URL(tab.url()).pathname;
  await tab.close();

  // The sheet detail shows the same files.
  const sheets = await (await request.post('/api/question/statement/getDataDetail', { data: { questionId }, headers: { token } })).json();
  const sheetId = sheets.data.list[0].sheetId as string;
  await creator.goto(`/questionnaire/answerSheetDetail.html?questionId=${questionId}&sheetId=${sheetId}`);
  const detail = creator.getByRole('list', { name: '上传的文件' });
  await expect(detail).toHaveCount(2);
  await expect(detail.first().getByRole('link', { name: '下载“报名表.pdf”' })).toBeVisible();
  await expect.poll(() => loaded(detail.first().locator('img').first())).toBe(true);
  await expect.poll(() => loaded(detail.last().locator('img').first())).toBe(true);
  await creator.screenshot({ path: `${SHOTS}/desktop-sheet-detail-files.png`, fullPage: true });
  await creator.setViewportSize(PHONE);
  await creator.screenshot({ path: `${SHOTS}/phone-sheet-detail-files.png`, fullPage: true });
  await creator.goto(`/questionnaire/report.html?questionId=${questionId}`);
  await expect(creator.getByRole('list', { name: '上传的文件' }).first()).toBeVisible();
  await creator.getByTestId('subject-card').filter({ hasText: '请上传身份证照片' }).scrollIntoViewIfNeeded();
  await creator.screenshot({ path: `${SHOTS}/phone-report-files.png` });
  const overflow = await creator.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await desk.close();

  // A logged-out browser gets the login notice, not the file, nor its thumbnail.
  const stranger = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
  const outside = await stranger.newPage();
  const refused = await outside.goto(fileUrl);
  expect(refused!.status()).toBe(401);
  await expect(outside.getByRole('heading', { name: '请登录后查看' })).toBeVisible();
  expect((await outside.request.get(`${fileUrl}?thumb=1`)).status()).toBe(401);
  await outside.screenshot({ path: `${SHOTS}/desktop-logged-out.png` });
  await stranger.close();
});

closeOtherContextsAfterEach();
