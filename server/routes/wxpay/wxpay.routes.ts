import type { FastifyInstance } from 'fastify';
import { wxPayCalls } from '../../../schemas/api/wxpay';
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

/** active/wxPay/* (spec §7 "Merchant payment"): merchant onboarding applications and the pickers' catalogue. */
export function wxPayRoutes(app: FastifyInstance, review: MerchantReviewProvider = sandboxMerchantReview()): void {
  const { database } = app.deps;

  defineCall(app, wxPayCalls.getOutRequestNo, async () => ({ out_request_no: newOutRequestNo(app.deps.now()) }));

  defineCall(app, wxPayCalls.applyMch, async (body, { user }) => applyMch(database, review, user!, body));

  defineCall(app, wxPayCalls.getApplyDetail, async (body, { user }) =>
    toDetail(database.query, await ownApplication(database.query, user!, body.out_request_no)),
  );

  defineCall(app, wxPayCalls.getProviderStatus, async (body, { user }) => providerStatus(database.query, user!, body.out_request_no));

  defineCall(app, wxPayCalls.getProviderDetail, async (_body, { user }) => providerDetail(database.query, user!));

  defineCall(app, wxPayCalls.getProviderCount, async (_body, { user }) => providerCount(database.query, user!));

  catalogRoutes(app);
}
