import * as CALL_PATHS from '../../../schemas/api/paths/calls';
import * as FILE_PATHS from '../../../schemas/api/paths/files';
import type { TBodyOf } from '../../../schemas/api/call-path-types';
import { API_BASE, callOf } from '../api';

// The respondent's appointment calls: paths from the table, types only from the contracts (no schema code joins
// the phone bundle).
export const getWeeks = (body: TBodyOf<typeof CALL_PATHS.appointment.getWeeks>) => callOf(CALL_PATHS.appointment.getWeeks, body);
export const getTimes = (body: TBodyOf<typeof CALL_PATHS.appointment.getTimes>) => callOf(CALL_PATHS.appointment.getTimes, body);
export const getBooking = (token: string) => callOf(CALL_PATHS.appointment.getBooking, { token });
export const cancelBooking = (token: string, reason: string) => callOf(CALL_PATHS.appointment.cancel, { token, reason });
export const rescheduleBooking = (body: TBodyOf<typeof CALL_PATHS.appointment.reschedule>) => callOf(CALL_PATHS.appointment.reschedule, body);

/** The booking's calendar file (GET, text/calendar) and its private page. */
export const icsUrl = (token: string) => `${API_BASE}${FILE_PATHS.appointment.ics}?token=${encodeURIComponent(token)}`;
export const bookingPath = (token: string) => `/appointment/booking/${encodeURIComponent(token)}`;
export const bookingUrl = (token: string) => `${location.origin}${bookingPath(token)}`;

/** /appointment/booking/{token}: the token, or '' on any other path. */
export function bookingTokenFromPath(pathname: string): string {
  const m = /^\/appointment\/booking\/([^/?#]+)/.exec(pathname);
  return m ? decodeURIComponent(m[1]!) : '';
}

/** Ask the slot pickers on the page to read the places again (a refused booking: someone took the last place). */
export const REFRESH_EVENT = 'wj:appointment-refresh';
export const askPlacesRefresh = () => window.dispatchEvent(new Event(REFRESH_EVENT));
