import { queryOptions } from '@tanstack/react-query';
import { couponCalls, type TCouponStatus } from '../../schemas/api/coupon';
import { call } from './client';

/** Coupons (activity/coupon/*): the catalogue, receiving one, the user's own, removing a spent one from the list. */
export const couponKeys = {
  all: ['coupons'] as const,
  offers: ['coupons', 'offers'] as const,
  mine: (status: TCouponStatus | 'all', page: number, pageSize: number) => ['coupons', 'mine', status, page, pageSize] as const,
  forPackage: (packageId: string) => ['coupons', 'for', packageId] as const,
};

export const couponOffersQuery = () => queryOptions({ queryKey: couponKeys.offers, queryFn: () => call(couponCalls.getCouponList, {}) });
export const myCouponsQuery = (status: TCouponStatus | 'all') => (page: number, pageSize: number) =>
  queryOptions({
    queryKey: couponKeys.mine(status, page, pageSize),
    queryFn: () => call(couponCalls.getUserCouponList, status === 'all' ? { page, pageSize } : { status, page, pageSize }),
  });
/** The user's usable coupons, as they apply to one purchase (which fit, and the price after each). */
export const couponsForPackageQuery = (packageId: string) =>
  queryOptions({
    queryKey: couponKeys.forPackage(packageId),
    queryFn: () => call(couponCalls.getUserCouponList, { status: 'usable', packageId, page: 1, pageSize: 50 }, { quiet: true }),
  });

export const receiveCoupon = (couponId: string) => call(couponCalls.getCouponReceive, { couponId }, { quiet: true });
export const hideCoupon = (code: string) => call(couponCalls.saveOrUpdateUserCoupon, { code, hidden: true }, { quiet: true });
