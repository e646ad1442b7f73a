import type { TStandIns } from '../stand-ins';
import type { TAppointmentBookingEvent } from './appointment-booking.types';

/** The booking's moves are decided by the server; the machine invokes nothing. */
export const appointmentBookingStandIns: TStandIns = {};

export const appointmentBookingSampleEvents: TAppointmentBookingEvent[] = [];
