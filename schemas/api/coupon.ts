import { z } from 'zod';
import { purchasableOf } from '../money/catalog';
import { COUPONS } from '../money/coupons';
import { zInt } from '../int';
import { contract, ZPageOf } from './contract';

/**
 * Coupons (issue 46, spec §7 activity/coupon/*): the platform's catalogue (getCouponList), receiving one
 * (getCouponReceive, once per coupon per user), the user's own (getUserCouponList: 可用 / 已使用 / 已过期, and with a
 * packageId which of them that purchase can use and what it would cost), and removing a used or expired one from
 * the list (saveOrUpdateUserCoupon). A coupon is used by naming it on a purchase from the balance (couponCode).
 */
const C = 'activity/coupon/';

export const COUPON_MESSAGES = {
  unknown: '优惠券不存在或已下架',
  received: '您已领取过该优惠券',
  newUserOnly: '该优惠券仅限注册30天内的新用户领取',
  notFound: '优惠券不存在',
  used: '该优惠券已使用',
  expired: '该优惠券已过期',
  usableNotHidden: '可用的优惠券不能删除',
} as const;

export const ZCouponId = z
  .string({ error: '请选择优惠券' })
  .max(40, COUPON_MESSAGES.unknown)
  .refine((id) => COUPONS.some((c) => c.id === id), COUPON_MESSAGES.unknown);
/** A held coupon's code: 'U' and 16 letters or digits, random (a stranger cannot walk them). */
export const ZCouponCode = z.string({ error: '请选择优惠券' }).regex(/^U[0-9A-Z]{16}$/, COUPON_MESSAGES.notFound);

export const ZCouponScope = z.enum(['all', 'member', 'package']);
export const ZCouponOffer = z.object({
  couponId: z.string(),
  title: z.string(),
  discountFen: z.number(),
  minSpendFen: z.number(),
  scope: ZCouponScope,
  validDays: z.number(),
  newUserOnly: z.boolean(),
  /** Whether the caller already holds it (false when logged out). */
  received: z.boolean(),
  /** Whether the caller may receive it now (logged out: false). */
  receivable: z.boolean(),
});
export type TCouponOffer = z.infer<typeof ZCouponOffer>;

export const ZCouponStatus = z.enum(['usable', 'used', 'expired']);
export type TCouponStatus = z.infer<typeof ZCouponStatus>;
export const ZUserCoupon = z.object({
  code: z.string(),
  couponId: z.string(),
  title: z.string(),
  discountFen: z.number(),
  minSpendFen: z.number(),
  scope: ZCouponScope,
  status: ZCouponStatus,
  receivedAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
  orderNo: z.string().nullable(),
  /** With a packageId: whether that purchase can use it, why not, and what it would then cost. */
  applicable: z.boolean().nullable(),
  refusal: z.string().nullable(),
  priceAfterFen: z.number().nullable(),
});
export type TUserCoupon = z.infer<typeof ZUserCoupon>;

export const ZUserCouponListRequest = z.object({
  status: ZCouponStatus.optional(),
  packageId: z
    .string()
    .max(40, '套餐不存在，请刷新页面后重新选择')
    .refine((id) => purchasableOf(id) !== undefined, '套餐不存在，请刷新页面后重新选择')
    .optional(),
  page: zInt(1, 100_000).default(1),
  pageSize: zInt(1, 100).default(20),
});

export const couponCalls = {
  getCouponList: contract({
    path: `${C}getCouponList`,
    summary: '领券中心：平台优惠券',
    request: z.object({}).passthrough(),
    response: z.object({ list: z.array(ZCouponOffer) }),
    auth: 'optional',
  }),
  getCouponReceive: contract({
    path: `${C}getCouponReceive`,
    summary: '领取优惠券',
    request: z.object({ couponId: ZCouponId }),
    response: ZUserCoupon,
    auth: 'required',
    okMessage: '领取成功',
  }),
  getUserCouponList: contract({
    path: `${C}getUserCouponList`,
    summary: '我的优惠券',
    request: ZUserCouponListRequest,
    response: ZPageOf(ZUserCoupon).extend({ counts: z.object({ usable: z.number(), used: z.number(), expired: z.number() }) }),
    auth: 'required',
  }),
  saveOrUpdateUserCoupon: contract({
    path: `${C}saveOrUpdateUserCoupon`,
    summary: '删除（隐藏）已使用或已过期的优惠券',
    request: z.object({ code: ZCouponCode, hidden: z.boolean({ error: 'hidden 须为 true 或 false' }) }),
    response: z.null(),
    auth: 'required',
    okMessage: '已更新',
  }),
};
