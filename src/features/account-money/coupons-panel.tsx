import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ticket } from 'lucide-react';
import { useState } from 'react';
import type { TCouponOffer, TCouponStatus, TUserCoupon } from '../../../schemas/api/coupon';
import { yuanOf } from '../../../schemas/money/catalog';
import { SCOPE_TEXT, thresholdText } from '../../../schemas/money/coupons';
import { couponKeys, couponOffersQuery, hideCoupon, myCouponsQuery, receiveCoupon } from '../../api/coupons';
import { Button } from '../../ui/button';
import { formatDateTime } from '../../ui/format-time';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { usePagedList } from '../../ui/use-paged-list';
import styles from './account-money-styles';
import local from './coupons.module.css';

const STATUS_TEXT: Record<TCouponStatus, string> = { usable: '可用', used: '已使用', expired: '已过期' };

function OfferCard({ offer }: { offer: TCouponOffer }) {
  const queryClient = useQueryClient();
  const receive = useMutation({
    mutationFn: () => receiveCoupon(offer.couponId),
    onSuccess: () => toast.success(`已领取：${offer.title}`),
    onError: (error: Error) => toast.error(error.message),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
  const label = offer.received ? '已领取' : offer.receivable ? '立即领取' : offer.newUserOnly ? '仅限新用户' : '不可领取';
  return (
    <li className={local.card} data-testid="coupon-offer">
      <div className={local.amount}>
        <strong>¥{yuanOf(offer.discountFen)}</strong>
        <span>{thresholdText(offer)}</span>
      </div>
      <div className={local.body}>
        <span className={local.title}>{offer.title}</span>
        <span className={local.sub}>
          {SCOPE_TEXT[offer.scope]} · 领取后{offer.validDays}天内有效
        </span>
      </div>
      <Button
        size="sm"
        variant={offer.receivable ? 'primary' : 'default'}
        disabled={!offer.receivable || receive.isPending}
        onClick={() => receive.mutate()}
        aria-label={`${label}：${offer.title}`}
      >
        {label}
      </Button>
    </li>
  );
}

function Offers() {
  const offers = useQuery(couponOffersQuery());
  if (offers.isPending) return <LoadingState compact />;
  if (offers.isError) return <ErrorState compact title="领券中心加载失败" description={offers.error.message} />;
  return (
    <ul className={local.cards} aria-label="领券中心">
      {offers.data.list.map((offer) => (
        <OfferCard key={offer.couponId} offer={offer} />
      ))}
    </ul>
  );
}

function MineRow({ coupon }: { coupon: TUserCoupon }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => hideCoupon(coupon.code),
    onError: (error: Error) => toast.error(error.message),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
  return (
    <li className={local.card} data-status={coupon.status} data-testid="my-coupon">
      <div className={local.amount}>
        <strong>¥{yuanOf(coupon.discountFen)}</strong>
        <span>{thresholdText(coupon)}</span>
      </div>
      <div className={local.body}>
        <span className={local.title}>
          {coupon.title} <span className={local.status}>{STATUS_TEXT[coupon.status]}</span>
        </span>
        <span className={local.sub}>
          {SCOPE_TEXT[coupon.scope]} · {coupon.status === 'used' ? `已用于订单 ${coupon.orderNo}` : `有效期至 ${formatDateTime(coupon.expiresAt)}`}
        </span>
      </div>
      {coupon.status !== 'usable' ? (
        <Button size="sm" disabled={remove.isPending} onClick={() => remove.mutate()} aria-label={`删除：${coupon.title}`}>
          删除
        </Button>
      ) : null}
    </li>
  );
}

function Mine() {
  const [status, setStatus] = useState<TCouponStatus>('usable');
  const list = usePagedList(myCouponsQuery(status), 10);
  const counts = list.data && 'counts' in list.data ? (list.data.counts as Record<TCouponStatus, number>) : null;
  let content;
  if (list.loading) content = <LoadingState compact />;
  else if (list.failed) content = <ErrorState compact title="优惠券加载失败" description={list.query.error?.message} />;
  else if (!list.list.length)
    content = (
      <EmptyState
        compact
        title={`暂无${STATUS_TEXT[status]}的优惠券`}
        description={status === 'usable' ? '在上方领券中心领取后可在购买会员或套餐时使用' : undefined}
      />
    );
  else
    content = (
      <>
        <ul className={local.cards} aria-label={`${STATUS_TEXT[status]}的优惠券`}>
          {list.list.map((coupon) => (
            <MineRow key={coupon.code} coupon={coupon} />
          ))}
        </ul>
        <Pager {...list.pager} totalLabel={`共 ${list.total} 张`} label="优惠券分页" previousLabel="上一页" nextLabel="下一页" />
      </>
    );
  return (
    <>
      <div role="radiogroup" aria-label="优惠券状态" className={styles.choices}>
        {(['usable', 'used', 'expired'] as const).map((s) => (
          <button key={s} type="button" role="radio" aria-checked={status === s} className={styles.choice} onClick={() => list.refilter(setStatus)(s)}>
            {STATUS_TEXT[s]}
            {counts ? `（${counts[s]}）` : ''}
          </button>
        ))}
      </div>
      {content}
    </>
  );
}

/** 我的优惠券 on the money pages: the platform's coupons to receive, and the user's own by status. */
export function CouponsPanel() {
  return (
    <section className={styles.panel} aria-labelledby="my-coupons" id="coupons">
      <h2 id="my-coupons" className={local.heading}>
        <Ticket size={16} aria-hidden /> 我的优惠券
      </h2>
      <h3 className={local.subheading}>领券中心</h3>
      <Offers />
      <h3 className={local.subheading}>已领取</h3>
      <Mine />
    </section>
  );
}
