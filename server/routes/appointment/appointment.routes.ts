import type { FastifyInstance } from 'fastify';
import { appointmentCalls } from '../../../schemas/api/appointment';
import { defineCall } from '../../http/define-call';
import { appointmentIcsRoute } from './appointment-ics.routes';
import { book, cancelBooking, getBooking, rescheduleBooking } from '../../services/appointment/appointment-book.service';
import {
  cancelByCreator,
  getBookings,
  getSetting,
  getTimes,
  getWeeks,
  markAs,
  moveByCreator,
  saveSetting,
} from '../../services/appointment/appointment-read.service';
import { queueAppointmentExport } from '../../services/appointment/appointment-export.service';
import { getStatement } from '../../services/appointment/appointment-statement.service';

/** Appointments (预约): the creator's settings and bookings, the respondent's calendar, booking and private link. */
export function appointmentRoutes(app: FastifyInstance): void {
  const { deps } = app;

  appointmentIcsRoute(app);
  defineCall(app, appointmentCalls.getSetting, async (body, { user }) => getSetting(deps, user, body.questionId));
  defineCall(app, appointmentCalls.saveSetting, async (body, { user }) => saveSetting(deps, user, body.questionId, body.schedule, body.version));
  defineCall(app, appointmentCalls.getWeeks, async (body) => getWeeks(deps, body.questionId, body.from, body.weeks));
  defineCall(app, appointmentCalls.getTimes, async (body) => getTimes(deps, body.questionId, body.date, body.resourceKey));
  defineCall(app, appointmentCalls.book, async (body, { user }) => book(deps, user, body));
  defineCall(app, appointmentCalls.getBooking, async (body) => getBooking(deps, body.token));
  defineCall(app, appointmentCalls.cancel, async (body) => cancelBooking(deps, body.token, body.reason));
  defineCall(app, appointmentCalls.reschedule, async ({ token, ...choice }) => rescheduleBooking(deps, token, choice));
  defineCall(app, appointmentCalls.getBookings, async ({ questionId, ...filter }, { user }) => getBookings(deps, user, questionId, filter));
  defineCall(app, appointmentCalls.checkIn, async (body, { user }) => markAs(deps, user, body.questionId, body.bookingId, 'checkIn'));
  defineCall(app, appointmentCalls.cancelBooking, async (body, { user }) => cancelByCreator(deps, user, body.questionId, body.bookingId, body.reason));
  defineCall(app, appointmentCalls.moveBooking, async ({ questionId, bookingId, ...choice }, { user }) =>
    moveByCreator(deps, user, questionId, bookingId, choice),
  );
  defineCall(app, appointmentCalls.getStatement, async ({ questionId, ...range }, { user }) => getStatement(deps, user, questionId, range));
  defineCall(app, appointmentCalls.exportBookings, async (body, { user }) => {
    const job = await queueAppointmentExport(deps.database, user, body.questionId);
    app.exportRunner.kick();
    return job;
  });
  defineCall(app, appointmentCalls.markNoShow, async (body, { user }) => markAs(deps, user, body.questionId, body.bookingId, 'markNoShow'));
}
