import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { addDays, todayIn, weekdayOf } from '../../schemas/appointment/schedule';
import { loginCreator, subject } from './respond-support';
import { closeOtherContextsAfterEach } from './contexts';

/**
 * Appointments, the respondent's side (issue 22): the creator (through the API) makes a project with two slots of
 * capacity 2 on weekdays and one closed date; on a phone a respondent books and sees the places drop, a second
 * person fills the slot, a third joins its waitlist; the first cancels from the private link and the waiting
 * booking is promoted with its notice in the SMS outbox; the second reschedules; the .ics reads as a calendar.
 */
const SHOTS = '/tmp/shots-appointment-respond';
const PHONE = { width: 375, height: 812 };
mkdirSync(SHOTS, { recursive: true });

async function call<T>(page: { request: Page['request'] }, path: string, body: unknown, token?: string): Promise<T> {
  const answer = await (await page.request.post(`/api/${path}`, { data: body, headers: token ? { token } : {} })).json();
  if (answer.resultCode !== '200') throw new Error(`${path}: ${answer.resultCode} ${answer.resultMsg}`);
  return answer.data as T;
}

/** The next weekday on or after `date`. */
const weekdayFrom = (date: string) => {
  let d = date;
  while (weekdayOf(d) > 5) d = addDays(d, 1);
  return d;
};

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'zh-CN', isMobile: true, hasTouch: true });
  return context.newPage();
}

