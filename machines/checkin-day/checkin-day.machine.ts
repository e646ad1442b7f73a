import { setup } from 'xstate';
import type { TCheckInDayContext, TCheckInDayEvent, TCheckInDayInput } from './checkin-day.types';

/**
 * One check-in day of one participant (打卡接龙, issue 20 item 2), as schemas/checkin/days.ts decides it: a day
 * to come, then today before its window (pending), open (a check-in is on time), open after the late time (a
 * check-in is late); a window that closes without one leaves the day missed, which a make-up fills when the
 * creator allows it. Done, late and made up are final: one check-in per person per day.
 */
export const checkInDayMachine = setup({
  types: { context: {} as TCheckInDayContext, events: {} as TCheckInDayEvent, input: {} as TCheckInDayInput },
  guards: { makeUpAllowed: ({ context }) => context.makeUpAllowed },
}).createMachine({
  id: 'checkin-day',
  context: ({ input }) => ({ makeUpAllowed: input?.makeUpAllowed ?? true }),
  initial: 'upcoming',
  states: {
    upcoming: { on: { 'day.arrive': { target: 'pending' } } },
    pending: { on: { 'window.open': { target: 'open' } } },
    open: { on: { 'day.checkIn': { target: 'done' }, 'late.reached': { target: 'openLate' }, 'window.close': { target: 'missed' } } },
    openLate: { on: { 'day.checkIn': { target: 'late' }, 'window.close': { target: 'missed' } } },
    missed: { on: { 'day.makeUp': { target: 'madeUp', guard: 'makeUpAllowed' } } },
    done: { type: 'final' },
    late: { type: 'final' },
    madeUp: { type: 'final' },
  },
});
