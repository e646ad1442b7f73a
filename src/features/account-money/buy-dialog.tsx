import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { TUserCoupon } from '../../../schemas/api/coupon';
import { insufficientMessage, type TPurchaseResult } from '../../../schemas/api/recharge';
import { priceAfter } from '../../../schemas/money/coupons';
import { yuanOf } from '../../../schemas/money/catalog';
import { balanceRefusal, BalancePayFooter, rechargeTo, type TBalanceRefusal } from '../../orders/balance-pay';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import styles from './account-money-styles';
import { CouponPicker } from './coupon-picker';

/** How a plan or package is paid: from the balance here, or through a provider on the purchase pay page (/alipay). */
const PAY_WAYS = [
  { id: 'balance', name: '余额支付' },
  { id: 'wechat', name: '微信支付' },
  { id: 'alipay', name: '支付宝' },
] as const;
type TPayWay = (typeof PAY_WAYS)[number]['id'];

/** The purchase pay page for a plan or package paid through a provider. */
export const purchasePayPath = (packageId: string, method: 'wechat' | 'alipay') => `/alipay?packageId=${packageId}&method=${method}`;

export interface TBuyDialogProps {
  title: string;
  packageId: string;
  priceFen: number;
  balanceFen: number;
  /** The item's own figures, given what will be paid (a coupon may take some off). */
  figures: (payFen: number) => ReactNode;
  /** 购买后立即生效… : when it takes effect; the way it is paid is added. */
  effect: string;
  /** The balance purchase (the item kind's own call), with the chosen coupon. */
  buyFromBalance: (couponCode: string | undefined) => Promise<TPurchaseResult>;
  onClose: () => void;
  onBought: (result: TPurchaseResult) => void;
}

/**
 * 确认购买 of a member plan or a package: its figures, its price and how it is paid. From the balance (with a coupon
 * that fits): a balance that does not cover it offers 去充值 instead, and so does the server's own 余额不足 refusal,
 * which is what counts (the balance may have moved). Through 微信支付 / 支付宝: 去支付 opens the purchase pay page,
 * which starts the order and the provider's cashier (charged the price: coupons are for the balance).
 */
export function BuyDialog({ title, packageId, priceFen, balanceFen, figures, effect, buyFromBalance, onClose, onBought }: TBuyDialogProps) {
  const [refusal, setRefusal] = useState<TBalanceRefusal | null>(null);
  const [way, setWay] = useState<TPayWay>('balance');
  const [coupon, setCoupon] = useState<TUserCoupon | null>(null);
  const payFen = way === 'balance' && coupon ? priceAfter(priceFen, coupon.discountFen) : priceFen;
  const buy = useMutation({
    mutationFn: () => buyFromBalance(way === 'balance' ? coupon?.code : undefined),
    onSuccess: onBought,
    onError: (error: Error) => setRefusal(balanceRefusal(error)),
  });
  const short = way === 'balance' && balanceFen < payFen;
  const missingFen = way !== 'balance' ? null : refusal ? refusal.missingFen : short ? payFen - balanceFen : null;
  const message = way !== 'balance' ? null : (refusal?.message ?? (short ? insufficientMessage(balanceFen, payFen) : null));
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !buy.isPending && onClose()}
      title={title}
      width={420}
      footer={
        way !== 'balance' ? (
          <>
            <Button onClick={onClose} disabled={buy.isPending}>
              取消
            </Button>
            <Button variant="primary" asChild>
              <Link to={purchasePayPath(packageId, way)}>去支付 ¥{yuanOf(priceFen)}</Link>
            </Button>
          </>
        ) : (
          <BalancePayFooter
            pending={buy.isPending}
            recharge={missingFen !== null ? rechargeTo(missingFen) : null}
            pay={refusal ? null : { label: `确认支付 ¥${yuanOf(payFen)}`, onPay: () => buy.mutate() }}
            onCancel={onClose}
          />
        )
      }
    >
      <dl className={styles.figures}>
        {figures(payFen)}
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
          packageId={packageId}
          value={coupon}
          onChange={(next) => {
            setCoupon(next);
            setRefusal(null);
          }}
          disabled={buy.isPending}
        />
      ) : null}
      <p className={styles.hint}>
        {effect}
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
