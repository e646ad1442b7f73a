import type { FastifyInstance } from 'fastify';
import { devSmsSignCalls } from '../../../schemas/api/sms';
import { defineCall } from '../../http/define-call';
import { reviewList, reviewSign } from '../../services/sms/sms-sign.service';

/**
 * The operator's review of SMS signatures (development only, like the merchant review, and behind its switch
 * DEV_MERCHANT): the page /dev/sms-sign-review lists them and approves or rejects with a reason.
 */
export function devSmsSignRoutes(app: FastifyInstance): void {
  const { database } = app.deps;
  const now = () => app.deps.now();
  defineCall(app, devSmsSignCalls.list, (body) => reviewList(database.query, body.state));
  defineCall(app, devSmsSignCalls.approve, (body) => reviewSign(database, body.signId, { approve: true }, now()));
  defineCall(app, devSmsSignCalls.reject, (body) => reviewSign(database, body.signId, { approve: false, reason: body.reason }, now()));
}
