import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAppointmentStatement } from '../../../schemas/api/appointment';
import type { TDownloadList, TExportJob } from '../../../schemas/api/export-jobs';
import type { TExportLink } from '../../../schemas/api/report';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { A, bookSlot, NOW, publishAppointment, weekdaySchedule } from './appointment-helpers';

/**
 * Issue 22 item 3, the creator's numbers: the appointment statement (bookings by state, no-shows, fill rate per
 * day and per slot) and the bookings' Excel export through the export jobs (我的下载).
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'wj-appointment-exports-'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW, jobs: 'manual', env: { DATA_DIR: dataDir }, exportRunner: { worker: 'appointment', progressIntervalMs: 0 } });
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `who` joins the project through an invitation with `powerType` (3 view, 2 edit). */
async function addCollaborator(owner: { headers: { token: string } }, questionId: string, who: { headers: { token: string } }, powerType: number) {
  const code = await t.call<{ workCode: string }>('activity/question/getTeamWorkCode', { questionId, powerType }, owner.headers);
  expect((await t.call('code/joinTeamWork', { workCode: code.data.workCode }, who.headers)).resultCode).toBe('200');
}

const ok = <T>(answer: { resultCode: string; resultMsg: string; data: T }) => {
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return answer.data;
};

/**
 * Capacity 3 per slot. Tuesday 12-08 09:00: 张三 (arrives), 李四 (cancelled by the creator), 王五 booked, 赵六 waits
 * and is promoted by the cancel; 14:00: a party of 2 that does not come. Wednesday 09:00: one booking.
 */
async function busyProject() {
  const { questionId, owner } = await publishAppointment(t, weekdaySchedule(3));
  const book = async (date: string, start: string, name: string, extra: Record<string, unknown> = {}) =>
    ok(await bookSlot(t, questionId, date, start, { name, phone: '13800000001', ...extra })).booking;
  const zhang = await book('2026-12-08', '09:00', '张三');
  const li = await book('2026-12-08', '09:00', '李四');
  await book('2026-12-08', '09:00', '=王五');
  const zhao = await book('2026-12-08', '09:00', '赵六');
  expect(zhao.state).toBe('waitlisted');
  const party = await book('2026-12-08', '14:00', '钱七', { partySize: 2 });
  await book('2026-12-09', '09:00', '孙八');
  ok(await t.call(`${A}checkIn`, { questionId, bookingId: zhang.bookingId }, owner.headers));
  ok(await t.call(`${A}cancelBooking`, { questionId, bookingId: li.bookingId, reason: '=门诊停诊' }, owner.headers));
  ok(await t.call(`${A}markNoShow`, { questionId, bookingId: party.bookingId }, owner.headers));
  return { questionId, owner };
}

describe('appointment statement', () => {
  it('counts bookings by state and the fill rate per day and per slot, for a range and for the whole schedule', async () => {
    const { questionId, owner } = await busyProject();
    const day = ok(await t.call<TAppointmentStatement>(`${A}getStatement`, { questionId, from: '2026-12-08', to: '2026-12-08' }, owner.headers));
    expect(day.totals).toEqual({ bookings: 5, booked: 2, checkedIn: 1, noShow: 1, cancelled: 1, waitlisted: 0, people: 5, capacity: 6, fillRate: 0.8333 });
    expect(day.days).toEqual([{ date: '2026-12-08', weekday: 2, ...day.totals }]);
    expect(day.slots.map((s) => [s.start, s.end, s.bookings, s.people, s.capacity, s.fillRate])).toEqual([
      ['09:00', '10:00', 4, 3, 3, 1],
      ['14:00', '15:00', 1, 2, 3, 0.6667],
    ]);

    const all = ok(await t.call<TAppointmentStatement>(`${A}getStatement`, { questionId }, owner.headers));
    expect([all.from, all.to]).toEqual(['2026-12-01', '2026-12-31']);
    // December 2026 has 23 weekdays, two slots of 3 places each.
    expect(all.totals).toMatchObject({ bookings: 6, booked: 3, checkedIn: 1, noShow: 1, cancelled: 1, people: 6, capacity: 23 * 6 });
    expect(all.days).toHaveLength(23);
    expect(all.days.find((d) => d.date === '2026-12-09')).toMatchObject({ bookings: 1, booked: 1, people: 1, capacity: 6 });
    expect(all.slots.map((s) => [s.start, s.bookings, s.capacity])).toEqual([
      ['09:00', 5, 69],
      ['14:00', 1, 69],
    ]);
  });

  it('needs the report power: a viewer reads it, an editor and a stranger do not; a bad range is refused', async () => {
    const { questionId, owner } = await busyProject();
    const viewer = await loginNewUser(t);
    const editor = await loginNewUser(t);
    await addCollaborator(owner, questionId, viewer, 3);
    await addCollaborator(owner, questionId, editor, 2);
    ok(await t.call(`${A}getStatement`, { questionId }, viewer.headers));
    expect((await t.call(`${A}getStatement`, { questionId }, editor.headers)).resultCode).toBe('403');
    expect((await t.call(`${A}getStatement`, { questionId }, (await loginNewUser(t)).headers)).resultCode).toBe('404');
    const backwards = await t.call(`${A}getStatement`, { questionId, from: '2026-12-09', to: '2026-12-08' }, owner.headers);
    expect(backwards).toMatchObject({ resultCode: '400' });
    expect(backwards.resultMsg).toContain('结束日期不能早于开始日期');
  });
});

