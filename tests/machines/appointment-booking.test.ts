import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { appointmentBookingMachine } from '../../machines/appointment-booking/appointment-booking.machine';
import { bookingStateOf, canCancel, canReschedule } from '../../machines/appointment-booking/appointment-booking.selectors';
import { BOOKING_STATES, nextBookingState, type TBookingAction, type TBookingState } from '../../schemas/appointment/booking-states';

const ACTIONS: TBookingAction[] = ['promote', 'reschedule', 'cancel', 'checkIn', 'markNoShow'];

/** An actor in `state`, reached the way the server reaches it. */
function actorIn(state: TBookingState) {
  const actor = createActor(appointmentBookingMachine).start();
  actor.send({ type: state === 'waitlisted' ? 'booking.queue' : 'booking.book' });
  if (state === 'cancelled') actor.send({ type: 'booking.cancel' });
  if (state === 'checkedIn') actor.send({ type: 'booking.checkIn' });
  if (state === 'noShow') actor.send({ type: 'booking.markNoShow' });
  return actor;
}

describe('appointment-booking machine', () => {
  it('takes exactly the moves the server allows (one table, schemas/appointment/booking-states.ts)', () => {
    for (const state of BOOKING_STATES) {
      expect(bookingStateOf(actorIn(state).getSnapshot())).toBe(state);
      for (const action of ACTIONS) {
        const actor = actorIn(state);
        const can = actor.getSnapshot().can({ type: `booking.${action}` });
        expect(can, `${state} ${action}`).toBe(nextBookingState(state, action) !== null);
        if (!can) continue;
        actor.send({ type: `booking.${action}` });
        expect(bookingStateOf(actor.getSnapshot())).toBe(nextBookingState(state, action));
      }
    }
  });

  it('a promoted booking is booked and remembers it came from the waitlist; a reschedule keeps it booked', () => {
    const actor = actorIn('waitlisted');
    expect(canReschedule(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'booking.promote' });
    actor.send({ type: 'booking.reschedule' });
    const snapshot = actor.getSnapshot();
    expect(bookingStateOf(snapshot)).toBe('booked');
    expect(snapshot.context).toEqual({ promoted: true, moves: 1 });
    expect(canCancel(snapshot)).toBe(true);
  });

  it('cancelled, checked-in and no-show bookings are final', () => {
    for (const state of ['cancelled', 'checkedIn', 'noShow'] as const) {
      const snapshot = actorIn(state).getSnapshot();
      expect(snapshot.status, state).toBe('done');
      expect(canCancel(snapshot)).toBe(false);
    }
  });
});
