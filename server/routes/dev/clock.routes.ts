import type { FastifyInstance } from 'fastify';
import { devCalls } from '../../../schemas/api/dev';
import type { Query } from '../../db/client';
import { defineCall } from '../../http/define-call';

/** The meta row holding the test clock's offset in ms, so that every process of a cluster reads one clock. */
export const CLOCK_KEY = 'dev:clock-offset-ms';

const readOffset = async (query: Query): Promise<number | null> => {
  const [row] = await query<{ value: string }>('SELECT value FROM meta WHERE key = $1', [CLOCK_KEY]);
  return row ? Number(row.value) : null;
};

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
    if (request.url.startsWith('/api/')) apply(await readOffset(database.query));
  });
  defineCall(app, devCalls.clock, async (body) => {
    const offset = Math.round(body.offsetDays * 86_400_000);
    await database.query(`INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [CLOCK_KEY, String(offset)]);
    apply(offset);
    return { now: app.deps.now().toISOString() };
  });
}
