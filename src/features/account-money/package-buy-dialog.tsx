import type { TPurchaseResult } from '../../../schemas/api/recharge';
import { QUOTA_UNITS, yuanOf, type QuotaPackage } from '../../../schemas/money/catalog';
import { buyPackage } from '../../api/money';
import styles from './account-money-styles';
import { BuyDialog } from './buy-dialog';

/** 确认购买 of one package: what it adds and what it costs; long-lasting, added at once. */
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
  const unit = QUOTA_UNITS[pack.kind];
  return (
    <BuyDialog
      title={`购买${pack.title}`}
      packageId={pack.id}
      priceFen={pack.priceFen}
      balanceFen={balanceFen}
      effect="购买后立即到账，长期有效"
      buyFromBalance={(couponCode) => buyPackage(pack.kind, pack.id, couponCode)}
      onClose={onClose}
      onBought={onBought}
      figures={(payFen) => (
        <>
          <div className={styles.figure}>
            <dt>增加{unit.name}</dt>
            <dd className={styles.money}>
              {pack.quantity.toLocaleString('zh-CN')} {unit.unit}
            </dd>
          </div>
          <div className={styles.figure}>
            <dt>需支付</dt>
            <dd className={styles.money} data-testid="dialog-price">
              ¥{yuanOf(payFen)} {payFen !== pack.priceFen ? <span className={styles.strike}>¥{yuanOf(pack.priceFen)}</span> : null}
            </dd>
          </div>
        </>
      )}
    />
  );
}
