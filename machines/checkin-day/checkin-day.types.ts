/**
 * Events of one check-in day: the clock reaching the day, its window opening, the late time, the window closing,
 * the participant's check-in, and a make-up of the day once missed.
 */
export type TCheckInDayEvent =
  { type: 'day.arrive' } | { type: 'window.open' } | { type: 'late.reached' } | { type: 'window.close' } | { type: 'day.checkIn' } | { type: 'day.makeUp' };

/** Whether the creator allows make-ups (and the day is within reach). */
export interface TCheckInDayContext {
  makeUpAllowed: boolean;
}
export interface TCheckInDayInput {
  makeUpAllowed?: boolean;
}
