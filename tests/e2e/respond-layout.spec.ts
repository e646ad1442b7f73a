import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { loginCreator, options, PHONE, publish, subject } from './respond-support';

// Issue 17.6 on the respondent page: the sticky "已答 x/y" bar let the page's text show through, and the exam
// timer's ⏱ was a missing-glyph box on phones whose font lacks it.
const SHOTS = '/tmp/shots-respond-layout';
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

/** Distinct colours in a screenshot of an area (1 when it is one flat colour). */
async function coloursIn(page: Page, clip: { x: number; y: number; width: number; height: number }): Promise<number> {
  const png = await page.screenshot({ clip });
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const seen = new Set<number>();
  for (let i = 0; i < data.length; i += info.channels) seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
  return seen.size;
}

test('the sticky progress bar and submit bar hide what scrolls under them', async ({ page, request }) => {
  const token = await loginCreator(request);
  const subjects = Array.from({ length: 12 }, (_, i) =>
    subject(1, { title: `第${i + 1}题：您对食堂第${i + 1}个窗口的饭菜满意吗`, options: options('非常满意', '满意', '一般', '不满意'), required: false }),
  );
  const questionId = await publish(request, token, { title: '食堂满意度', questionType: 1, subjects });
  await page.goto(`/s/${questionId}`);
  await expect(page.getByText('已答 0/12')).toBeVisible();
  // The bar's own words are hidden so that only what lies behind it could colour its strip.
  await page.addStyleTag({ content: '.r-bar-row > * { visibility: hidden; }' });
  const bar = page.locator('.r-bar-row');
  const nav = page.getByRole('navigation', { name: '翻页' });
  for (const step of [280, 350, 420, 490, 560]) {
    await page.evaluate((y) => window.scrollTo(0, y), step);
    const box = (await bar.boundingBox())!;
    expect(box.y).toBe(3);
    expect(await coloursIn(page, { x: 0, y: box.y, width: box.width, height: box.height }), `text shows through the bar at scroll ${step}`).toBe(1);
    // The submit bar's strip above its button.
    const foot = (await nav.boundingBox())!;
    expect(await coloursIn(page, { x: 0, y: foot.y + 2, width: foot.width, height: 10 }), `text shows through the submit bar at scroll ${step}`).toBe(1);
  }
  await page.addStyleTag({ content: '.r-bar-row > * { visibility: visible; }' });
  await page.screenshot({ path: `${SHOTS}/phone-bar-scrolled.png` });
});

test('the exam timer draws its clock as an icon, not a font character', async ({ page, request }) => {
  const token = await loginCreator(request);
  const questionId = await publish(request, token, {
    title: '限时测验',
    questionType: 2,
    subjects: [subject(1, { title: '1 + 1 = ?', options: options('1', '2', '3'), score: 5 })],
    settings: { examMinutes: 5 },
  });
  await page.goto(`/s/${questionId}`);
  await page.getByRole('button', { name: '开始答题' }).click();
  const timer = page.getByRole('timer');
  await expect(timer).toHaveAccessibleName(/考试剩余0?4:5\d|考试剩余0?5:00/);
  await expect(timer.locator('svg')).toBeVisible();
  expect(await timer.textContent()).toMatch(/^\s*\d{1,2}:\d{2}\s*$/);
  await timer.screenshot({ path: `${SHOTS}/phone-timer.png` });
});
