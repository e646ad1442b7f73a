import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineCall } from '../../http/define-call';

/** Test servers only (NODE_ENV=test): move the application clock, e.g. 8 days ahead to expire an invitation. */
export function clockRoutes(app: FastifyInstance): void {
  defineCall(app, { path: 'dev/clock', body: z.object({ offsetDays: z.number().min(-365).max(365) }), auth: 'optional' }, async (body) => {
    const offset = body.offsetDays * 86_400_000;
    app.deps.now = () => new Date(Date.now() + offset);
    return { now: app.deps.now().toISOString() };
  });
}
