import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { TUserCoupon } from '../../../schemas/api/coupon';
import { yuanOf } from '../../../schemas/money/catalog';
import { couponsForPackageQuery } from '../../api/coupons';
import styles from './account-money-styles';

export const COUPONS_PATH = '/transactionsRecord/index.html';

/**
 * 优惠券 in a buy dialog: the user's usable coupons for this purchase, the one that takes most off chosen at first
 * (the server lists those that fit first, the largest discount first); those that do not fit are shown greyed with
 * the reason. What counts is the server's answer to the purchase: the coupon may have been used meanwhile.
 */
export function CouponPicker({
  packageId,
  value,
  onChange,
  disabled,
}: {
  packageId: string;
  value: TUserCoupon | null;
  onChange: (coupon: TUserCoupon | null) => void;
  disabled?: boolean;
}) {
  const coupons = useQuery(couponsForPackageQuery(packageId));
  const list = coupons.data?.list ?? [];
  const best = list.find((c) => c.applicable) ?? null;
  useEffect(() => {
    if (coupons.isSuccess) onChange(best);
    // Chosen once per loaded list; the user's own choice stays afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [coupons.isSuccess, best?.code]);
  if (coupons.isPending) return <p className={styles.hint}>正在读取可用优惠券…</p>;
  if (coupons.isError) return <p className={styles.hint}>优惠券读取失败，可不使用优惠券直接购买</p>;
  if (!list.length)
    return (
      <p className={styles.hint}>
        暂无可用优惠券，<Link to={COUPONS_PATH}>去领券</Link>
      </p>
    );
  return (
    <fieldset className={styles.field}>
      <legend className={styles.label}>优惠券</legend>
      <div role="radiogroup" aria-label="选择优惠券" className={styles.couponChoices}>
        <button type="button" role="radio" aria-checked={value === null} className={styles.choice} disabled={disabled} onClick={() => onChange(null)}>
          不使用优惠券
        </button>
        {list.map((coupon) => (
          <button
            key={coupon.code}
            type="button"
            role="radio"
            aria-checked={value?.code === coupon.code}
            className={styles.choice}
            disabled={disabled || !coupon.applicable}
            title={coupon.refusal ?? undefined}
            onClick={() => onChange(coupon)}
            data-testid="coupon-choice"
          >
            {coupon.title} · 减¥{yuanOf(coupon.discountFen)}
            {coupon.refusal ? <small className={styles.couponRefusal}>{coupon.refusal}</small> : null}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
