/** Events of a booking's life; the server takes the same moves (schemas/appointment/booking-states.ts). */
export type TAppointmentBookingEvent =
  | { type: 'booking.book' }
  | { type: 'booking.queue' }
  | { type: 'booking.promote' }
  | { type: 'booking.reschedule' }
  | { type: 'booking.cancel' }
  | { type: 'booking.checkIn' }
  | { type: 'booking.markNoShow' };

/** Whether the booking came from the waitlist, and how often it moved (for the screen only). */
export interface TAppointmentBookingContext {
  promoted: boolean;
  moves: number;
}
