import type { FastifyInstance } from 'fastify';
import { chainStreamRoutes } from '../../../schemas/api/chain';
import { parseBody } from '../../http/validate';
import { openEventStream } from '../../http/event-stream';
import { chainFeedStart } from '../../services/chain/chain-read.service';

/** A comment line now and then keeps proxies and phones from closing an idle stream. */
const HEARTBEAT_MS = 20_000;

/**
 * The live feed of a chain as server-sent events. The position comes from the Last-Event-ID header (an
 * EventSource that reconnects sends it) or, for the first connection, from `lastEventId` (the list's position);
 * without either the feed starts now.
 */
export function chainStreamRoute(app: FastifyInstance): void {
  app.get(`/api/${chainStreamRoutes.events.path}`, async (request, reply) => {
    const query = parseBody(chainStreamRoutes.events.query, request.query);
    const header = Number(request.headers['last-event-id'] ?? Number.NaN);
    const asked = Number.isSafeInteger(header) && header >= 0 ? header : query.lastEventId;
    const { projectId, last } = await chainFeedStart(app.deps, query.questionId, asked);

    const out = openEventStream(reply);
    out.write('retry: 2000\n\n');
    const send = (frame: string) => out.write(frame);
    const heartbeat = setInterval(() => out.write(': ping\n\n'), HEARTBEAT_MS);
    const unsubscribe = app.chainLive.subscribe(projectId, last, send, () => out.end());
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
}
