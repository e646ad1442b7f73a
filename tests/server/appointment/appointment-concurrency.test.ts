import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { naiveAppointmentSeat } from '../../helpers/naive-strategies';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { A, bookSlot, NOW, publishAppointment, slotState, weekdaySchedule, type TBookAnswer } from './appointment-helpers';

let t: TestApp;
/** The same database through an app whose bookings check the capacity against a count read before their transaction. */
let naiveApp: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  naiveApp = await siblingApp(t, { now: () => NOW, strategies: { appointmentSeat: naiveAppointmentSeat } });
}, 60_000);
afterAll(async () => {
  await naiveApp.close();
  await t.close();
});

const DAY = '2026-12-08';
const parallel = (app: TestApp, questionId: string, n: number, start = '09:00') =>
  Promise.all(Array.from({ length: n }, () => bookSlot(app, questionId, DAY, start)));

describe(`appointment concurrency (${engineName()})`, () => {
  it('60 parallel bookings of a 5-place slot: exactly 5 booked, 55 waitlisted in arrival order', async () => {
    const { questionId } = await publishAppointment(t, weekdaySchedule(5));
    const answers = await parallel(t, questionId, 60);
    expect(answers.every((a) => a.resultCode === '200')).toBe(true);
    const { counter, bookings } = await slotState(t, questionId, DAY, '09:00');
    expect(bookings.map((b) => b.seq)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(bookings.filter((b) => b.state === 'booked').map((b) => b.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(bookings.filter((b) => b.state === 'waitlisted').map((b) => b.seq)).toEqual(Array.from({ length: 55 }, (_, i) => i + 6));
    expect(counter).toMatchObject({ taken: 5, waiting: 55 });
    // Each answer told its booker the truth: 5 booked, and waiting positions 1…55 once each.
    expect(answers.filter((a) => a.data.booking.state === 'booked')).toHaveLength(5);
    expect(answers.map((a) => a.data.booking.waitPosition).sort((x, y) => x - y)).toEqual([0, 0, 0, 0, 0, ...Array.from({ length: 55 }, (_, i) => i + 1)]);
  }, 120_000);

  it('the naive read-then-write booking overshoots the capacity (the test can catch the bug it is named after)', async () => {
    const { questionId } = await publishAppointment(t, weekdaySchedule(5));
    await parallel(naiveApp, questionId, 60);
    const { bookedPeople } = await slotState(t, questionId, DAY, '09:00');
    expect(bookedPeople).toBeGreaterThan(5);
  }, 120_000);

  it('20 parallel reschedules into one free place: exactly one moves, the others keep their slot', async () => {
    const { questionId } = await publishAppointment(t, weekdaySchedule(20, { exceptions: [{ kind: 'capacity', date: DAY, start: '09:00', capacity: 1 }] }));
    const booked = await parallel(t, questionId, 20, '14:00');
    expect(booked.every((a) => a.data.booking.state === 'booked')).toBe(true);
    const moves = await Promise.all(booked.map((b) => t.call(`${A}reschedule`, { token: b.data.token, date: DAY, start: '09:00' })));
    expect(moves.filter((m) => m.resultCode === '200')).toHaveLength(1);
    expect(new Set(moves.filter((m) => m.resultCode !== '200').map((m) => m.resultMsg))).toEqual(new Set(['该时段已约满']));
    const target = await slotState(t, questionId, DAY, '09:00');
    const source = await slotState(t, questionId, DAY, '14:00');
    expect(target.counter).toMatchObject({ taken: 1, waiting: 0 });
    expect(target.bookedPeople).toBe(1);
    expect(source.counter).toMatchObject({ taken: 19, waiting: 0 });
    expect(source.bookedPeople).toBe(19);
  }, 120_000);

  it('cancels with promotion racing new bookings never exceed the capacity, and waiting bookings go first', async () => {
    const { questionId } = await publishAppointment(t, weekdaySchedule(3));
    const first = await parallel(t, questionId, 8);
    const booked = first.filter((a) => a.data.booking.state === 'booked');
    const [cancels, newcomers] = await Promise.all([
      Promise.all(booked.slice(0, 2).map((b) => t.call<{ promoted: string[] }>(`${A}cancel`, { token: b.data.token }))),
      parallel(t, questionId, 10),
    ]);
    expect(cancels.every((c) => c.resultCode === '200')).toBe(true);
    const { counter, bookings, bookedPeople } = await slotState(t, questionId, DAY, '09:00');
    expect(bookedPeople).toBe(3);
    expect(counter).toMatchObject({ taken: 3, waiting: bookings.filter((b) => b.state === 'waitlisted').length });
    // The two freed places went to the two oldest waiting bookings, not to a newcomer.
    const promoted = cancels.flatMap((c) => c.data.promoted).sort();
    const oldestWaiting = first
      .filter((a) => a.data.booking.state === 'waitlisted')
      .sort((x, y) => x.data.booking.waitPosition - y.data.booking.waitPosition)
      .slice(0, 2)
      .map((a) => a.data.booking.bookingId)
      .sort();
    expect(promoted).toEqual(oldestWaiting);
    expect(newcomers.every((n) => n.data.booking.state === 'waitlisted')).toBe(true);
  }, 120_000);

  it('property: random schedules and parallel bookings, cancels and reschedules never put a slot over its capacity', async () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('book' as const), slot: fc.nat(3), party: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(50) }),
      fc.record({ kind: fc.constant('move' as const), pick: fc.nat(50), slot: fc.nat(3) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.array(op, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 3 }),
        async (capacity, partySizeMax, rounds) => {
          const { questionId } = await publishAppointment(t, { ...weekdaySchedule(capacity), partySizeMax });
          const slots = [
            [DAY, '09:00'],
            [DAY, '14:00'],
            ['2026-12-09', '09:00'],
            ['2026-12-09', '14:00'],
          ] as const;
          const tokens: string[] = [];
          for (const round of rounds) {
            const answers = await Promise.all(
              round.map((o) => {
                if (o.kind === 'book') return bookSlot(t, questionId, slots[o.slot]![0], slots[o.slot]![1], { partySize: o.party });
                const token = tokens[o.pick % Math.max(1, tokens.length)];
                if (!token) return null;
                if (o.kind === 'cancel') return t.call(`${A}cancel`, { token });
                return t.call(`${A}reschedule`, { token, date: slots[o.slot]![0], start: slots[o.slot]![1] });
              }),
            );
            for (const a of answers) {
              expect(a?.resultCode ?? '200').not.toBe('500');
              const token = (a as TBookAnswer | null)?.data?.token;
              if (token) tokens.push(token);
            }
            for (const [date, start] of slots) {
              const { counter, bookings, bookedPeople } = await slotState(t, questionId, date, start);
              expect(bookedPeople).toBeLessThanOrEqual(capacity);
              expect(counter?.taken ?? 0).toBe(bookedPeople);
              expect(counter?.waiting ?? 0).toBe(bookings.filter((b) => b.state === 'waitlisted').length);
            }
          }
        },
      ),
      { numRuns: 8 },
    );
  }, 300_000);
});
