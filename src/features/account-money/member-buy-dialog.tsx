import type { TPurchaseResult } from '../../../schemas/api/recharge';
import { yuanOf, type TMemberPeriod } from '../../../schemas/money/catalog';
import { buyFromBalance } from '../../api/money';
import styles from './account-money-styles';
import { BuyDialog } from './buy-dialog';

export interface TBuyChoice {
  planId: string;
  name: string;
  period: TMemberPeriod;
  priceFen: number;
  action: string;
}

/** 确认购买 of a member plan (开通, 升级 or 续费): the period's price and when it takes effect. */
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
  const effect = `${choice.action === '续费' ? '从当前到期日起顺延' : '购买后立即生效'}${choice.action === '升级' ? '，原版本剩余天数按价值折算后并入' : ''}`;
  return (
    <BuyDialog
      title={`${choice.action}${choice.name}`}
      packageId={choice.planId}
      priceFen={choice.priceFen}
      balanceFen={balanceFen}
      effect={effect}
      buyFromBalance={(couponCode) => buyFromBalance(choice.planId, couponCode)}
      onClose={onClose}
      onBought={onBought}
      figures={(payFen) => (
        <div className={styles.figure}>
          <dt>{choice.period === 'month' ? '包月' : '包年'}</dt>
          <dd className={styles.money} data-testid="dialog-price">
            ¥{yuanOf(payFen)} {payFen !== choice.priceFen ? <span className={styles.strike}>¥{yuanOf(choice.priceFen)}</span> : null}
          </dd>
        </div>
      )}
    />
  );
}
