import type { FastifyInstance } from 'fastify';
import { couponCalls } from '../../../schemas/api/coupon';
import { defineCall } from '../../http/define-call';
import { couponOffers, hideCoupon, receiveCoupon, userCouponList } from '../../services/money/coupon.service';

/** activity/coupon/*: the catalogue, receiving a coupon, the caller's coupons, removing a spent one from the list. */
export function couponRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineCall(app, couponCalls.getCouponList, async (_body, { user }) => couponOffers(deps.database.query, user, deps.now()));
  defineCall(app, couponCalls.getCouponReceive, async (body, { user }) => receiveCoupon(deps, user!, body.couponId));
  defineCall(app, couponCalls.getUserCouponList, async (body, { user }) => userCouponList(deps, user!, body));
  defineCall(app, couponCalls.saveOrUpdateUserCoupon, async (body, { user }) => hideCoupon(deps, user!, body.code, body.hidden));
}
