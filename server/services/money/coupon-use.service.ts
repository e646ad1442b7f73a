import type { Database, Query } from '../../db/client';
import type { UserCouponRow } from '../../db/rows';

/**
 * How a purchase uses a coupon (patterns "Capacity, stock and limits"): the exact strategy is one conditional
 * UPDATE … WHERE used_at IS NULL inside the purchase's transaction, so one coupon pays for one purchase however many
 * run at once, and a purchase that fails afterwards (余额不足) gives it back by rolling back. The concurrency test
 * injects a naive read-then-write one (tests/helpers/naive-strategies.ts) and shows it uses a coupon many times.
 */
export interface CouponStrategy {
  /** Before the purchase's transaction (the exact strategy reads nothing here). */
  prepare(database: Database, userId: number, code: string): Promise<CouponUse>;
}
export interface CouponUse {
  /** Mark the coupon used by `orderNo` inside the caller's transaction; false when it is used or expired already. */
  take(q: Query, userId: number, code: string, orderNo: string, now: Date): Promise<boolean>;
}

export const exactCoupon: CouponStrategy = {
  async prepare() {
    return {
      async take(q, userId, code, orderNo, now) {
        const rows = await q<Pick<UserCouponRow, 'id'>>(
          'UPDATE user_coupons SET used_at = $4, order_no = $3 WHERE code = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > $4 RETURNING id',
          [code, userId, orderNo, now],
        );
        return rows.length === 1;
      },
    };
  },
};
