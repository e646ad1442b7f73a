import { randomInt } from 'node:crypto';
import { COUPON_MESSAGES, type TCouponOffer, type TCouponStatus, type TUserCoupon } from '../../../schemas/api/coupon';
import { purchasableOf } from '../../../schemas/money/catalog';
import { COUPONS, couponOf, couponRefusal, priceAfter } from '../../../schemas/money/coupons';
import type { Query } from '../../db/client';
import type { UserCouponRow, UserRow } from '../../db/rows';
import { conflict, notFound } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';

const DAY = 86_400_000;
const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A held coupon's code: 'U' and 16 random letters or digits (the client names it by this, never by a row number). */
export const newCouponCode = () => `U${Array.from({ length: 16 }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('')}`;

export const couponStatus = (row: Pick<UserCouponRow, 'used_at' | 'expires_at'>, now: Date): TCouponStatus =>
  row.used_at ? 'used' : new Date(row.expires_at).getTime() <= now.getTime() ? 'expired' : 'usable';

/** A held coupon as the client sees it; with a package, whether that purchase can use it and what it would cost. */
export function couponView(row: UserCouponRow, now: Date, packageId?: string): TUserCoupon {
  const coupon = couponOf(row.coupon_id);
  const status = couponStatus(row, now);
  const item = packageId ? purchasableOf(packageId) : undefined;
  const refusal = item && coupon ? (status === 'usable' ? couponRefusal(coupon, item) : COUPON_MESSAGES[status === 'used' ? 'used' : 'expired']) : null;
  return {
    code: row.code,
    couponId: row.coupon_id,
    title: coupon?.title ?? '优惠券',
    discountFen: row.discount_fen,
    minSpendFen: coupon?.minSpendFen ?? 0,
    scope: coupon?.scope ?? 'all',
    status,
    receivedAt: iso(row.received_at)!,
    expiresAt: iso(row.expires_at)!,
    usedAt: iso(row.used_at),
    orderNo: row.order_no,
    applicable: item ? refusal === null : null,
    refusal: item ? refusal : null,
    priceAfterFen: item && refusal === null ? priceAfter(item.priceFen, row.discount_fen) : null,
  };
}

async function accountAgeDays(query: Query, userId: number, now: Date): Promise<number> {
  const [row] = await query<Pick<UserRow, 'created_at'>>('SELECT created_at FROM users WHERE id = $1', [userId]);
  return (now.getTime() - new Date(row!.created_at).getTime()) / DAY;
}

/** activity/coupon/getCouponList: the catalogue, with what the caller holds and may still receive. */
export async function couponOffers(query: Query, user: AuthUser | null, now: Date): Promise<{ list: TCouponOffer[] }> {
  const held = user ? await query<Pick<UserCouponRow, 'coupon_id'>>('SELECT coupon_id FROM user_coupons WHERE user_id = $1', [user.id]) : [];
  const age = user ? await accountAgeDays(query, user.id, now) : Infinity;
  return {
    list: COUPONS.map((c) => {
      const received = held.some((h) => h.coupon_id === c.id);
      return {
        couponId: c.id,
        title: c.title,
        discountFen: c.discountFen,
        minSpendFen: c.minSpendFen,
        scope: c.scope,
        validDays: c.validDays,
        newUserOnly: c.newUserDays !== null,
        received,
        receivable: !!user && !received && (c.newUserDays === null || age <= c.newUserDays),
      };
    }),
  };
}

/** activity/coupon/getCouponReceive: the caller receives a coupon, once (the unique (user_id, coupon_id) decides). */
export async function receiveCoupon(deps: Deps, user: AuthUser, couponId: string): Promise<TUserCoupon> {
  const coupon = couponOf(couponId);
  if (!coupon) throw notFound(COUPON_MESSAGES.unknown);
  const now = deps.now();
  if (coupon.newUserDays !== null && (await accountAgeDays(deps.database.query, user.id, now)) > coupon.newUserDays)
    throw conflict(COUPON_MESSAGES.newUserOnly);
  const [row] = await deps.database.query<UserCouponRow>(
    `INSERT INTO user_coupons (code, user_id, coupon_id, discount_fen, received_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id, coupon_id) DO NOTHING RETURNING *`,
    [newCouponCode(), user.id, coupon.id, coupon.discountFen, now, new Date(now.getTime() + coupon.validDays * DAY)],
  );
  if (!row) throw conflict(COUPON_MESSAGES.received);
  return couponView(row, now);
}

/** activity/coupon/getUserCouponList: the caller's coupons (not removed), usable first, with the count of each status. */
export async function userCouponList(deps: Deps, user: AuthUser, filter: { status?: TCouponStatus; packageId?: string; page: number; pageSize: number }) {
  const now = deps.now();
  const rows = await deps.database.query<UserCouponRow>('SELECT * FROM user_coupons WHERE user_id = $1 AND NOT hidden ORDER BY expires_at, id', [user.id]);
  const views = rows.map((row) => couponView(row, now, filter.packageId));
  const counts = { usable: 0, used: 0, expired: 0 };
  for (const v of views) counts[v.status] += 1;
  const order: Record<TCouponStatus, number> = { usable: 0, used: 1, expired: 2 };
  // Usable first; for a purchase, those it can use first, the largest discount first; then the soonest to end.
  const chosen = views
    .filter((v) => !filter.status || v.status === filter.status)
    .sort(
      (a, b) =>
        order[a.status] - order[b.status] ||
        Number(b.applicable === true) - Number(a.applicable === true) ||
        (a.applicable ? b.discountFen - a.discountFen : 0),
    );
  const start = (filter.page - 1) * filter.pageSize;
  return { list: chosen.slice(start, start + filter.pageSize), total: chosen.length, counts };
}

/** activity/coupon/saveOrUpdateUserCoupon: a used or expired coupon removed from (or put back in) 我的优惠券. */
export async function hideCoupon(deps: Deps, user: AuthUser, code: string, hidden: boolean): Promise<null> {
  const [row] = await deps.database.query<UserCouponRow>('SELECT * FROM user_coupons WHERE code = $1 AND user_id = $2', [code, user.id]);
  if (!row) throw notFound(COUPON_MESSAGES.notFound);
  if (hidden && couponStatus(row, deps.now()) === 'usable') throw conflict(COUPON_MESSAGES.usableNotHidden);
  await deps.database.query('UPDATE user_coupons SET hidden = $2 WHERE id = $1', [row.id, hidden]);
  return null;
}

/**
 * The coupon a purchase names, checked before its transaction: the caller's own (another's is "404" like a missing
 * one), usable, and fitting the item (scope, threshold). Its discount, taken again inside by the strategy.
 */
export async function couponFor(query: Query, userId: number, code: string, item: Parameters<typeof couponRefusal>[1], now: Date) {
  const [row] = await query<UserCouponRow>('SELECT * FROM user_coupons WHERE code = $1 AND user_id = $2', [code, userId]);
  if (!row) throw notFound(COUPON_MESSAGES.notFound);
  const status = couponStatus(row, now);
  if (status !== 'usable') throw conflict(COUPON_MESSAGES[status === 'used' ? 'used' : 'expired'], { reason: 'couponUnusable' });
  const coupon = couponOf(row.coupon_id);
  const refusal = coupon ? couponRefusal(coupon, item) : COUPON_MESSAGES.unknown;
  if (refusal) throw conflict(refusal, { reason: 'couponUnusable' });
  return { code: row.code, discountFen: row.discount_fen };
}
