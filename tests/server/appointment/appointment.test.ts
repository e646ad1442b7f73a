import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBooking, TManageBooking, TSettingView, TTimeSlot, TWeeksView } from '../../../schemas/api/appointment';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { A, bookSlot, NOW, publishAppointment, slotState, weekdaySchedule } from './appointment-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
}, 60_000);
afterAll(() => t.close());

describe('appointment settings', () => {
  it('the creator saves and reads the schedule; an older version is refused; strangers see nothing', async () => {
    const { questionId, owner } = await publishAppointment(t);
    const read = await t.call<TSettingView>(`${A}getSetting`, { questionId }, owner.headers);
    expect(read.data.version).toBe(1);
    expect(read.data.schedule!.timeZone).toBe('Asia/Shanghai');
    const again = await t.call<TSettingView>(`${A}saveSetting`, { questionId, schedule: weekdaySchedule(4), version: 1 }, owner.headers);
    expect(again.data.version).toBe(2);
    const stale = await t.call(`${A}saveSetting`, { questionId, schedule: weekdaySchedule(9), version: 1 }, owner.headers);
    expect(stale.resultCode).toBe('409');
    expect(stale.resultMsg).toBe('预约设置已被他人修改，请刷新后重试');
    const stranger = await loginNewUser(t);
    expect((await t.call(`${A}getSetting`, { questionId }, stranger.headers)).resultCode).toBe('404');
    expect((await t.call(`${A}saveSetting`, { questionId, schedule: weekdaySchedule() })).resultCode).toBe('401');
    const bad = await t.call(`${A}saveSetting`, { questionId, schedule: { ...weekdaySchedule(), endDate: '2026-11-01' } }, owner.headers);
    expect(bad.resultCode).toBe('400');
    expect(bad.resultMsg).toContain('结束日期不能早于开始日期');
  });
});

