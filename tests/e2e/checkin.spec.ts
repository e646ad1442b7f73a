import { expect, test, type Page } from '@playwright/test';
import { laneOrigin } from './support';
import sharp from 'sharp';
import { addDays, dayLabel, shanghaiDay } from '../../schemas/checkin/days';
import { apiCall } from './editor-model';
import { violationsOf } from './axe-check';
import { DESKTOP, PHONE, loginCreator, subject, useToken } from './respond-support';
import { closeOtherContextsAfterEach } from './contexts';

/**
 * Daily check-in (issue 20 item 2) on the 接龙通 host: a participant checks in on a phone on day 1, the server's
 * test clock moves two days on, they check in on day 3 — the page shows the streak broken by the missed day 2 —
 * (another participant's check-in appears on the open page through the live feed), and the creator's screen shows the daily completion rate, the records and who has not checked in.
 */
const SHOTS = '/tmp/shots-checkin';
const HOST = () => laneOrigin('jielong.localhost');

async function call<T>(page: { request: Page['request'] }, path: string, body: unknown, token: string): Promise<T> {
  const answer = await (await page.request.post(`/api/${path}`, { data: body, headers: { token } })).json();
  if (answer.resultCode !== '200') throw new Error(`${path}: ${answer.resultCode} ${answer.resultMsg}`);
  return answer.data as T;
}

