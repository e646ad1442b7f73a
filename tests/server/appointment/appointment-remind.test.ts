import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TScheduleInput } from '../../../schemas/appointment/schedule';
import type { TNoticeList } from '../../../schemas/api/notice';
import { sendDueReminders } from '../../../server/services/appointment/appointment-remind.service';
import { engineName } from '../../helpers/test-db';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { A, bookSlot, NOW, publishAppointment, weekdaySchedule } from './appointment-helpers';

/**
 * Issue 22 item 3: reminders before the slot through the SMS provider (the outbox here). The sweep claims each
 * due reminder with one conditional UPDATE … RETURNING, so sweeps racing in several processes send it once.
 */
let clock = NOW;
let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock, jobs: 'manual' });
  other = await siblingApp(t, { now: () => clock });
}, 60_000);
afterAll(async () => {
  await other.close();
  await t.close();
});

/** Shanghai wall-clock time as an instant. */
const at = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);
let phones = 0;
const newPhone = () => `137${String(Date.now() % 1e4).padStart(4, '0')}${String(++phones).padStart(4, '0')}`;
const texts = async (phone: string) =>
  (await t.database.query<{ text: string }>('SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id', [phone])).map((r) => r.text);

async function booked(schedule: TScheduleInput = weekdaySchedule(5)) {
  clock = NOW;
  const { questionId, owner } = await publishAppointment(t, schedule);
  const phone = newPhone();
  const answer = await bookSlot(t, questionId, '2026-12-08', '09:00', { name: '张三', phone, partySize: 2 });
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return { questionId, owner, phone, booking: answer.data.booking, token: answer.data.token };
}

