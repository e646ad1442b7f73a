import type { TPurchasable } from './catalog';
import { yuanOf } from './catalog';

/**
 * The platform's coupons (issue 46, spec §7 activity/coupon/*; the spec shows no fields, so these are ours:
 * docs/decisions.md). A coupon takes `discountFen` off one purchase from the balance of at least `minSpendFen`, of
 * the purchases it applies to; a user receives each coupon once and it lasts `validDays` from receipt. Shared by
 * the server (what a purchase costs) and the screens (the price a coupon leaves).
 */
export type TCouponScope = 'all' | 'member' | 'package';

export interface Coupon {
  id: string;
  title: string;
  discountFen: number;
  /** The price a purchase must reach for the coupon to apply (0: no threshold). */
  minSpendFen: number;
  scope: TCouponScope;
  validDays: number;
  /** Only accounts younger than this many days may receive it (the 新用户 coupon), or null for everyone. */
  newUserDays: number | null;
}

export const COUPONS: readonly Coupon[] = [
  { id: 'welcome-10', title: '新用户专享券', discountFen: 1_000, minSpendFen: 0, scope: 'all', validDays: 30, newUserDays: 30 },
  { id: 'member-30', title: '会员开通券', discountFen: 3_000, minSpendFen: 9_900, scope: 'member', validDays: 15, newUserDays: null },
  { id: 'package-5', title: '增值套餐券', discountFen: 500, minSpendFen: 3_000, scope: 'package', validDays: 15, newUserDays: null },
];

export const SCOPE_TEXT: Record<TCouponScope, string> = { all: '全场通用', member: '限开通会员', package: '限购买套餐' };

export const couponOf = (id: string): Coupon | undefined => COUPONS.find((c) => c.id === id);

/** What a coupon asks of a purchase, as a card shows it: "无门槛" or "满99元可用". */
export const thresholdText = (coupon: Pick<Coupon, 'minSpendFen'>) =>
  coupon.minSpendFen > 0 ? `满${yuanOf(coupon.minSpendFen).replace(/\.00$/, '')}元可用` : '无门槛';

/** Why a coupon does not apply to an item, or null when it does. */
export function couponRefusal(coupon: Pick<Coupon, 'scope' | 'minSpendFen'>, item: Pick<TPurchasable, 'type' | 'priceFen'>): string | null {
  if (coupon.scope === 'member' && item.type !== 'member') return '该优惠券仅限开通会员使用';
  if (coupon.scope === 'package' && item.type === 'member') return '该优惠券仅限购买套餐使用';
  if (item.priceFen < coupon.minSpendFen) return `该优惠券需订单满 ${yuanOf(coupon.minSpendFen)} 元才能使用`;
  return null;
}

/** The price after a coupon's discount, never below 0. */
export const priceAfter = (priceFen: number, discountFen: number) => Math.max(0, priceFen - discountFen);
