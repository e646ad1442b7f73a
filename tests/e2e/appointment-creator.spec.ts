import { mkdir } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DESKTOP, loginCreator, subject, useToken } from './respond-support';
import { closeOtherContextsAfterEach } from './contexts';

/**
 * Appointments, the creator's side (issue 22 item 3): a project with bookings made through the API; the creator
 * opens 预约管理, checks one in (到店签到), cancels one with a reason (the waiting booking moves up), moves one to
 * another slot; the statement counts them (booked / arrived / cancelled); the export shows in 我的下载.
 */
const SHOTS = '/tmp/shots-appointment-creator';
const DAY_MS = 86_400_000;
const shanghaiDate = (offsetDays: number) => new Date(Date.now() + 8 * 3_600_000 + offsetDays * DAY_MS).toISOString().slice(0, 10);
const mondayOf = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  return new Date(d.getTime() - ((d.getUTCDay() || 7) - 1) * DAY_MS).toISOString().slice(0, 10);
};

async function call<T>(request: APIRequestContext, path: string, body: unknown, token?: string): Promise<T> {
  const answer = await (await request.post(`/api/${path}`, { data: body, headers: token ? { token } : {} })).json();
  if (answer.resultCode !== '200') throw new Error(`${path}: ${answer.resultCode} ${answer.resultMsg}`);
  return answer.data as T;
}

test('the creator checks in, cancels with a reason and moves bookings; the statement counts them; the export lands in 我的下载', async ({
  browser,
  request,
  baseURL,
}) => {
  await mkdir(SHOTS, { recursive: true });
  const token = await loginCreator(request);
  const { questionId } = await call<{ questionId: string }>(
    request,
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 7, title: '口腔检查预约', subtitle: '请按预约时间到达', subjects: [subject(37, { title: '预约时间' })] },
    token,
  );
  const day = shanghaiDate(2);
  await call(
    request,
    'activity/question/appointment/saveSetting',
    {
      questionId,
      schedule: {
        startDate: shanghaiDate(0),
        endDate: shanghaiDate(20),
        partySizeMax: 3,
        window: { daysAhead: 30, cutoffMinutes: 0 },
        weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
          weekday,
          slots: [
            { start: '09:00', end: '10:00', capacity: 3 },
            { start: '14:00', end: '15:00', capacity: 3 },
          ],
        })),
        exceptions: [{ kind: 'closed', date: shanghaiDate(5) }],
      },
    },
    token,
  );
  await call(request, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);
  const book = (name: string, phone: string) =>
    call<{ booking: { state: string } }>(request, 'activity/question/appointment/book', { questionId, date: day, start: '09:00', name, phone });
  await book('张三', '13800000001');
  await book('李四', '13800000002');
  await book('王五', '13800000003');
  expect((await book('赵六', '13800000004')).booking.state).toBe('waitlisted');

  const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
  const page = await context.newPage();
  await useToken(page, token, baseURL!);
  await page.goto(`/questionnaire/appointManage.html?questionId=${questionId}`);
  await expect(page.getByRole('heading', { name: '口腔检查预约' })).toBeVisible();
  if (mondayOf(day) !== mondayOf(shanghaiDate(0))) await page.getByRole('button', { name: '下一周' }).click();
  const cell = page.getByTestId('appointment-cell').filter({ has: page.getByText('候补 1') });
  await expect(cell).toHaveAttribute('aria-label', /09:00-10:00，已约 3\/3，候补 1/);
  await cell.click();
  const rows = page.getByTestId('appointment-booking');
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: '赵六' })).toContainText('候补中 · 第 1 位');
  const row = (name: string) => rows.filter({ hasText: name });

  // 到店签到.
  await row('张三').getByRole('button', { name: '到店签到' }).click();
  await expect(row('张三')).toContainText('已到场');
  await expect(row('张三').getByRole('button', { name: '到店签到' })).toHaveCount(0);

  // Cancel with a reason: 赵六 moves up from the waitlist.
  await row('李四').getByRole('button', { name: '取消' }).click();
  const cancel = page.getByRole('dialog', { name: '取消预约' });
  await expect(cancel.getByRole('button', { name: '确认取消' })).toBeDisabled();
  await cancel.getByLabel('取消原因').fill('医生临时停诊');
  await cancel.getByRole('button', { name: '确认取消' }).click();
  await expect(cancel).toBeHidden();
  await expect(row('李四')).toContainText('已取消');
  await expect(row('李四')).toContainText('原因：医生临时停诊');
  await expect(row('赵六')).toContainText('由候补补上');

  // Move 王五 to 14:00 the same day.
  await row('王五').getByRole('button', { name: '改约' }).click();
  const move = page.getByRole('dialog', { name: '改约到其他时段' });
  await expect(move.getByRole('radio', { name: /09:00-10:00/ })).toBeDisabled();
  await move.getByRole('radio', { name: /14:00-15:00/ }).click();
  await move.getByRole('button', { name: '确认改约' }).click();
  await expect(move).toBeHidden();
  await page.getByRole('button', { name: '清除筛选' }).click();
  await expect(row('王五')).toContainText('14:00-15:00');
  await expect(page.getByTestId('appointment-cell').filter({ hasText: '1/3' }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/desktop-bookings.png`, fullPage: true });

  // The statement: 4 bookings, 2 booked, 1 arrived, 1 cancelled.
  await page.getByRole('tab', { name: '预约统计' }).click();
  await expect(page.getByTestId('stat-bookings')).toHaveText('4');
  await expect(page.getByTestId('stat-booked')).toHaveText('2');
  await expect(page.getByTestId('stat-checkedIn')).toHaveText('1');
  await expect(page.getByTestId('stat-cancelled')).toHaveText('1');
  await expect(page.getByRole('region', { name: '各时段满约率' }).locator('[data-chart-ready="true"]')).toBeVisible();
  await expect(page.getByRole('region', { name: '每日预约' }).locator('[data-chart-ready="true"]')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/desktop-statement.png`, fullPage: true });

  // The export goes through the export jobs and shows in 我的下载.
  await page.getByRole('button', { name: '导出 Excel' }).click();
  await expect(page.getByRole('status').filter({ hasText: '我的下载' })).toContainText('口腔检查预约_预约记录.xlsx');

  await page.getByRole('tab', { name: '预约设置' }).click();
  await expect(page.getByRole('region', { name: '每周时段' })).toBeVisible();
  await expect(page.getByTestId('appointment-exception')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/desktop-settings.png`, fullPage: true });
  // Saving over the version read: the reminder time changes, the next read shows it.
  await page.getByLabel('短信提醒（开始前分钟）').fill('120');
  await page.getByRole('button', { name: '保存预约设置' }).click();
  await expect(page.getByText('预约设置已保存')).toBeVisible();
  const saved = await call<{ schedule: { reminderMinutes: number }; version: number }>(
    request,
    'activity/question/appointment/getSetting',
    { questionId },
    token,
  );
  expect(saved).toMatchObject({ schedule: { reminderMinutes: 120 }, version: 2 });

  // Narrow screens: the calendar and list scroll inside their cards, the page itself does not.
  await page.getByRole('tab', { name: '预约记录' }).click();
  for (const width of [360, 414]) {
    await page.setViewportSize({ width, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
  }
  await page.screenshot({ path: `${SHOTS}/phone-bookings.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);

  await page.getByRole('link', { name: '我的下载' }).click();
  await expect(page.getByRole('heading', { name: '我的下载' })).toBeVisible();
  const download = page.getByTestId('download-row').filter({ hasText: '口腔检查预约_预约记录.xlsx' }).first();
  await expect(download).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
});

closeOtherContextsAfterEach();
