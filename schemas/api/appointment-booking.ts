import { z } from 'zod';
import { BOOKING_STATES } from '../appointment/booking-states';

/**
 * One booking as its booker sees it (schemas/api/appointment.ts re-exports it). Its own module: the submit's
 * result (schemas/api/write.ts) carries a booking, and the appointment contracts import the export jobs, which
 * import the report and write contracts.
 */
export const ZBookingState = z.enum(BOOKING_STATES);

export const ZBooking = z.object({
  bookingId: z.string(),
  questionId: z.string(),
  resourceKey: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  /** The slot's start as an instant (ISO, UTC); screens show it in Asia/Shanghai. */
  startsAt: z.string(),
  /** The slot's end as an instant, and the project's zone the date and times are written in. */
  endsAt: z.string(),
  timeZone: z.string(),
  partySize: z.number(),
  state: ZBookingState,
  promoted: z.boolean(),
  /** Position among the slot's waiting bookings (1 first), 0 when not waiting. */
  waitPosition: z.number(),
  name: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type TBooking = z.infer<typeof ZBooking>;
