import type { appointmentCalls } from '../../../schemas/api/appointment';
import type { TRequestOf, TResponseOf } from '../../../schemas/api/contract';
import { post } from '../api';

/** The respondent's appointment calls (types only from the contracts: no schema code joins the phone bundle). */
type C = typeof appointmentCalls;
const A = 'activity/question/appointment/';

export const getWeeks = (body: TRequestOf<C['getWeeks']>) => post<TResponseOf<C['getWeeks']>>(`${A}getWeeks`, body);
export const getTimes = (body: TRequestOf<C['getTimes']>) => post<TResponseOf<C['getTimes']>>(`${A}getTimes`, body);
export const getBooking = (token: string) => post<TResponseOf<C['getBooking']>>(`${A}getBooking`, { token });
export const cancelBooking = (token: string, reason: string) => post<TResponseOf<C['cancel']>>(`${A}cancel`, { token, reason });
export const rescheduleBooking = (body: TRequestOf<C['reschedule']>) => post<TResponseOf<C['reschedule']>>(`${A}reschedule`, body);

/** The booking's calendar file (GET, text/calendar) and its private page. */
export const icsUrl = (token: string) => `/api/${A}ics?token=${encodeURIComponent(token)}`;
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
