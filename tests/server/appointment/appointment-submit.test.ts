import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreateResult } from '../../../schemas/api/question';
import type { TSubmitResult } from '../../../schemas/api/write';
import type { TScheduleInput } from '../../../schemas/appointment/schedule';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { naiveAppointmentSeat } from '../../helpers/naive-strategies';
import { submissionId } from '../../helpers/publish';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { A, NOW, slotState, weekdaySchedule } from './appointment-helpers';

let t: TestApp;
let naiveApp: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  naiveApp = await siblingApp(t, { now: () => NOW, strategies: { appointmentSeat: naiveAppointmentSeat } });
}, 60_000);
afterAll(async () => {
  await naiveApp.close();
  await t.close();
});

const TUESDAY = '2026-12-08';

/** A published appointment project with a slot, a name and a phone subject, and `schedule` saved (null: none). */
async function scheduledProject(schedule: TScheduleInput | null = weekdaySchedule()) {
  const owner = await loginNewUser(t);
  const slot = makeSubject(37, 1, '预约时间');
  const name = { ...makeSubject(6, 2, '姓名'), required: false } as TSubject;
  const phone = { ...makeSubject(26, 3, '手机号'), required: false } as TSubject;
  const created = await t.call<TCreateResult>(
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 7, title: '体检预约', subtitle: '', subjects: [slot, name, phone] },
    owner.headers,
  );
  const questionId = created.data.questionId!;
  if (schedule) {
    expect((await t.call(`${A}saveSetting`, { questionId, schedule }, owner.headers)).resultCode).toBe('200');
    expect((await t.call('activity/question/getQuestionStatus', { questionId, status: 1 }, owner.headers)).resultCode).toBe('200');
  } else {
    // Publishing asks for a schedule now (issue 43): one published before that still collects without one.
    await t.database.query('UPDATE projects SET status = 1, published_at = now() WHERE public_id = $1', [questionId]);
  }
  return { questionId, owner, slot, name, phone };
}

type P = Awaited<ReturnType<typeof scheduledProject>>;
type Answer = { resultCode: string; resultMsg: string; data: TSubmitResult };

const choice = (date: string, start: string, extra: Record<string, unknown> = {}) => ({
  date,
  start,
  end: start === '09:00' ? '10:00' : '15:00',
  resourceKey: '',
  ...extra,
});

const submit = (
  p: P,
  slot: Record<string, unknown>,
  extra: { phone?: string; name?: string; id?: string; device?: string; app?: TestApp } = {},
): Promise<Answer> =>
  (extra.app ?? t).call('active/write/submit', {
    questionId: p.questionId,
    submissionId: extra.id ?? submissionId(),
    deviceId: extra.device ?? `dev-${Math.random().toString(36).slice(2, 10)}`,
    answers: {
      [p.slot.uuid]: slot,
      ...(extra.name ? { [p.name.uuid]: extra.name } : {}),
      ...(extra.phone ? { [p.phone.uuid]: extra.phone } : {}),
    },
  });

const sheetCount = async (questionId: string) =>
  Number(
    (
      await t.database.query<{ n: number | string }>(
        'SELECT count(*) AS n FROM answer_sheets a JOIN projects p ON p.id = a.project_id WHERE p.public_id = $1',
        [questionId],
      )
    )[0]!.n,
  );

