import { queryOptions } from '@tanstack/react-query';
import { appointmentCalls } from '../../schemas/api/appointment';
import type { TRequestOf } from '../../schemas/api/contract';
import { call } from './client';

/** The creator's appointment calls (activity/question/appointment/*): settings, bookings, statement, export. */
type C = typeof appointmentCalls;

export const appointmentKeys = {
  all: (questionId: string) => ['appointment', questionId] as const,
  setting: (questionId: string) => ['appointment', questionId, 'setting'] as const,
  bookings: (questionId: string) => ['appointment', questionId, 'bookings'] as const,
  statement: (questionId: string, from?: string, to?: string) => ['appointment', questionId, 'statement', from ?? '', to ?? ''] as const,
  times: (questionId: string, date: string) => ['appointment', questionId, 'times', date] as const,
};

export const appointmentSettingQuery = (questionId: string) =>
  queryOptions({ queryKey: appointmentKeys.setting(questionId), queryFn: () => call(appointmentCalls.getSetting, { questionId }), enabled: !!questionId });

export const appointmentBookingsQuery = (questionId: string) =>
  queryOptions({
    queryKey: appointmentKeys.bookings(questionId),
    queryFn: () => call(appointmentCalls.getBookings, { questionId }),
    enabled: !!questionId,
    // New bookings show when the creator comes back to the tab.
    refetchOnWindowFocus: 'always',
  });

export const appointmentStatementQuery = (questionId: string, from?: string, to?: string) =>
  queryOptions({
    queryKey: appointmentKeys.statement(questionId, from, to),
    queryFn: () => call(appointmentCalls.getStatement, { questionId, from, to }),
    enabled: !!questionId,
  });

export const appointmentTimesQuery = (questionId: string, date: string) =>
  queryOptions({
    queryKey: appointmentKeys.times(questionId, date),
    queryFn: () => call(appointmentCalls.getTimes, { questionId, date }),
    enabled: !!questionId && !!date,
  });

export const saveAppointmentSetting = (body: TRequestOf<C['saveSetting']>) => call(appointmentCalls.saveSetting, body);
export const checkInBooking = (questionId: string, bookingId: string) => call(appointmentCalls.checkIn, { questionId, bookingId });
export const markBookingNoShow = (questionId: string, bookingId: string) => call(appointmentCalls.markNoShow, { questionId, bookingId });
export const cancelBookingByCreator = (questionId: string, bookingId: string, reason: string) =>
  call(appointmentCalls.cancelBooking, { questionId, bookingId, reason });
export const moveBookingByCreator = (body: TRequestOf<C['moveBooking']>) => call(appointmentCalls.moveBooking, body);
/** Queues the bookings' Excel export (预约记录 and 每日统计); the file shows in 我的下载. */
export const exportAppointmentBookings = (questionId: string) => call(appointmentCalls.exportBookings, { questionId });
