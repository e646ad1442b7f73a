import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { checkInDayMachine } from '../../machines/checkin-day/checkin-day.machine';
import type { TCheckInDayEvent } from '../../machines/checkin-day/checkin-day.types';

const run = (events: TCheckInDayEvent['type'][], makeUpAllowed = true) => {
  const actor = createActor(checkInDayMachine, { input: { makeUpAllowed } }).start();
  for (const type of events) actor.send({ type } as TCheckInDayEvent);
  return actor.getSnapshot();
};

describe('checkin-day machine', () => {
  it('ends done before the late time, late after it, and missed when the window closes without a check-in', () => {
    expect(run(['day.arrive', 'window.open', 'day.checkIn']).value).toBe('done');
    expect(run(['day.arrive', 'window.open', 'late.reached', 'day.checkIn']).value).toBe('late');
    expect(run(['day.arrive', 'window.open', 'window.close']).value).toBe('missed');
  });

  it('takes no check-in before the window opens, and only one a day', () => {
    expect(run(['day.arrive', 'day.checkIn']).value).toBe('pending');
    const done = run(['day.arrive', 'window.open', 'day.checkIn']);
    expect(done.status).toBe('done');
    expect(done.can({ type: 'day.checkIn' })).toBe(false);
    expect(done.can({ type: 'day.makeUp' })).toBe(false);
  });

  it('makes up a missed day only when the creator allows it', () => {
    expect(run(['day.arrive', 'window.open', 'window.close', 'day.makeUp']).value).toBe('madeUp');
    expect(run(['day.arrive', 'window.open', 'window.close', 'day.makeUp'], false).value).toBe('missed');
  });
});
