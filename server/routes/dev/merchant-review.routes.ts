import type { FastifyInstance } from 'fastify';
import { devMerchantCalls } from '../../../schemas/api/wxpay';
import { defineCall } from '../../http/define-call';
import { approve, listApplications, reject, reviewDetail, sign } from '../../services/merchant/merchant-review.service';

/**
 * The sandbox reviewer (development only, like the outbox): lists every application and decides it, for the
 * page /dev/merchant-review. Registered when NODE_ENV is not production or DEV_MERCHANT=1.
 */
export function devMerchantRoutes(app: FastifyInstance): void {
  const { database } = app.deps;
  defineCall(app, devMerchantCalls.list, async (body) => listApplications(database.query, body));
  defineCall(app, devMerchantCalls.detail, async (body) => reviewDetail(database.query, body.out_request_no));
  defineCall(app, devMerchantCalls.approve, async (body) => approve(database, body.out_request_no));
  defineCall(app, devMerchantCalls.sign, async (body) => sign(database, body.out_request_no));
  defineCall(app, devMerchantCalls.reject, async (body) => reject(database, body.out_request_no, body.reasons));
}
