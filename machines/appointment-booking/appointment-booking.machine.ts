import { assign, setup } from 'xstate';
import { BOOKING_TRANSITIONS, type TBookingAction, type TBookingState } from '../../schemas/appointment/booking-states';
import type { TAppointmentBookingContext, TAppointmentBookingEvent } from './appointment-booking.types';

const ACTIONS: Partial<Record<TBookingAction, string>> = { promote: 'markPromoted', reschedule: 'countMove' };

/** The machine's transitions for a state, built from the one table the server enforces. */
function movesOf(state: TBookingState) {
  const moves: Partial<Record<TBookingAction, TBookingState>> = BOOKING_TRANSITIONS[state];
  return Object.fromEntries(
    Object.entries(moves).map(([action, target]) => {
      const effect = ACTIONS[action as TBookingAction];
      // A move to the same state (reschedule) stays put and only counts; others change state.
      return [`booking.${action}`, target === state ? { actions: effect } : effect ? { target, actions: effect } : { target }];
    }),
  );
}

/**
 * One appointment booking (issue 22 item 4): a booking takes a place (booked) or waits (waitlisted, the slot
 * full); a waiting booking is promoted in order when a place frees; a booked one is rescheduled, cancelled,
 * checked in or marked as a no-show. Cancelled, checked-in and no-show are final.
 */
export const appointmentBookingMachine = setup({
  types: { context: {} as TAppointmentBookingContext, events: {} as TAppointmentBookingEvent },
  actions: {
    markPromoted: assign({ promoted: true }),
    countMove: assign({ moves: ({ context }) => context.moves + 1 }),
  },
}).createMachine({
  id: 'appointment-booking',
  context: { promoted: false, moves: 0 },
  initial: 'booking',
  states: {
    booking: { on: { 'booking.book': { target: 'booked' }, 'booking.queue': { target: 'waitlisted' } } },
    booked: { on: movesOf('booked') },
    waitlisted: { on: movesOf('waitlisted') },
    cancelled: { type: 'final' },
    checkedIn: { type: 'final' },
    noShow: { type: 'final' },
  },
});