describe(`appointments through the sheet's submit (${engineName()})`, () => {
  it('the answer page says the project books against its schedule', async () => {
    const p = await scheduledProject();
    const form = await t.call<{ appointmentScheduled: boolean }>('active/write/getQuestion', { questionId: p.questionId });
    expect(form.data.appointmentScheduled).toBe(true);
    const plain = await scheduledProject(null);
    expect((await t.call<{ appointmentScheduled: boolean }>('active/write/getQuestion', { questionId: plain.questionId })).data.appointmentScheduled).toBe(
      false,
    );
  });

  it('submitting books the slot with the sheet: the result carries the booking and its private link, the places drop', async () => {
    const p = await scheduledProject();
    const answer = await submit(p, choice(TUESDAY, '09:00', { partySize: 2 }), { name: '王小明', phone: '13800001111' });
    expect(answer.resultCode).toBe('200');
    const booking = answer.data.booking!;
    expect(booking).toMatchObject({ state: 'booked', date: TUESDAY, start: '09:00', end: '10:00', partySize: 2, waitPosition: 0, name: '王小明' });
    expect(booking.startsAt).toBe('2026-12-08T01:00:00.000Z');
    // The link opens the booking; the sheet is stored and linked to it; nothing went to the old counters.
    const page = await t.call<{ bookingId: string; title: string }>(`${A}getBooking`, { token: booking.token });
    expect(page.data).toMatchObject({ bookingId: booking.bookingId, title: '体检预约' });
    expect(await sheetCount(p.questionId)).toBe(1);
    const [linked] = await t.database.query<{ public_id: string; phone: string }>(
      'SELECT s.public_id, b.phone FROM appointment_bookings b JOIN answer_sheets s ON s.id = b.answer_sheet_id WHERE b.public_id = $1',
      [booking.bookingId],
    );
    expect(linked).toEqual({ public_id: answer.data.sheetId, phone: '13800001111' });
    expect(await t.database.query(`SELECT 1 FROM respondent_counters WHERE kind = 'slot'`)).toHaveLength(0);
    const times = await t.call<{ list: { start: string; remaining: number }[] }>(`${A}getTimes`, { questionId: p.questionId, date: TUESDAY });
    expect(times.data.list.find((s) => s.start === '09:00')!.remaining).toBe(0);
  });

  it('a retried submit answers with the same booking and link, and books nothing more', async () => {
    const p = await scheduledProject();
    const id = submissionId();
    const first = await submit(p, choice(TUESDAY, '14:00'), { id, device: 'same-phone' });
    const again = await submit(p, choice(TUESDAY, '14:00'), { id, device: 'same-phone' });
    expect(again.resultCode).toBe('200');
    expect(again.data.sheetId).toBe(first.data.sheetId);
    expect(again.data.booking).toMatchObject({ bookingId: first.data.booking!.bookingId, token: first.data.booking!.token, state: 'booked' });
    expect((await slotState(t, p.questionId, TUESDAY, '14:00')).counter).toMatchObject({ taken: 1 });
    expect(await sheetCount(p.questionId)).toBe(1);
  });

  it('a full slot: refused without the waitlist (no sheet stored), waitlisted with it, with its position', async () => {
    const p = await scheduledProject();
    expect((await submit(p, choice(TUESDAY, '09:00', { partySize: 2 }))).data.booking!.state).toBe('booked');
    const refused = await submit(p, choice(TUESDAY, '09:00'));
    expect(refused).toMatchObject({ resultCode: '409', resultMsg: '该时段已约满，可选择加入候补或选择其他时段' });
    expect(await sheetCount(p.questionId)).toBe(1);
    const first = await submit(p, choice(TUESDAY, '09:00', { waitlist: true }), { phone: '13900002222' });
    const second = await submit(p, choice(TUESDAY, '09:00', { waitlist: true }));
    expect(first.data.booking).toMatchObject({ state: 'waitlisted', waitPosition: 1 });
    expect(second.data.booking).toMatchObject({ state: 'waitlisted', waitPosition: 2 });
    expect(await sheetCount(p.questionId)).toBe(3);
    expect((await slotState(t, p.questionId, TUESDAY, '09:00')).counter).toMatchObject({ taken: 2, waiting: 2 });
  });

  it('refusals keep the sheet out, with the appointment messages: closed date, past slot, cut-off, party too large, no such slot', async () => {
    const p = await scheduledProject(weekdaySchedule(2, { exceptions: [{ kind: 'closed', date: '2026-12-09' }] }));
    const cases: [Record<string, unknown>, string][] = [
      [choice('2026-12-09', '09:00'), '该日期不开放预约'],
      [choice('2026-12-04', '09:00'), '该时段已过，不能预约'],
      [choice('2026-12-07', '09:00'), '已过预约截止时间'],
      [choice(TUESDAY, '09:00', { partySize: 4 }), '每次预约最多3人'],
      [{ ...choice(TUESDAY, '09:00'), start: '11:00', end: '12:00' }, '该时段不存在'],
      [choice('2026-12-12', '09:00'), '该日期不开放预约'],
    ];
    for (const [slot, message] of cases) {
      const answer = await submit(p, slot);
      expect(answer.resultCode, message).toBe('400');
      expect(answer.resultMsg).toBe(message);
    }
    expect(await sheetCount(p.questionId)).toBe(0);
    expect(
      await t.database.query('SELECT 1 FROM appointment_bookings b JOIN projects p ON p.id = b.project_id WHERE p.public_id = $1', [p.questionId]),
    ).toHaveLength(0);
  });

  it('a slot answer naming a calendar on a project without a schedule is refused; the old slot answer still counts there', async () => {
    const p = await scheduledProject(null);
    const answer = await submit(p, choice(TUESDAY, '09:00'));
    expect(answer).toMatchObject({ resultCode: '400', resultMsg: '预约时间尚未设置' });
    expect(await sheetCount(p.questionId)).toBe(0);
  });

  it('cancelling from the private link promotes the first waiting booking and puts its notice in the outbox', async () => {
    const p = await scheduledProject();
    const a = await submit(p, choice(TUESDAY, '14:00', { partySize: 2 }));
    const w = await submit(p, choice(TUESDAY, '14:00', { waitlist: true }), { phone: '13700003333' });
    expect(w.data.booking!.state).toBe('waitlisted');
    const cancelled = await t.call<{ promoted: string[] }>(`${A}cancel`, { token: a.data.booking!.token, reason: '临时有事' });
    expect(cancelled.resultCode).toBe('200');
    expect(cancelled.data.promoted).toEqual([w.data.booking!.bookingId]);
    const promoted = await t.call<{ state: string; promoted: boolean }>(`${A}getBooking`, { token: w.data.booking!.token });
    expect(promoted.data).toMatchObject({ state: 'booked', promoted: true });
    const outbox = await t.database.query<{ text: string }>('SELECT text FROM sms_outbox WHERE phone = $1', ['13700003333']);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.text).toContain('「体检预约」的候补已转为预约成功：2026-12-08 14:00–15:00');
  });

  it('60 parallel submits for a 5-place slot: 5 booked, 55 waitlisted in arrival order, one sheet each', async () => {
    const p = await scheduledProject(weekdaySchedule(5));
    const answers = await Promise.all(Array.from({ length: 60 }, () => submit(p, choice(TUESDAY, '09:00', { waitlist: true }))));
    expect(answers.every((a) => a.resultCode === '200')).toBe(true);
    const { counter, bookings } = await slotState(t, p.questionId, TUESDAY, '09:00');
    expect(bookings.filter((b) => b.state === 'booked').map((b) => b.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(bookings.filter((b) => b.state === 'waitlisted').map((b) => b.seq)).toEqual(Array.from({ length: 55 }, (_, i) => i + 6));
    expect(counter).toMatchObject({ taken: 5, waiting: 55 });
    expect(answers.map((a) => a.data.booking!.waitPosition).sort((x, y) => x - y)).toEqual([0, 0, 0, 0, 0, ...Array.from({ length: 55 }, (_, i) => i + 1)]);
    expect(await sheetCount(p.questionId)).toBe(60);
  }, 120_000);

  it('60 parallel submits without the waitlist: exactly 5 sheets stored, 55 refused 已约满', async () => {
    const p = await scheduledProject(weekdaySchedule(5));
    const answers = await Promise.all(Array.from({ length: 60 }, () => submit(p, choice(TUESDAY, '14:00'))));
    expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(5);
    expect(answers.filter((a) => a.resultMsg === '该时段已约满，可选择加入候补或选择其他时段')).toHaveLength(55);
    expect(await sheetCount(p.questionId)).toBe(5);
    expect((await slotState(t, p.questionId, TUESDAY, '14:00')).bookedPeople).toBe(5);
  }, 120_000);

  it('the naive read-then-write seat overshoots through the submit too (the test catches the bug it guards)', async () => {
    const p = await scheduledProject(weekdaySchedule(5));
    await Promise.all(Array.from({ length: 60 }, () => submit(p, choice(TUESDAY, '09:00'), { app: naiveApp })));
    expect((await slotState(t, p.questionId, TUESDAY, '09:00')).bookedPeople).toBeGreaterThan(5);
  }, 120_000);
});
