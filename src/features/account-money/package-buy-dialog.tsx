import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { insufficientMessage, type TPurchaseResult } from '../../../schemas/api/recharge';
import { QUOTA_UNITS, yuanOf, type QuotaPackage } from '../../../schemas/money/catalog';
import { ApiError } from '../../api/client';
import { buyPackage } from '../../api/money';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import styles from './account-money-styles';
import { RECHARGE_PATH } from './member-buy-dialog';

/** The recharge page with the missing amount offered (whole yuan, at least 1 元). */
const rechargeTo = (missingFen: number) => `${RECHARGE_PATH}?amount=${Math.max(1, Math.ceil(missingFen / 100))}`;

/**
 * 确认购买 of one package: what it adds, its price and the balance it is paid from. A balance that does not cover
 * it offers 去充值 instead, as does the server's own 余额不足 refusal (the balance may have moved meanwhile).
 * Paying through a provider instead of the balance is the member dialog's to add first (46e); this dialog is
 * the place it would join.
 */
export function PackageBuyDialog({
  pack,
  balanceFen,
  onClose,
  onBought,
}: {
  pack: QuotaPackage;
  balanceFen: number;
  onClose: () => void;
  onBought: (result: TPurchaseResult) => void;
}) {
  const [refusal, setRefusal] = useState<{ message: string; missingFen: number | null } | null>(null);
  const buy = useMutation({
    mutationFn: () => buyPackage(pack.kind, pack.id),
    onSuccess: onBought,
    onError: (error: Error) => {
      const data = error instanceof ApiError ? (error.data as { reason?: string; balanceFen?: number; priceFen?: number } | null) : null;
      const missingFen = data?.reason === 'insufficientBalance' && data.priceFen !== undefined ? data.priceFen - (data.balanceFen ?? 0) : null;
      setRefusal({ message: error.message, missingFen });
    },
  });
  const short = balanceFen < pack.priceFen;
  const missingFen = refusal ? refusal.missingFen : short ? pack.priceFen - balanceFen : null;
  const message = refusal?.message ?? (short ? insufficientMessage(balanceFen, pack.priceFen) : null);
  const unit = QUOTA_UNITS[pack.kind];
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !buy.isPending && onClose()}
      title={`购买${pack.title}`}
      width={420}
      footer={
        <>
          <Button onClick={onClose} disabled={buy.isPending}>
            取消
          </Button>
          {missingFen !== null ? (
            <Button variant="primary" asChild>
              <Link to={rechargeTo(missingFen)}>去充值</Link>
            </Button>
          ) : refusal ? null : (
            <Button variant="primary" onClick={() => buy.mutate()} disabled={buy.isPending} aria-busy={buy.isPending || undefined}>
              {buy.isPending ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
              确认支付 ¥{yuanOf(pack.priceFen)}
            </Button>
          )}
        </>
      }
    >
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>增加{unit.name}</dt>
          <dd className={styles.money}>
            {pack.quantity.toLocaleString('zh-CN')} {unit.unit}
          </dd>
        </div>
        <div className={styles.figure}>
          <dt>需支付</dt>
          <dd className={styles.money}>¥{yuanOf(pack.priceFen)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>账户余额</dt>
          <dd className={styles.money} data-testid="dialog-balance">
            ¥{yuanOf(balanceFen)}
          </dd>
        </div>
      </dl>
      <p className={styles.hint}>购买后立即到账，长期有效，费用从账户余额扣除。</p>
      {message ? (
        <p role="alert" className={`${styles.notice} ${styles.error}`}>
          {message}
        </p>
      ) : null}
    </Dialog>
  );
}