describe(`appointment reminders on ${engineName()}`, () => {
  it('sends one text reminderMinutes (60 by default) before the slot, never again, never after the slot started', async () => {
    const { phone } = await booked();
    clock = at('2026-12-08', '07:59');
    await t.app.appointmentReminder.runOnce();
    expect(await texts(phone)).toEqual([]);
    clock = at('2026-12-08', '08:00');
    await t.app.appointmentReminder.runOnce();
    expect(await texts(phone)).toEqual(['【问卷通】张三，您预约的「口腔检查预约」将于2026-12-08 09:00-10:00开始，2人，请准时到达。']);
    clock = at('2026-12-08', '08:30');
    await t.app.appointmentReminder.runOnce();
    expect(await texts(phone)).toHaveLength(1);
  });

  it('records each reminder as a notice the organiser sees with its outcome (issue 47 item 4)', async () => {
    const { questionId, owner, phone } = await booked();
    clock = at('2026-12-08', '08:05');
    await t.app.appointmentReminder.runOnce();
    expect(await texts(phone)).toHaveLength(1);
    const list = await t.call<TNoticeList>('activity/question/notice/getNoticeList', { questionId }, owner.headers);
    expect(list.data.notices.map((n) => [n.recipientName, n.kind, n.channel, n.outcome, n.text])).toEqual([
      ['张三', 'booking_reminder', 'sms', 'sent', '张三，您预约的「口腔检查预约」将于2026-12-08 09:00-10:00开始，2人，请准时到达。'],
    ]);
  });

  it('two processes sweeping at once send each reminder exactly once', async () => {
    const { questionId } = await booked();
    const more = [newPhone(), newPhone(), newPhone()];
    for (const phone of more) expect((await bookSlot(t, questionId, '2026-12-08', '09:00', { name: '李四', phone })).resultCode).toBe('200');
    clock = at('2026-12-08', '08:10');
    const sent = await Promise.all([
      t.app.appointmentReminder.runOnce(),
      other.app.appointmentReminder.runOnce(),
      sendDueReminders(t.app.deps, clock),
      sendDueReminders(other.app.deps, clock),
    ]);
    for (const phone of more) expect(await texts(phone)).toHaveLength(1);
    // Other tests' due bookings may be sent by these sweeps too; these four were sent once in all.
    expect(sent.reduce((n, s) => n + s, 0)).toBeGreaterThanOrEqual(4);
  });

  it('a naive sweep (read the due bookings, send, then mark them) racing itself sends twice: the claim is what keeps it once', async () => {
    const { questionId, phone } = await booked();
    clock = at('2026-12-08', '08:20');
    // Two sweeps that both read before either marks (what happens when two processes wake together): the read is
    // held back until both have read, so the overshoot is certain rather than left to the pool's timing.
    const read = () =>
      t.database.query<{ id: number; phone: string }>(
        `SELECT b.id, b.phone FROM appointment_bookings b JOIN projects p ON p.id = b.project_id
         WHERE p.public_id = $1 AND b.state = 'booked' AND b.phone <> '' AND b.reminded_at IS NULL`,
        [questionId],
      );
    const sweeps = await Promise.all([read(), read()]);
    await Promise.all(
      sweeps.map(async (due) => {
        for (const b of due) {
          await t.app.deps.sms.send({ phone: b.phone, brand: 'wenjuan', text: '提醒', code: '', minutes: 0, purpose: 'appointmentReminder' });
          await t.database.query('UPDATE appointment_bookings SET reminded_at = $2 WHERE id = $1', [b.id, clock]);
        }
      }),
    );
    expect(await texts(phone)).toHaveLength(2);
  });

  it('a longer reminder time is kept; 0 turns reminders off; cancelled bookings and bookings without a phone get none', async () => {
    const early = await booked(weekdaySchedule(5, { reminderMinutes: 24 * 60 }));
    clock = at('2026-12-07', '09:00');
    await t.app.appointmentReminder.runOnce();
    expect(await texts(early.phone)).toHaveLength(1);

    const off = await booked(weekdaySchedule(5, { reminderMinutes: 0 }));
    const cancelled = await booked();
    expect(
      (await t.call(`${A}cancelBooking`, { questionId: cancelled.questionId, bookingId: cancelled.booking.bookingId, reason: '停诊' }, cancelled.owner.headers))
        .resultCode,
    ).toBe('200');
    const silent = await bookSlot(t, cancelled.questionId, '2026-12-08', '09:00', { name: '无手机' });
    expect(silent.resultCode).toBe('200');
    clock = at('2026-12-08', '08:45');
    await t.app.appointmentReminder.runOnce();
    expect(await texts(off.phone)).toEqual([]);
    expect(await texts(cancelled.phone)).toEqual([]);
    const [row] = await t.database.query<{ reminded_at: Date | null }>('SELECT reminded_at FROM appointment_bookings WHERE public_id = $1', [
      silent.data.booking.bookingId,
    ]);
    expect(row!.reminded_at).toBeNull();
  });

  it('a booking moved to another slot after its reminder is reminded again for the new slot', async () => {
    const { questionId, owner, phone, booking } = await booked();
    clock = at('2026-12-08', '08:05');
    await t.app.appointmentReminder.runOnce();
    expect(await texts(phone)).toHaveLength(1);
    const moved = await t.call(`${A}moveBooking`, { questionId, bookingId: booking.bookingId, date: '2026-12-08', start: '14:00' }, owner.headers);
    expect(moved.resultCode, moved.resultMsg).toBe('200');
    await t.app.appointmentReminder.runOnce();
    expect(await texts(phone)).toHaveLength(1);
    clock = at('2026-12-08', '13:00');
    await Promise.all([t.app.appointmentReminder.runOnce(), other.app.appointmentReminder.runOnce()]);
    const all = await texts(phone);
    expect(all).toHaveLength(2);
    expect(all[1]).toContain('2026-12-08 14:00-15:00');
  });

  it('the booking’s private page turns its reminders off by its token: recorded opted out, not sent (issue 47 item 4)', async () => {
    const { questionId, owner, phone, token } = await booked();
    const N = 'activity/question/notice/';
    expect((await t.call(`${N}getMyNotices`, { questionId, bookingToken: token })).data).toEqual({ off: false, notices: [] });
    expect((await t.call(`${N}setNoticeOff`, { questionId, bookingToken: token, off: true })).data).toEqual({ off: true });
    expect((await t.call(`${N}getMyNotices`, { questionId, bookingToken: token })).data).toEqual({ off: true, notices: [] });
    clock = at('2026-12-08', '08:15');
    await t.app.appointmentReminder.runOnce();
    expect(await texts(phone)).toEqual([]);
    const list = await t.call<TNoticeList>(`${N}getNoticeList`, { questionId }, owner.headers);
    expect(list.data.notices.map((n) => [n.kind, n.channel, n.outcome])).toEqual([['booking_reminder', 'sms', 'opted_out']]);
    // A token names its booking within its own project only; another project's link with it is "not found".
    const elsewhere = await publishAppointment(t, weekdaySchedule(5));
    expect(await t.call(`${N}setNoticeOff`, { questionId: elsewhere.questionId, bookingToken: token, off: false })).toMatchObject({
      resultCode: '404',
      resultMsg: '预约链接无效或已失效',
    });
  });
});
