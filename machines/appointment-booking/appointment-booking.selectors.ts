import type { SnapshotFrom } from 'xstate';
import { BOOKING_TRANSITIONS, type TBookingState } from '../../schemas/appointment/booking-states';
import type { appointmentBookingMachine } from './appointment-booking.machine';

type TSnapshot = SnapshotFrom<typeof appointmentBookingMachine>;

/** The booking's state as the server names it (null while booking). */
export const bookingStateOf = (snapshot: TSnapshot): TBookingState | null => (snapshot.value === 'booking' ? null : (snapshot.value as TBookingState));

/** Whether the respondent may still cancel it from the private link. */
export const canCancel = (snapshot: TSnapshot): boolean => {
  const state = bookingStateOf(snapshot);
  return state !== null && 'cancel' in BOOKING_TRANSITIONS[state];
};

/** Whether it may move to another slot. */
export const canReschedule = (snapshot: TSnapshot): boolean => {
  const state = bookingStateOf(snapshot);
  return state !== null && 'reschedule' in BOOKING_TRANSITIONS[state];
};
