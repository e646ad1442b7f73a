import type { FastifyInstance } from 'fastify';
import { ZDevListRequest, ZDevRejectRequest, ZOutRequestNoRef } from '../../../schemas/api/wxpay';
import { defineCall } from '../../http/define-call';
import { approve, listApplications, reject, reviewDetail, sign } from '../../services/merchant/merchant-review.service';

/**
 * The sandbox reviewer (development only, like the outbox): lists every application and decides it, for the
 * page /dev/merchant-review. Registered when NODE_ENV is not production or DEV_MERCHANT=1.
 */
export function devMerchantRoutes(app: FastifyInstance): void {
  const { database } = app.deps;
  const P = 'dev/merchant';
  defineCall(app, { path: `${P}/list`, body: ZDevListRequest, auth: 'optional' }, async (body) => listApplications(database.query, body));
  defineCall(app, { path: `${P}/detail`, body: ZOutRequestNoRef, auth: 'optional' }, async (body) => reviewDetail(database.query, body.out_request_no));
  defineCall(app, { path: `${P}/approve`, body: ZOutRequestNoRef, auth: 'optional', okMessage: '已通过审核' }, async (body) =>
    approve(database, body.out_request_no),
  );
  defineCall(app, { path: `${P}/sign`, body: ZOutRequestNoRef, auth: 'optional', okMessage: '已完成签约' }, async (body) =>
    sign(database, body.out_request_no),
  );
  defineCall(app, { path: `${P}/reject`, body: ZDevRejectRequest, auth: 'optional', okMessage: '已驳回' }, async (body) =>
    reject(database, body.out_request_no, body.reasons),
  );
}
