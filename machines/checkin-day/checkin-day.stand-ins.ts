import type { TStandIns } from '../stand-ins';
import type { TCheckInDayEvent, TCheckInDayInput } from './checkin-day.types';

/** The day's moves come from the clock and the server; the machine invokes nothing. */
export const checkInDayStandIns: TStandIns = {};
export const checkInDaySampleEvents: TCheckInDayEvent[] = [];
export const checkInDayInput: TCheckInDayInput = { makeUpAllowed: true };
