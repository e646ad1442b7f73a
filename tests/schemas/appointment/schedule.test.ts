import { describe, expect, it } from 'vitest';
import { bookableSlot, instantOf, slotsBetween, todayIn, ZSchedule, type TScheduleInput } from '../../../schemas/appointment/schedule';

/** Mondays and Wednesdays 09:00–10:00 (2 places) and 14:00–15:00 (3 places), December 2026. */
const base: TScheduleInput = {
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  weekly: [
    {
      weekday: 1,
      slots: [
        { start: '09:00', end: '10:00', capacity: 2 },
        { start: '14:00', end: '15:00', capacity: 3 },
      ],
    },
    { weekday: 3, slots: [{ start: '09:00', end: '10:00', capacity: 2 }] },
  ],
};
const schedule = (extra: Partial<TScheduleInput> = {}) => ZSchedule.parse({ ...base, ...extra });

describe('slotsBetween', () => {
  it('gives the weekly slots of each date with their instants in Asia/Shanghai (UTC+8, no DST)', () => {
    const slots = slotsBetween(schedule(), '2026-12-07', '2026-12-09');
    expect(slots.map((s) => `${s.date} ${s.start}-${s.end} ×${s.capacity}`)).toEqual([
      '2026-12-07 09:00-10:00 ×2',
      '2026-12-07 14:00-15:00 ×3',
      '2026-12-09 09:00-10:00 ×2',
    ]);
    expect(slots[0]!.startsAt).toBe('2026-12-07T01:00:00.000Z');
    expect(slots[0]!.endsAt).toBe('2026-12-07T02:00:00.000Z');
    expect(slots[0]!.resourceKey).toBe('');
  });

  it('a slot early in the morning in Shanghai falls on the previous UTC day; Tokyo is one hour further', () => {
    expect(instantOf('Asia/Shanghai', '2026-12-07', '07:30').toISOString()).toBe('2026-12-06T23:30:00.000Z');
    expect(instantOf('Asia/Tokyo', '2026-12-07', '09:00').toISOString()).toBe('2026-12-07T00:00:00.000Z');
    expect(todayIn('Asia/Shanghai', new Date('2026-12-06T16:30:00Z'))).toBe('2026-12-07');
  });

  it('keeps to the date range', () => {
    const slots = slotsBetween(schedule(), '2026-11-20', '2027-01-10');
    expect(slots[0]!.date).toBe('2026-12-02');
    expect(slots.at(-1)!.date).toBe('2026-12-30');
  });

  it('a closed date has no slots; a changed capacity applies to that date only; an extra slot is added', () => {
    const s = schedule({
      exceptions: [
        { kind: 'closed', date: '2026-12-07' },
        { kind: 'capacity', date: '2026-12-09', start: '09:00', capacity: 7 },
        { kind: 'extra', date: '2026-12-12', slot: { start: '10:00', end: '11:30', capacity: 4 } },
      ],
    });
    const slots = slotsBetween(s, '2026-12-07', '2026-12-16').map((x) => `${x.date} ${x.start} ×${x.capacity}`);
    expect(slots).toEqual(['2026-12-09 09:00 ×7', '2026-12-12 10:00 ×4', '2026-12-14 09:00 ×2', '2026-12-14 14:00 ×3', '2026-12-16 09:00 ×2']);
  });

  it('resources have their own weekly slots, and an exception can close one resource only', () => {
    const s = schedule({
      resources: [
        { key: 'room-a', name: 'A 室', weekly: [{ weekday: 1, slots: [{ start: '09:00', end: '09:30', capacity: 1 }] }] },
        { key: 'room-b', name: 'B 室', weekly: [{ weekday: 1, slots: [{ start: '10:00', end: '10:30', capacity: 1 }] }] },
      ],
      exceptions: [{ kind: 'closed', date: '2026-12-14', resourceKey: 'room-a' }],
    });
    const slots = slotsBetween(s, '2026-12-07', '2026-12-14').map((x) => `${x.resourceKey} ${x.date} ${x.start}`);
    expect(slots).toEqual(['room-a 2026-12-07 09:00', 'room-b 2026-12-07 10:00', 'room-b 2026-12-14 10:00']);
  });

  it('refuses bad schedules with Chinese messages', () => {
    const bad = ZSchedule.safeParse({ ...base, endDate: '2026-11-01' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toBe('结束日期不能早于开始日期');
    const badSlot = ZSchedule.safeParse({ ...base, weekly: [{ weekday: 1, slots: [{ start: '10:00', end: '09:00', capacity: 1 }] }] });
    expect(badSlot.error!.issues[0]!.message).toBe('结束时间须晚于开始时间');
    expect(ZSchedule.safeParse({ ...base, startDate: '2026-02-30' }).success).toBe(false);
  });
});

describe('bookableSlot', () => {
  const s = schedule({ window: { daysAhead: 14, cutoffMinutes: 60 }, exceptions: [{ kind: 'closed', date: '2026-12-09' }] });
  // 2026-12-07 08:30 in Shanghai.
  const now = new Date('2026-12-07T00:30:00Z');
  it('names why a slot cannot be booked', () => {
    expect(bookableSlot(s, '', '2026-12-09', '09:00', now)).toEqual({ refusal: 'closedDate' });
    expect(bookableSlot(s, '', '2026-12-08', '09:00', now)).toEqual({ refusal: 'closedDate' });
    expect(bookableSlot(s, '', '2026-12-07', '10:00', now)).toEqual({ refusal: 'noSuchSlot' });
    expect(bookableSlot(s, '', '2026-12-07', '09:00', new Date('2026-12-07T01:10:00Z'))).toEqual({ refusal: 'pastSlot' });
    expect(bookableSlot(s, '', '2026-12-07', '09:00', now)).toEqual({ refusal: 'pastCutoff' });
    expect(bookableSlot(s, '', '2026-12-28', '09:00', now)).toEqual({ refusal: 'tooFarAhead' });
    expect('slot' in bookableSlot(s, '', '2026-12-07', '14:00', now)).toBe(true);
    expect('slot' in bookableSlot(s, '', '2026-12-21', '09:00', now)).toBe(true);
  });
});
