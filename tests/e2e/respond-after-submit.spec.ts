import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { PHONE, Respondent, SHOTS, loginCreator, options, publish, subject } from './respond-support';

mkdirSync(SHOTS, { recursive: true });

test.describe('after submitting', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('允许提交后修改答案 and 向答题者展示统计结果: the own link brings back the answers and the picture, the change replaces the sheet', async ({
    page,
    request,
  }) => {
    const token = await loginCreator(request);
    const questionId = await publish(request, token, {
      title: '活动场次登记',
      questionType: 1,
      subjects: [
        subject(1, { title: '选择场次', options: options('上午场', '下午场') }),
        subject(13, { title: '上传照片', accept: ['png'], maxSizeMb: 1, maxCount: 1 }),
      ],
      settings: { allowEditAfterSubmit: true, showResults: true },
    });
    await page.goto(`/s/${questionId}`);
    const me = Respondent(page);
    await me.pick(/选择场次/, '上午场');
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#16a34a' } })
      .png()
      .toBuffer();
    await me
      .subject(/上传照片/)
      .locator('input[type=file]')
      .setInputFiles({ name: '照片.png', mimeType: 'image/png', buffer: photo });
    await expect(me.subject(/上传照片/).getByText('照片.png')).toBeVisible();
    await me.submit();
    await expect(page.getByRole('heading', { name: '提交成功' })).toBeVisible();
    await expect(page.getByText('共 1 份答卷')).toBeVisible();
    await expect(page.getByLabel('上午场：1票，100%')).toBeVisible();

    await page.getByRole('link', { name: '修改答案' }).click();
    await expect(page.getByText('正在修改已提交的答卷，提交后将替换原答卷')).toBeVisible();
    await expect(me.subject(/选择场次/).getByRole('radio', { name: '上午场' })).toBeChecked();
    // The stored picture is shown through its short-lived view address, and it loads.
    const picture = me.subject(/上传照片/).locator('img');
    await expect(picture).toHaveAttribute('src', /^\/uploads\/.+\?t=/);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40);
    await page.screenshot({ path: `${SHOTS}/phone-10-edit-after-submit.png`, fullPage: true });

    await me.pick(/选择场次/, '下午场');
    await me.submit();
    await expect(page.getByRole('heading', { name: '提交成功' })).toBeVisible();
    await expect(page.getByText('共 1 份答卷')).toBeVisible();
    await expect(page.getByLabel('下午场：1票，100%')).toBeVisible();
    await expect(page.getByLabel('上午场：0票，0%')).toBeVisible();
  });
});
