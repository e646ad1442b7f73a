import type { FastifyInstance } from 'fastify';
import { devCalls } from '../../../schemas/api/dev';
import { defineCall } from '../../http/define-call';
import { readClockOffset, writeClockOffset } from '../../services/dev/dev-clock.service';

/**
 * Test servers only (NODE_ENV=test): move the application clock, e.g. 8 days ahead to expire an invitation.
 * The offset is stored in the database and read again at the start of every API request, so a clock moved
 * through one process is the clock of every process on the same database (the cluster tests rely on it).
 * Until the clock is moved, the app keeps the clock it was built with.
 */
export function clockRoutes(app: FastifyInstance): void {
  const { database } = app.deps;
  let applied: number | null = null;
  const apply = (offset: number | null) => {
    if (offset === null || offset === applied) return;
    applied = offset;
    app.deps.now = () => new Date(Date.now() + offset);
  };
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/')) apply(await readClockOffset(database.query));
  });
  defineCall(app, devCalls.clock, async (body) => {
    const offset = Math.round(body.offsetDays * 86_400_000);
    await writeClockOffset(database.query, offset);
    apply(offset);
    return { now: app.deps.now().toISOString() };
  });
}
