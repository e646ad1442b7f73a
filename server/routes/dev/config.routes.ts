import type { FastifyInstance } from 'fastify';
import { devCalls } from '../../../schemas/api/dev';
import { type TDevConfig } from '../../../schemas/api/dev';
import { flowsEnabled } from '../../env';
import { defineCall } from '../../http/define-call';

/** Development tools this server allows: the flow simulator page asks before showing itself in production builds. */
export function devConfigRoutes(app: FastifyInstance): void {
  defineCall(app, devCalls.config, async (): Promise<TDevConfig> => ({ flows: flowsEnabled(app.deps.env) }));
}
