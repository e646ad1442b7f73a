/**
 * An appointment booking's life (issue 22 item 4): the one transition table the server enforces and the
 * appointment-booking machine (machines/appointment-booking/) is built from. Zod-free.
 * A promoted booking is `booked` again (its `promoted` flag says it came from the waitlist).
 */
export const BOOKING_STATES = ['booked', 'waitlisted', 'cancelled', 'checkedIn', 'noShow'] as const;
export type TBookingState = (typeof BOOKING_STATES)[number];
export type TBookingAction = 'promote' | 'reschedule' | 'cancel' | 'checkIn' | 'markNoShow';

export const BOOKING_TRANSITIONS = {
  booked: { reschedule: 'booked', cancel: 'cancelled', checkIn: 'checkedIn', markNoShow: 'noShow' },
  waitlisted: { promote: 'booked', cancel: 'cancelled' },
  cancelled: {},
  checkedIn: {},
  noShow: {},
} as const satisfies Record<TBookingState, Partial<Record<TBookingAction, TBookingState>>>;

export function nextBookingState(state: TBookingState, action: TBookingAction): TBookingState | null {
  const moves: Partial<Record<TBookingAction, TBookingState>> = BOOKING_TRANSITIONS[state];
  return moves[action] ?? null;
}

export const BOOKING_STATE_NAMES: Record<TBookingState, string> = {
  booked: '已预约',
  waitlisted: '候补中',
  cancelled: '已取消',
  checkedIn: '已到场',
  noShow: '未到场',
};
