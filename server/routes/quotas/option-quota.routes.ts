import type { FastifyInstance } from 'fastify';
import { optionQuotaCalls } from '../../../schemas/api/option-quota';
import { defineCall } from '../../http/define-call';
import { updateQuotaLimit } from '../../services/quotas/quota-limit.service';

/** Option quotas (/optionsQuota.html): a quota's target changed while collecting. */
export function optionQuotaRoutes(app: FastifyInstance): void {
  defineCall(app, optionQuotaCalls.updateQuota, async (body, { user }) => updateQuotaLimit(app.deps.database, user, body));
}
