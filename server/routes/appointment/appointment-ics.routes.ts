import type { FastifyInstance } from 'fastify';
import { appointmentFileRoutes } from '../../../schemas/api/appointment';
import { parseBody } from '../../http/validate';
import { bookingIcs } from '../../services/appointment/appointment-ics.service';

/** GET the booking's .ics (text/calendar), authorised by its private link's token. */
export function appointmentIcsRoute(app: FastifyInstance): void {
  app.get(`/api/${appointmentFileRoutes.ics.path}`, async (request, reply) => {
    const { token } = parseBody(appointmentFileRoutes.ics.query, request.query);
    const { fileName, body } = await bookingIcs(app.deps, token);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
