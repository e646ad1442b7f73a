import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import type { TUserCoupon } from '../../../schemas/api/coupon';
import { insufficientMessage, type TPurchaseResult } from '../../../schemas/api/recharge';
import { priceAfter } from '../../../schemas/money/coupons';
import { yuanOf, type TMemberPeriod } from '../../../schemas/money/catalog';
import { ApiError } from '../../api/client';
import { buyFromBalance } from '../../api/money';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import styles from './account-money-styles';
import { CouponPicker } from './coupon-picker';

export interface TBuyChoice {
  planId: string;
  name: string;
  period: TMemberPeriod;
  priceFen: number;
  action: string;
}

export const RECHARGE_PATH = '/accountRecharge/index.html';

/** How a plan is paid: from the balance here, or through a provider on the purchase pay page (/alipay). */
const PAY_WAYS = [
  { id: 'balance', name: '余额支付' },
  { id: 'wechat', name: '微信支付' },
  { id: 'alipay', name: '支付宝' },
] as const;
type TPayWay = (typeof PAY_WAYS)[number]['id'];

/** The purchase pay page for a plan or package paid through a provider. */
export const purchasePayPath = (packageId: string, method: 'wechat' | 'alipay') => `/alipay?packageId=${packageId}&method=${method}`;

/** The recharge page with the missing amount offered (whole yuan, at least the server's minimum of 1 元). */
const rechargeTo = (missingFen: number) => `${RECHARGE_PATH}?amount=${Math.max(1, Math.ceil(missingFen / 100))}`;

/**
 * 确认购买: the plan, its price and how it is paid. From the balance: a balance that does not cover it offers 去充值
 * instead (and so does the server's own 余额不足 refusal, which is what counts: the balance may have moved). Through
 * 微信支付 / 支付宝: 去支付 opens the purchase pay page, which starts the order and the provider's cashier.
 */
export function MemberBuyDialog({
  choice,
  balanceFen,
  onClose,
  onBought,
}: {
  choice: TBuyChoice;
  balanceFen: number;
  onClose: () => void;
  onBought: (result: TPurchaseResult) => void;
}) {
  const [refusal, setRefusal] = useState<{ message: string; missingFen: number | null } | null>(null);
  const [way, setWay] = useState<TPayWay>('balance');
  const [coupon, setCoupon] = useState<TUserCoupon | null>(null);
  // A coupon pays only from the balance (a purchase order through a provider is charged its price).
  const payFen = way === 'balance' && coupon ? priceAfter(choice.priceFen, coupon.discountFen) : choice.priceFen;
  const buy = useMutation({
    mutationFn: () => buyFromBalance(choice.planId, way === 'balance' ? coupon?.code : undefined),
    onSuccess: onBought,
    onError: (error: Error) => {
      const data = error instanceof ApiError ? (error.data as { reason?: string; balanceFen?: number; priceFen?: number } | null) : null;
      const missingFen = data?.reason === 'insufficientBalance' && data.priceFen !== undefined ? data.priceFen - (data.balanceFen ?? 0) : null;
      setRefusal({ message: error.message, missingFen });
    },
  });
  const short = way === 'balance' && balanceFen < payFen;
  const missingFen = way !== 'balance' ? null : refusal ? refusal.missingFen : short ? payFen - balanceFen : null;
  const message = way !== 'balance' ? null : (refusal?.message ?? (short ? insufficientMessage(balanceFen, payFen) : null));
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !buy.isPending && onClose()}
      title={`${choice.action}${choice.name}`}
      width={420}
      footer={
        <>
          <Button onClick={onClose} disabled={buy.isPending}>
            取消
          </Button>
          {way !== 'balance' ? (
            <Button variant="primary" asChild>
              <Link to={purchasePayPath(choice.planId, way)}>去支付 ¥{yuanOf(choice.priceFen)}</Link>
            </Button>
          ) : missingFen !== null ? (
            <Button variant="primary" asChild>
              <Link to={rechargeTo(missingFen)}>去充值</Link>
            </Button>
          ) : refusal ? null : (
            <Button variant="primary" onClick={() => buy.mutate()} disabled={buy.isPending} aria-busy={buy.isPending || undefined}>
              {buy.isPending ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
              确认支付 ¥{yuanOf(payFen)}
            </Button>
          )}
        </>
      }
    >
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>{choice.period === 'month' ? '包月' : '包年'}</dt>
          <dd className={styles.money} data-testid="dialog-price">
            ¥{yuanOf(payFen)} {payFen !== choice.priceFen ? <span className={styles.strike}>¥{yuanOf(choice.priceFen)}</span> : null}
          </dd>
        </div>
        <div className={styles.figure}>
          <dt>账户余额</dt>
          <dd className={styles.money} data-testid="dialog-balance">
            ¥{yuanOf(balanceFen)}
          </dd>
        </div>
      </dl>
      <div className={`${styles.choices} ${styles.payWays}`} role="radiogroup" aria-label="支付方式">
        {PAY_WAYS.map((w) => (
          <button key={w.id} type="button" role="radio" aria-checked={way === w.id} className={styles.choice} onClick={() => setWay(w.id)}>
            {w.name}
          </button>
        ))}
      </div>
      {way === 'balance' ? (
        <CouponPicker
          packageId={choice.planId}
          value={coupon}
          onChange={(next) => {
            setCoupon(next);
            setRefusal(null);
          }}
          disabled={buy.isPending}
        />
      ) : null}
      <p className={styles.hint}>
        {choice.action === '续费' ? '从当前到期日起顺延' : '购买后立即生效'}
        {choice.action === '升级' ? '，原版本剩余天数按价值折算后并入' : ''}
        {way === 'balance' ? '，费用从账户余额扣除。' : `，通过${way === 'wechat' ? '微信支付' : '支付宝'}付款，到账后自动开通。`}
      </p>
      {message ? (
        <p role="alert" className={`${styles.notice} ${styles.error}`}>
          {message}
        </p>
      ) : null}
    </Dialog>
  );
}