async function sheets(file: Buffer): Promise<Record<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const out: Record<string, unknown[][]> = {};
  workbook.eachSheet((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push(Array.from({ length: sheet.columnCount }, (_, i) => (row.values as unknown[])[i + 1] ?? '')));
    out[sheet.name] = rows;
  });
  return out;
}

describe('exportBookings', () => {
  it('writes every booking by date and slot with booker, phone, party, state, waiting position and reason, and each day’s numbers', async () => {
    const { questionId, owner } = await busyProject();
    ok(await bookSlot(t, questionId, '2026-12-08', '09:00', { name: '周九', phone: '13900000009' }));
    const job = ok(await t.call<TExportJob>(`${A}exportBookings`, { questionId }, owner.headers));
    expect(job).toMatchObject({ status: 'queued', kind: 'xlsx', questionId, fileName: '口腔检查预约_预约记录.xlsx' });
    const list = ok(await t.call<TDownloadList>('activity/question/getDownloadList', {}, owner.headers));
    expect(list.list[0]).toMatchObject({ jobId: job.jobId, questionId });

    expect(await t.app.exportRunner.runOnce()).toBe(job.jobId);
    const done = ok(await t.call<TExportJob>('activity/question/getDownload', { jobId: job.jobId }, owner.headers));
    expect(done.status, done.error ?? '').toBe('done');
    const link = ok(await t.call<TExportLink>('activity/question/getDownloadUrl', { jobId: job.jobId }, owner.headers));
    const response = await t.app.inject({ method: 'GET', url: link.url });
    const book = await sheets(response.rawPayload);
    expect(Object.keys(book)).toEqual(['预约记录', '每日统计']);
    const rows = book['预约记录']!;
    expect(rows[0]).toEqual(['日期', '星期', '时段', '资源', '姓名', '手机号', '人数', '状态', '候补顺位', '取消原因', '预约时间', '最后修改时间']);
    expect(rows.slice(1).map((r) => r.slice(0, 10))).toEqual([
      ['2026-12-08', '周二', '09:00-10:00', '', '张三', '13800000001', 1, '已到场', '', ''],
      ['2026-12-08', '周二', '09:00-10:00', '', '李四', '13800000001', 1, '已取消', '', "'=门诊停诊"],
      ['2026-12-08', '周二', '09:00-10:00', '', "'=王五", '13800000001', 1, '已预约', '', ''],
      ['2026-12-08', '周二', '09:00-10:00', '', '赵六', '13800000001', 1, '已预约', '', ''],
      ['2026-12-08', '周二', '09:00-10:00', '', '周九', '13900000009', 1, '候补中', 1, ''],
      ['2026-12-08', '周二', '14:00-15:00', '', '钱七', '13800000001', 2, '未到场', '', ''],
      ['2026-12-09', '周三', '09:00-10:00', '', '孙八', '13800000001', 1, '已预约', '', ''],
    ]);
    expect(rows[1]![10]).toBe('2026-12-07 08:30:00');
    const days = book['每日统计']!;
    expect(days[0]).toEqual(['日期', '星期', '预约数', '待到店', '已到场', '爽约', '已取消', '候补中', '占用名额', '总名额', '满约率']);
    expect(days.find((d) => d[0] === '2026-12-08')).toEqual(['2026-12-08', '周二', 6, 2, 1, 1, 1, 1, 5, 6, '83%']);
    expect(days).toHaveLength(1 + 23);
  });

  it('needs the report power and an appointment project', async () => {
    const { questionId } = await busyProject();
    const stranger = await loginNewUser(t);
    expect((await t.call(`${A}exportBookings`, { questionId }, stranger.headers)).resultCode).toBe('404');
    expect((await t.call(`${A}exportBookings`, { questionId })).resultCode).toBe('401');
    const list = ok(await t.call<TDownloadList>('activity/question/getDownloadList', {}, stranger.headers));
    expect(list.total).toBe(0);
  });
});
