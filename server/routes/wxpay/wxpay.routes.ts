import type { FastifyInstance } from 'fastify';
import { ZApplyMchRequest, ZNoBody, ZOutRequestNoRef, ZProviderStatusRequest } from '../../../schemas/api/wxpay';
import { defineCall } from '../../http/define-call';
import { sandboxMerchantReview, type MerchantReviewProvider } from '../../providers/merchant-review';
import {
  applyMch,
  newOutRequestNo,
  ownApplication,
  providerCount,
  providerDetail,
  providerStatus,
  toDetail,
} from '../../services/merchant/merchant-applications.service';
import { catalogRoutes } from './catalog.routes';

const P = 'active/wxPay';

/** active/wxPay/* (spec §7 "Merchant payment"): merchant onboarding applications and the pickers' catalogue. */
export function wxPayRoutes(app: FastifyInstance, review: MerchantReviewProvider = sandboxMerchantReview()): void {
  const { database } = app.deps;

  defineCall(app, { path: `${P}/getOutRequestNo`, body: ZNoBody, auth: 'required' }, async () => ({ out_request_no: newOutRequestNo(app.deps.now()) }));

  defineCall(app, { path: `${P}/applyMch`, body: ZApplyMchRequest, auth: 'required', okMessage: '提交成功' }, async (body, { user }) =>
    applyMch(database, review, user!, body),
  );

  defineCall(app, { path: `${P}/getApplyDetail`, body: ZOutRequestNoRef, auth: 'required' }, async (body, { user }) =>
    toDetail(database.query, await ownApplication(database.query, user!, body.out_request_no)),
  );

  defineCall(app, { path: `${P}/getProviderStatus`, body: ZProviderStatusRequest, auth: 'required' }, async (body, { user }) =>
    providerStatus(database.query, user!, body.out_request_no),
  );

  defineCall(app, { path: `${P}/getProviderDetail`, body: ZNoBody, auth: 'required' }, async (_body, { user }) => providerDetail(database.query, user!));

  defineCall(app, { path: `${P}/getProviderCount`, body: ZNoBody, auth: 'required' }, async (_body, { user }) => providerCount(database.query, user!));

  catalogRoutes(app);
}
