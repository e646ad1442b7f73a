import { BOOKING_STATE_NAMES } from '../../../schemas/appointment/booking-states';
import { buildIcs } from '../../../schemas/appointment/ics';
import type { Deps } from '../deps';
import { getBooking } from './appointment-book.service';

/**
 * The booking behind a private link as an iCalendar file: one VEVENT at the slot's instants (UTC), the project's
 * title as its summary. The UID is the booking's id, so importing it again updates the same event.
 */
export async function bookingIcs(deps: Deps, token: string): Promise<{ fileName: string; body: string }> {
  const booking = await getBooking(deps, token);
  const people = booking.partySize > 1 ? `，${booking.partySize}人` : '';
  const body = buildIcs({
    uid: `${booking.bookingId}@wenjuan`,
    title: booking.title || '预约',
    description: `${BOOKING_STATE_NAMES[booking.state]}：${booking.date} ${booking.start}–${booking.end}${people}`,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    stamp: deps.now(),
  });
  return { fileName: `appointment-${booking.date}.ics`, body };
}