async function noOverflow(page: Page) {
  for (const width of [360, 390, 414]) {
    await page.setViewportSize({ width, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(PHONE);
}

const streaks = (page: Page) => page.getByTestId('checkin-streaks');
const day = (page: Page, d: string) => page.getByRole('region', { name: '打卡日历' }).locator(`[data-day="${d}"]`);

test.afterEach(async ({ request }) => {
  await apiCall(request, 'dev/clock', { offsetDays: 0 });
});

test('check-in: day 1 and day 3 on a phone with the test clock moved, a streak and the missed day 2', async ({ browser, request }) => {
  await apiCall(request, 'dev/clock', { offsetDays: 0 });
  const token = await loginCreator(request);
  const creator = { request };
  const day1 = shanghaiDay(new Date());
  const [day2, day3] = [addDays(day1, 1), addDays(day1, 2)];
  const { questionId } = await call<{ questionId: string }>(
    creator,
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 5, solitaireType: 1, title: '21 天晨跑打卡', subtitle: '每天跑完记录时长，坚持就是胜利', subjects: [subject(6, { title: '打卡内容' })] },
    token,
  );
  await call(
    creator,
    'activity/question/solitaire/saveCheckInSetting',
    { questionId, startDay: day1, endDay: addDays(day1, 20), numberMode: 'optional', numberLabel: '跑步', numberUnit: '分钟', makeupDays: 0 },
    token,
  );
  await call(creator, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);

  const context = await browser.newContext({ viewport: PHONE, locale: 'zh-CN', isMobile: true, hasTouch: true });
  const phone = await context.newPage();
  await phone.goto(`${HOST()}/s/${questionId}`);
  await expect(phone.getByRole('heading', { name: '21 天晨跑打卡' })).toBeVisible();
  await expect(phone.getByText('今天还没有人打卡，来做第一个吧')).toBeVisible();

  // Day 1.
  const form = phone.getByRole('form', { name: '打卡' });
  await form.getByPlaceholder('请输入姓名').fill('小林');
  await form.getByPlaceholder('今天完成了什么？说说你的收获').fill('绕湖跑了 5 公里');
  await form.getByPlaceholder('请输入跑步').fill('32');
  await phone.screenshot({ path: `${SHOTS}/phone-day1-form.png`, fullPage: true });
  await form.getByRole('button', { name: '打卡' }).click();
  await expect(phone.getByRole('status')).toContainText('已连续打卡 1 天');
  await expect(phone.getByTestId('checkin-today')).toContainText('今天已打卡');
  await expect(day(phone, day1)).toHaveAttribute('data-status', 'done');
  await expect(phone.getByRole('region', { name: '今日动态' })).toContainText('绕湖跑了 5 公里');
  await expect(phone.getByRole('region', { name: '今日动态' })).toContainText('跑步 32分钟');
  // Twice a day is refused on the server too.
  const twice = await apiCall(request, 'activity/question/solitaire/checkIn', { questionId, deviceId: 'someone-else-0001', name: '小周' });
  expect(twice.resultCode).toBe('200');
  // Someone else's check-in reaches the open page through the live feed, without a reload.
  await expect(phone.getByRole('region', { name: '今日动态' })).toContainText('小周');
  const again = await apiCall(request, 'activity/question/solitaire/checkIn', { questionId, deviceId: 'someone-else-0001', name: '小周' });
  expect(again.resultMsg).toBe('今天已经打过卡了，明天再来吧');

  // Day 3: the server's clock two days on.
  await apiCall(request, 'dev/clock', { offsetDays: 2 });
  await phone.reload();
  await expect(phone.getByTestId('checkin-today')).toContainText('今天还没打卡');
  await expect(day(phone, day2)).toHaveAttribute('data-status', 'missed');
  await expect(day(phone, day2)).toHaveAttribute('aria-label', /缺卡/);
  await phone.getByRole('form', { name: '打卡' }).getByPlaceholder('今天完成了什么？说说你的收获').fill('下雨后补上，跑了 3 公里');
  await phone.getByRole('form', { name: '打卡' }).getByRole('button', { name: '打卡' }).click();
  await expect(phone.getByRole('status')).toContainText('已连续打卡 1 天');
  await expect(day(phone, day3)).toHaveAttribute('data-status', 'done');
  await expect(day(phone, day1)).toHaveAttribute('data-status', 'done');
  await expect(day(phone, day2)).toHaveAttribute('data-status', 'missed');
  await expect(streaks(phone)).toContainText('1当前连续（天）');
  await expect(streaks(phone)).toContainText('1最长连续（天）');
  await expect(streaks(phone)).toContainText('2累计打卡（天）');
  await expect(phone.getByRole('region', { name: '连续打卡排行' })).toContainText('小林');
  await phone.screenshot({ path: `${SHOTS}/phone-day3.png`, fullPage: true });
  await noOverflow(phone);

  // The creator: completion per day, who missed today (小周), the records.
  const desk = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
  const manage = await desk.newPage();
  await useToken(manage, token, HOST());
  await manage.goto(`${HOST()}/questionnaire/solitaireList.html?questionId=${questionId}&solitaireType=1`);
  await expect(manage.getByRole('heading', { name: '21 天晨跑打卡' })).toBeVisible();
  await expect(manage.getByTestId('checkin-record')).toHaveCount(3);
  await expect(manage.getByRole('region', { name: '今日未打卡' })).toContainText('小周');
  await expect(manage.getByRole('region', { name: '每日完成率' }).locator('[data-chart-ready="true"]')).toBeVisible();
  // 导出 Excel starts the export job and says where the file goes.
  await manage.getByRole('button', { name: '导出 Excel' }).click();
  await expect(manage.getByRole('status').filter({ hasText: '我的下载' })).toContainText('21 天晨跑打卡_打卡记录.xlsx');
  await manage.screenshot({ path: `${SHOTS}/desktop-manage.png`, fullPage: true });
  await manage.setViewportSize({ width: 1280, height: 900 });
  await manage.screenshot({ path: `${SHOTS}/desktop-1280-manage.png`, fullPage: true });
  await manage.setViewportSize(PHONE);
  await manage.screenshot({ path: `${SHOTS}/phone-manage.png`, fullPage: true });
});

/** The server's clock set to `hhmm` Beijing time of `day` (the test clock moves by a fraction of a day). */
async function serverAt(request: Page['request'], day: string, hhmm: string) {
  const offsetDays = (Date.parse(`${day}T${hhmm}:00+08:00`) - Date.now()) / 86_400_000;
  await apiCall(request, 'dev/clock', { offsetDays });
}

test('check-in at 07:00 Beijing time: not published yet, published from its own page, a photo without an account, Beijing days', async ({
  browser,
  request,
}) => {
  // Tomorrow (Beijing) at 07:00: still today in UTC.
  const D = addDays(shanghaiDay(new Date()), 1);
  await serverAt(request, D, '07:00');
  const token = await loginCreator(request);
  const creator = { request };
  const { questionId } = await call<{ questionId: string }>(
    creator,
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 5, solitaireType: 1, title: '早起拍照打卡', subtitle: '起床后拍一张窗外', subjects: [subject(6, { title: '打卡内容' })] },
    token,
  );
  await call(creator, 'activity/question/solitaire/saveCheckInSetting', { questionId, startDay: D, photoMode: 'optional' }, token);

  // Before publishing, the phone page says so (not 已暂停收集).
  // bypassCSP: the axe checks inject their script (as the axe sweep does).
  const context = await browser.newContext({ viewport: PHONE, locale: 'zh-CN', isMobile: true, hasTouch: true, bypassCSP: true });
  const phone = await context.newPage();
  await phone.goto(`${HOST()}/s/${questionId}`);
  await expect(phone.getByText('打卡接龙尚未发布')).toBeVisible();
  await expect(phone.getByText('发布者还没有发布，发布后就能打开了')).toBeVisible();
  await expect(phone.getByText(/暂停/)).toHaveCount(0);
  await phone.screenshot({ path: `${SHOTS}/phone-not-published.png`, fullPage: true });
  expect(await violationsOf(phone), 'axe on the not-published page').toEqual([]);

  // The creator publishes from the check-in's own page.
  const desk = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN', bypassCSP: true });
  const manage = await desk.newPage();
  await useToken(manage, token, HOST());
  await manage.goto(`${HOST()}/questionnaire/solitaireList.html?questionId=${questionId}&solitaireType=1`);
  await manage.getByRole('button', { name: '发布打卡' }).click();
  await expect(manage.getByText(/^打卡进行中/)).toBeVisible();
  await expect(manage.getByRole('button', { name: '暂停打卡' })).toBeVisible();
  await manage.screenshot({ path: `${SHOTS}/desktop-published.png`, fullPage: true });
  expect(await violationsOf(manage), 'axe on the published check-in manage page').toEqual([]);

  // The phone, not logged in, at 07:00: today is the Beijing day D, the day before is no 缺卡.
  await phone.reload();
  await expect(phone.getByRole('heading', { name: '早起拍照打卡' })).toBeVisible();
  await expect(phone.getByTestId('checkin-today')).toHaveText('今天还没打卡');
  await expect(day(phone, D)).toHaveAttribute('data-status', 'open');
  if (addDays(D, -1).slice(0, 7) === D.slice(0, 7)) await expect(day(phone, addDays(D, -1))).toHaveAttribute('data-status', 'off');
  await expect(phone.getByText('登录后可上传照片')).toHaveCount(0);
  const form = phone.getByRole('form', { name: '打卡' });
  await form.getByPlaceholder('请输入姓名').fill('小林');
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 160, b: 220 } } })
    .png()
    .toBuffer();
  await form.locator('input[type="file"]').setInputFiles({ name: 'window.png', mimeType: 'image/png', buffer: image });
  await expect(form.getByRole('img', { name: '打卡照片' })).toBeVisible();
  await phone.screenshot({ path: `${SHOTS}/phone-photo-form.png`, fullPage: true });
  expect(await violationsOf(phone), 'axe on the check-in form with a photo').toEqual([]);
  await form.getByRole('button', { name: '打卡' }).click();
  await expect(phone.getByRole('status')).toContainText('已连续打卡 1 天');
  await expect(day(phone, D)).toHaveAttribute('data-status', 'done');
  await expect(phone.getByRole('region', { name: '今日动态' }).getByRole('img', { name: '小林的打卡照片' })).toBeVisible();
  // The organiser's chart counts the same day.
  await manage.reload();
  await expect(manage.getByTestId('checkin-record')).toHaveCount(1);
  await expect(manage.getByTestId('checkin-record').first()).toContainText(dayLabel(D));

  // 23:30 the same Beijing day: still D, done.
  await serverAt(request, D, '23:30');
  await phone.reload();
  await expect(phone.getByTestId('checkin-today')).toContainText('今天已打卡');
  await expect(day(phone, D)).toHaveAttribute('data-status', 'done');
  await phone.screenshot({ path: `${SHOTS}/phone-2330.png`, fullPage: true });
  expect(await violationsOf(phone), 'axe on the checked-in page with its photo').toEqual([]);
  await noOverflow(phone);
});

closeOtherContextsAfterEach();