async function noOverflow(page: Page) {
  for (const width of [360, 375, 414]) {
    await page.setViewportSize({ width, height: 812 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(PHONE);
}

const day = (page: Page, date: string) => page.getByRole('group', { name: '预约日期' }).locator(`[data-date="${date}"]`);
const slot = (page: Page, start: string) => page.locator(`.ap-slot[data-start="${start}"]`);

/** Open the form, fill the contact subjects and choose `date` `start`; returns what the slot button said. */
async function choose(page: Page, questionId: string, date: string, start: string, who: { name: string; phone: string }) {
  await page.goto(`/s/${questionId}`);
  await expect(page.getByRole('heading', { name: '口腔检查预约' })).toBeVisible();
  await page.getByRole('group', { name: /姓名/ }).getByRole('textbox').fill(who.name);
  await page
    .getByRole('group', { name: /手机号/ })
    .getByRole('textbox')
    .fill(who.phone);
  await day(page, date).click();
  await expect(slot(page, start)).toBeVisible();
  const said = await slot(page, start).innerText();
  await slot(page, start).click();
  return said;
}

async function submitted(page: Page): Promise<string> {
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await expect(page.getByRole('heading', { name: '提交成功' })).toBeVisible();
  const href = await page.getByTestId('booking-link').getAttribute('href');
  expect(href).toMatch(/^\/appointment\/booking\/[\w-]+$/);
  return href!;
}

test('appointments on a phone: book, places drop, fill, waitlist, cancel promotes with an outbox notice, reschedule, .ics', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const token = await loginCreator(request);
  const creator = { request };
  const today = todayIn('Asia/Shanghai', new Date());
  const D = weekdayFrom(addDays(today, 2));
  const closed = weekdayFrom(addDays(D, 1));
  const { questionId } = await call<{ questionId: string }>(
    creator,
    'activity/question/saveOrUpdateWxQuestion',
    {
      questionType: 7,
      title: '口腔检查预约',
      subtitle: '请按预约时间到达，带好身份证',
      subjects: [subject(37, { title: '预约时间' }), subject(6, { title: '姓名', required: false }), subject(26, { title: '手机号', required: false })],
    },
    token,
  );
  const schedule = {
    startDate: today,
    endDate: addDays(today, 40),
    partySizeMax: 2,
    window: { daysAhead: 30, cutoffMinutes: 0 },
    weekly: [1, 2, 3, 4, 5].map((weekday) => ({
      weekday,
      slots: [
        { start: '09:00', end: '10:00', capacity: 2 },
        { start: '14:00', end: '15:00', capacity: 2 },
      ],
    })),
    exceptions: [{ kind: 'closed', date: closed }],
  };
  await call(creator, 'activity/question/appointment/saveSetting', { questionId, schedule }, token);
  await call(creator, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);

  // A: the calendar of the coming weeks; the closed date and weekends cannot be picked; D's slots have 2 places.
  const a = await phonePage(browser);
  await a.goto(`/s/${questionId}`);
  await expect(day(a, D)).toBeEnabled();
  await expect(day(a, D)).toContainText('余4');
  await expect(day(a, closed)).toBeDisabled();
  await a.screenshot({ path: `${SHOTS}/phone-1-calendar.png`, fullPage: true });
  const saidA = await choose(a, questionId, D, '09:00', { name: '张三', phone: '13800000001' });
  expect(saidA).toContain('剩余2');
  await expect(slot(a, '14:00')).toContainText('剩余2');
  await a.screenshot({ path: `${SHOTS}/phone-2-slots.png`, fullPage: true });
  await noOverflow(a);
  const linkA = await submitted(a);
  await expect(a.getByTestId('booking-state')).toHaveText('已预约');
  await expect(a.getByText('添加到日历')).toBeVisible();
  await a.screenshot({ path: `${SHOTS}/phone-3-confirmation.png`, fullPage: true });
  await noOverflow(a);

  // B: the places dropped; B takes the last place of 09:00.
  const b = await phonePage(browser);
  expect(await choose(b, questionId, D, '09:00', { name: '李四', phone: '13800000002' })).toContain('剩余1');
  const linkB = await submitted(b);
  await expect(b.getByTestId('booking-state')).toHaveText('已预约');

  // C, in another context: 09:00 is full and offers its waitlist.
  const c = await phonePage(browser);
  expect(await choose(c, questionId, D, '09:00', { name: '王五', phone: '13800000003' })).toContain('已约满');
  await expect(c.getByText('该时段已约满，提交后将加入候补')).toBeVisible();
  await c.screenshot({ path: `${SHOTS}/phone-4-waitlist-choice.png`, fullPage: true });
  const linkC = await submitted(c);
  await expect(c.getByTestId('booking-state')).toHaveText('候补第1位');
  await expect(c.getByText('添加到日历')).toHaveCount(0);

  // A cancels from the private link: C is promoted, and the outbox holds C's notice.
  await a.goto(linkA);
  await expect(a.getByRole('heading', { name: '口腔检查预约' })).toBeVisible();
  await expect(a.getByTestId('booking-state')).toHaveText('已预约');
  await a.screenshot({ path: `${SHOTS}/phone-5-booking-page.png`, fullPage: true });
  await a.getByRole('button', { name: '取消预约' }).click();
  await a.getByRole('textbox').fill('临时出差');
  await a.getByRole('button', { name: '确认取消' }).click();
  await expect(a.getByRole('status')).toHaveText('已取消预约');
  await expect(a.getByTestId('booking-state')).toHaveText('已取消');
  const outbox = await call<{ text: string }[]>(creator, 'dev/outbox', { phone: '13800000003' });
  expect(outbox.map((m) => m.text).join('\n')).toContain('「口腔检查预约」的候补已转为预约成功');
  await c.goto(linkC);
  await expect(c.getByTestId('booking-state')).toHaveText('已预约（候补转正）');

  // B reschedules to 14:00 from its link.
  await b.goto(linkB);
  await b.getByRole('button', { name: '改约' }).click();
  await day(b, D).click();
  await expect(slot(b, '09:00')).toContainText('当前时段');
  await slot(b, '14:00').click();
  await b.screenshot({ path: `${SHOTS}/phone-6-reschedule.png`, fullPage: true });
  await noOverflow(b);
  await b.getByRole('button', { name: '确认改约到 14:00' }).click();
  await expect(b.getByRole('status')).toContainText('已改约到');
  await expect(b.locator('.ap-facts')).toContainText('14:00–15:00');
  await b.screenshot({ path: `${SHOTS}/phone-7-rescheduled.png`, fullPage: true });
  await b.setViewportSize({ width: 1440, height: 900 });
  await b.screenshot({ path: `${SHOTS}/desktop-booking-page.png`, fullPage: true });
  await b.setViewportSize(PHONE);

  // The .ics downloads and reads as a calendar file.
  const [download] = await Promise.all([b.waitForEvent('download'), b.getByRole('link', { name: '下载 .ics' }).click()]);
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(path, 'utf8');
  expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(text).toContain('\r\nBEGIN:VEVENT\r\n');
  expect(text).toContain('SUMMARY:口腔检查预约\r\n');
  // 14:00 in Shanghai is 06:00 UTC.
  expect(text).toContain(`DTSTART:${D.replace(/-/g, '')}T060000Z\r\n`);
  expect(text.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);

  // A wrong link says so.
  const stranger = await phonePage(browser);
  await stranger.goto('/appointment/booking/not-a-real-token-000000');
  await expect(stranger.getByRole('heading', { name: '无法打开预约' })).toBeVisible();
  await expect(stranger.getByText('预约链接无效或已失效')).toBeVisible();
});

closeOtherContextsAfterEach();