describe('weeks, times and booking', () => {
  it('shows places, books until full, then waitlists; the creator sees and checks in', async () => {
    const { questionId, owner } = await publishAppointment(t, weekdaySchedule(2, { exceptions: [{ kind: 'closed', date: '2026-12-09' }] }));
    const weeks = await t.call<TWeeksView>(`${A}getWeeks`, { questionId, weeks: 1 });
    expect(weeks.data.today).toBe('2026-12-07');
    const byDate = Object.fromEntries(weeks.data.days.map((d) => [d.date, d]));
    // Monday: 09:00 is inside the 60-minute cut-off, 14:00 is open.
    expect(byDate['2026-12-07']).toMatchObject({ open: true, slots: 2, remaining: 2 });
    expect(byDate['2026-12-09']).toMatchObject({ open: false, slots: 0 });
    expect(byDate['2026-12-12']).toMatchObject({ open: false, slots: 0 });

    const first = await bookSlot(t, questionId, '2026-12-08', '09:00', { partySize: 2, name: '王芳', phone: '13800000000' });
    expect(first.resultCode).toBe('200');
    expect(first.resultMsg).toBe('预约成功');
    expect(first.data.booking).toMatchObject({ state: 'booked', partySize: 2, startsAt: '2026-12-08T01:00:00.000Z', waitPosition: 0 });
    const times = await t.call<{ list: TTimeSlot[] }>(`${A}getTimes`, { questionId, date: '2026-12-08' });
    expect(times.data.list.map((s) => [s.start, s.remaining])).toEqual([
      ['09:00', 0],
      ['14:00', 2],
    ]);
    const second = await bookSlot(t, questionId, '2026-12-08', '09:00');
    const third = await bookSlot(t, questionId, '2026-12-08', '09:00');
    expect(second.data.booking).toMatchObject({ state: 'waitlisted', waitPosition: 1 });
    expect(third.data.booking).toMatchObject({ state: 'waitlisted', waitPosition: 2 });

    const list = await t.call<{ list: TManageBooking[] }>(`${A}getBookings`, { questionId, date: '2026-12-08' }, owner.headers);
    expect(list.data.list.map((b) => [b.state, b.waitPosition, b.phone])).toEqual([
      ['booked', 0, '13800000000'],
      ['waitlisted', 1, ''],
      ['waitlisted', 2, ''],
    ]);
    const checked = await t.call<TManageBooking>(`${A}checkIn`, { questionId, bookingId: first.data.booking.bookingId }, owner.headers);
    expect(checked.data.state).toBe('checkedIn');
    const twice = await t.call(`${A}markNoShow`, { questionId, bookingId: first.data.booking.bookingId }, owner.headers);
    expect(twice.resultCode).toBe('409');
    expect(twice.resultMsg).toBe('当前预约状态不能进行此操作');
    const waiting = await t.call(`${A}checkIn`, { questionId, bookingId: second.data.booking.bookingId }, owner.headers);
    expect(waiting.resultMsg).toBe('当前预约状态不能进行此操作');
    const stranger = await loginNewUser(t);
    expect((await t.call(`${A}getBookings`, { questionId }, stranger.headers)).resultCode).toBe('404');
    expect((await t.call(`${A}checkIn`, { questionId, bookingId: second.data.booking.bookingId }, stranger.headers)).resultCode).toBe('404');
  });

  it('refuses a closed date, a past slot, past the cut-off, a party too large, a missing slot, with clear messages', async () => {
    const { questionId } = await publishAppointment(t, weekdaySchedule(2, { exceptions: [{ kind: 'closed', date: '2026-12-09' }] }));
    const refusals = [
      [await bookSlot(t, questionId, '2026-12-09', '09:00'), '该日期不开放预约'],
      [await bookSlot(t, questionId, '2026-12-12', '09:00'), '该日期不开放预约'],
      [await bookSlot(t, questionId, '2026-12-04', '09:00'), '该时段已过，不能预约'],
      [await bookSlot(t, questionId, '2026-12-07', '09:00'), '已过预约截止时间'],
      [await bookSlot(t, questionId, '2026-12-08', '09:00', { partySize: 4 }), '每次预约最多3人'],
      [await bookSlot(t, questionId, '2026-12-08', '11:00'), '该时段不存在'],
    ] as const;
    for (const [answer, message] of refusals) {
      expect(answer.resultCode).toBe('400');
      expect(answer.resultMsg).toBe(message);
    }
    expect((await slotState(t, questionId, '2026-12-08', '09:00')).bookings).toEqual([]);
  });

  it('the private link opens its own booking only; cancel promotes the first waiting; reschedule moves', async () => {
    const { questionId } = await publishAppointment(t, weekdaySchedule(1));
    const a = await bookSlot(t, questionId, '2026-12-08', '09:00');
    const b = await bookSlot(t, questionId, '2026-12-08', '09:00');
    const c = await bookSlot(t, questionId, '2026-12-08', '09:00');
    const mine = await t.call<TBooking>(`${A}getBooking`, { token: b.data.token });
    expect(mine.data).toMatchObject({ bookingId: b.data.booking.bookingId, state: 'waitlisted', waitPosition: 1 });
    const wrong = await t.call(`${A}getBooking`, { token: 'x'.repeat(32) });
    expect(wrong.resultCode).toBe('404');
    expect(wrong.resultMsg).toBe('预约链接无效或已失效');
    expect((await t.call(`${A}cancel`, { token: 'y'.repeat(32) })).resultMsg).toBe('预约链接无效或已失效');

    const cancelled = await t.call<{ booking: TBooking; promoted: string[] }>(`${A}cancel`, { token: a.data.token, reason: '临时有事' });
    expect(cancelled.data.booking.state).toBe('cancelled');
    expect(cancelled.data.promoted).toEqual([b.data.booking.bookingId]);
    expect((await t.call<TBooking>(`${A}getBooking`, { token: b.data.token })).data).toMatchObject({ state: 'booked', promoted: true });
    expect((await t.call<TBooking>(`${A}getBooking`, { token: c.data.token })).data.waitPosition).toBe(1);
    const again = await t.call(`${A}cancel`, { token: a.data.token });
    expect(again.resultCode).toBe('409');
    expect(again.resultMsg).toBe('当前预约状态不能进行此操作');

    // The promoted booking moves to 14:00: the 09:00 place frees and the next waiting one takes it.
    const moved = await t.call<{ booking: TBooking; promoted: string[] }>(`${A}reschedule`, { token: b.data.token, date: '2026-12-08', start: '14:00' });
    expect(moved.resultCode).toBe('200');
    expect(moved.data.booking).toMatchObject({ start: '14:00', state: 'booked' });
    expect(moved.data.promoted).toEqual([c.data.booking.bookingId]);
    const full = await bookSlot(t, questionId, '2026-12-08', '14:00');
    expect(full.data.booking.state).toBe('waitlisted');
    // A waiting booking cannot move; a move into a full slot is refused and changes nothing.
    expect((await t.call(`${A}reschedule`, { token: full.data.token, date: '2026-12-10', start: '09:00' })).resultMsg).toBe('当前预约状态不能进行此操作');
    const intoFull = await t.call(`${A}reschedule`, { token: c.data.token, date: '2026-12-08', start: '14:00' });
    expect(intoFull.resultCode).toBe('409');
    expect(intoFull.resultMsg).toBe('该时段已约满');
    expect((await slotState(t, questionId, '2026-12-08', '09:00')).counter).toMatchObject({ taken: 1, waiting: 0 });
    expect((await slotState(t, questionId, '2026-12-08', '14:00')).counter).toMatchObject({ taken: 1, waiting: 1 });
    const later = await t.call<{ booking: TBooking }>(`${A}reschedule`, { token: c.data.token, date: '2026-12-09', start: '09:00' });
    expect(later.data.booking).toMatchObject({ date: '2026-12-09', start: '09:00', state: 'booked' });
    expect((await slotState(t, questionId, '2026-12-08', '09:00')).counter).toMatchObject({ taken: 0, waiting: 0 });
  });

  it('the creator moves a booking and cancels one with a reason; collaborators without edit power and strangers cannot', async () => {
    const { questionId, owner } = await publishAppointment(t, weekdaySchedule(1));
    const a = await bookSlot(t, questionId, '2026-12-08', '09:00');
    const b = await bookSlot(t, questionId, '2026-12-08', '09:00');
    const stranger = await loginNewUser(t);
    const refused = await t.call(`${A}moveBooking`, { questionId, bookingId: a.data.booking.bookingId, date: '2026-12-08', start: '14:00' }, stranger.headers);
    expect(refused.resultCode).toBe('404');
    const moved = await t.call<{ booking: TBooking; promoted: string[] }>(
      `${A}moveBooking`,
      { questionId, bookingId: a.data.booking.bookingId, date: '2026-12-08', start: '14:00' },
      owner.headers,
    );
    expect(moved.resultMsg).toBe('已调整预约时段');
    expect(moved.data.promoted).toEqual([b.data.booking.bookingId]);
    // The respondent's link shows the new time.
    expect((await t.call<TBooking>(`${A}getBooking`, { token: a.data.token })).data.start).toBe('14:00');
    const noReason = await t.call(`${A}cancelBooking`, { questionId, bookingId: a.data.booking.bookingId, reason: ' ' }, owner.headers);
    expect(noReason.resultMsg).toContain('请填写取消原因');
    const cancelled = await t.call<{ booking: TBooking }>(
      `${A}cancelBooking`,
      { questionId, bookingId: a.data.booking.bookingId, reason: '医生临时停诊' },
      owner.headers,
    );
    expect(cancelled.data.booking.state).toBe('cancelled');
    const list = await t.call<{ list: TManageBooking[] }>(`${A}getBookings`, { questionId, state: 'cancelled' }, owner.headers);
    expect(list.data.list.map((x) => x.reason)).toEqual(['医生临时停诊']);
    expect((await slotState(t, questionId, '2026-12-08', '14:00')).counter).toMatchObject({ taken: 0 });
  });

  it('resources keep their own slots and places', async () => {
    const room = (key: string, name: string) => ({ key, name, weekly: [{ weekday: 2, slots: [{ start: '10:00', end: '11:00', capacity: 1 }] }] });
    const { questionId } = await publishAppointment(t, weekdaySchedule(1, { resources: [room('room-a', '一号诊室'), room('room-b', '二号诊室')] }));
    expect((await bookSlot(t, questionId, '2026-12-08', '10:00')).resultMsg).toBe('请选择预约的资源');
    const a = await bookSlot(t, questionId, '2026-12-08', '10:00', { resourceKey: 'room-a' });
    const b = await bookSlot(t, questionId, '2026-12-08', '10:00', { resourceKey: 'room-b' });
    const c = await bookSlot(t, questionId, '2026-12-08', '10:00', { resourceKey: 'room-a' });
    expect([a, b, c].map((x) => x.data.booking.state)).toEqual(['booked', 'booked', 'waitlisted']);
    const times = await t.call<{ list: TTimeSlot[] }>(`${A}getTimes`, { questionId, date: '2026-12-08' });
    expect(times.data.list.map((x) => [x.resourceKey, x.remaining, x.waiting])).toEqual([
      ['room-a', 0, 1],
      ['room-b', 0, 0],
    ]);
    const weeks = await t.call<TWeeksView>(`${A}getWeeks`, { questionId, weeks: 1 });
    expect(weeks.data.resources.map((r) => r.name)).toEqual(['一号诊室', '二号诊室']);
  });

  it('an unpublished project takes no bookings; a project of another kind is not an appointment', async () => {
    const { questionId, owner } = await publishAppointment(t);
    await t.call('activity/question/getQuestionStatus', { questionId, status: 0 }, owner.headers);
    const paused = await bookSlot(t, questionId, '2026-12-08', '09:00');
    expect(paused.resultCode).toBe('409');
    expect(paused.resultMsg).toBe('预约尚未发布或已暂停');
  });
});
