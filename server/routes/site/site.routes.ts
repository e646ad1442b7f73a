import type { FastifyInstance } from 'fastify';
import { siteCalls, type TOperator } from '../../../schemas/api/site';
import { defineCall } from '../../http/define-call';

/** Who runs this deployment, as the legal pages name it (OPERATOR_NAME, OPERATOR_CONTACT). */
export function siteRoutes(app: FastifyInstance): void {
  defineCall(app, siteCalls.operator, async (): Promise<TOperator> => ({
    name: app.deps.env.OPERATOR_NAME ?? null,
    contact: app.deps.env.OPERATOR_CONTACT ?? null,
  }));
}
