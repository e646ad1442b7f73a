import type { TBooking } from '../../../schemas/api/appointment';
import type { TCreateResult } from '../../../schemas/api/question';
import type { TScheduleInput } from '../../../schemas/appointment/schedule';
import { grantUnits, loginNewUser, makeSubject } from '../../helpers/fixtures';
import type { TestApp } from '../../helpers/test-app';

export const A = 'activity/question/appointment/';

/** The tests' clock: Monday 2026-12-07 08:30 in Shanghai. */
export const NOW = new Date('2026-12-07T00:30:00Z');

/** Weekdays 09:00–10:00 and 14:00–15:00, `capacity` places each, all December; party of up to 3. */
export const weekdaySchedule = (capacity = 2, extra: Partial<TScheduleInput> = {}): TScheduleInput => ({
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  partySizeMax: 3,
  window: { daysAhead: 30, cutoffMinutes: 60 },
  weekly: [1, 2, 3, 4, 5].map((weekday) => ({
    weekday,
    slots: [
      { start: '09:00', end: '10:00', capacity },
      { start: '14:00', end: '15:00', capacity },
    ],
  })),
  ...extra,
});

/** A published appointment project (questionType 7) with `schedule`, and its owner. */
export async function publishAppointment(t: TestApp, schedule: TScheduleInput = weekdaySchedule()) {
  const owner = await loginNewUser(t);
  // Texts to its respondents take the owner's SMS count (issue 46): the owner has bought plenty.
  await grantUnits(t, owner.phone, 'sms', 1_000);
  const created = await t.call<TCreateResult>(
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 7, title: '口腔检查预约', subtitle: '请按预约时间到达', subjects: [makeSubject(37, 1, '预约时间')] },
    owner.headers,
  );
  if (created.resultCode !== '200') throw new Error(`${created.resultCode} ${created.resultMsg}`);
  const questionId = created.data.questionId!;
  const saved = await t.call(`${A}saveSetting`, { questionId, schedule }, owner.headers);
  if (saved.resultCode !== '200') throw new Error(`${saved.resultCode} ${saved.resultMsg}`);
  const published = await t.call('activity/question/getQuestionStatus', { questionId, status: 1 }, owner.headers);
  if (published.resultCode !== '200') throw new Error(`${published.resultCode} ${published.resultMsg}`);
  return { questionId, owner };
}

export type TBookAnswer = { resultCode: string; resultMsg: string; data: { booking: TBooking; token: string } };

export const bookSlot = (t: TestApp, questionId: string, date: string, start: string, extra: Record<string, unknown> = {}): Promise<TBookAnswer> =>
  t.call(`${A}book`, { questionId, date, start, ...extra });

/** The slot's counter and its bookings by state, straight from the database. */
export async function slotState(t: TestApp, questionId: string, date: string, start: string) {
  const [counter] = await t.database.query<{ taken: number; waiting: number; capacity: number }>(
    `SELECT s.taken, s.waiting, s.capacity FROM appointment_slots s JOIN projects p ON p.id = s.project_id
     WHERE p.public_id = $1 AND s.slot_date = $2 AND s.slot_start = $3 AND s.resource_key = ''`,
    [questionId, date, start],
  );
  const bookings = await t.database.query<{ public_id: string; state: string; seq: number; party_size: number }>(
    `SELECT b.public_id, b.state, b.seq, b.party_size FROM appointment_bookings b JOIN projects p ON p.id = b.project_id
     WHERE p.public_id = $1 AND b.slot_date = $2 AND b.slot_start = $3 ORDER BY b.seq`,
    [questionId, date, start],
  );
  const bookedPeople = bookings.filter((b) => b.state === 'booked' || b.state === 'checkedIn' || b.state === 'noShow').reduce((n, b) => n + b.party_size, 0);
  return { counter, bookings, bookedPeople };
}
