import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { TPurchaseResult } from '../../../schemas/api/recharge';
import { QUOTA_UNITS, yuanOf, type QuotaPackage, type TQuotaKind } from '../../../schemas/money/catalog';
import { moneyKeys, packagesQuery } from '../../api/money';
import { currentBrand } from '../../app/brand';
import { Button } from '../../ui/button';
import { ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import styles from './account-money-styles';
import { RECHARGE_PATH } from '../../orders/balance-pay';
import { PackageBuyDialog } from './package-buy-dialog';
import { PACKAGE_PAGES } from './package-copy';

/** Price per unit as a buyer compares packages: 0.08 元/条. */
const perUnit = (pack: QuotaPackage) =>
  `${(pack.priceFen / pack.quantity / 100).toFixed(pack.priceFen / pack.quantity >= 100 ? 0 : 2)} 元/${QUOTA_UNITS[pack.kind].unit}`;

/**
 * The four /buy*.html pages (购买AI次数, 购买短信条数, 去广告服务, 风控服务): what is left of the kind's quota, what
 * it is used for, its packages, and buying one from the balance through the kind's own call (去充值 when short).
 */
export function PackagePage({ kind }: { kind: TQuotaKind }) {
  const queryClient = useQueryClient();
  const copy = PACKAGE_PAGES[kind];
  const unit = QUOTA_UNITS[kind];
  const [picked, setPicked] = useState<QuotaPackage | null>(null);
  const data = useQuery(packagesQuery(kind));

  if (data.isPending) return <LoadingState />;
  if (data.isError)
    return (
      <ErrorState
        title="套餐加载失败"
        description={data.error.message}
        actions={
          <Button variant="primary" onClick={() => void data.refetch()}>
            重试
          </Button>
        }
      />
    );
  const { balanceFen, quotas, packages } = data.data;
  const bought = (result: TPurchaseResult) => {
    setPicked(null);
    const left = result.quota ? `，${copy.left} ${result.quota.remaining.toLocaleString('zh-CN')} ${unit.unit}` : '';
    toast.success(`购买成功：${result.title}${left}`);
    void queryClient.invalidateQueries({ queryKey: moneyKeys.all });
  };

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1>{copy.title}</h1>
          <p className={styles.intro}>{copy.intro}</p>
        </div>
        <div className={styles.links}>
          <Button asChild>
            <Link to="/transactionsRecord/index.html">交易记录</Link>
          </Button>
          <Button variant="primary" asChild>
            <Link to={RECHARGE_PATH}>去充值</Link>
          </Button>
        </div>
      </header>
      <section className={`${styles.panel} ${styles.summary}`} aria-label={copy.left}>
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>{copy.left}</dt>
            <dd className={styles.money} data-testid="quota-left">
              {quotas[kind].toLocaleString('zh-CN')} {unit.unit}
            </dd>
          </div>
          <div className={styles.figure}>
            <dt>账户余额</dt>
            <dd className={styles.money} data-testid="package-balance">
              ¥{yuanOf(balanceFen)}
            </dd>
          </div>
        </dl>
      </section>
      <section className={styles.panel} aria-label="服务说明">
        <h2 className={styles.label}>服务说明</h2>
        <ul className={styles.adds}>
          {copy.uses(currentBrand().name).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      <div className={styles.levels}>
        {packages.map((pack) => (
          <section key={pack.id} className={styles.level} aria-label={pack.title}>
            <div className={styles.levelName}>
              {pack.quantity.toLocaleString('zh-CN')} {unit.unit}
            </div>
            <div className={styles.price}>
              ¥{yuanOf(pack.priceFen)} <small>{perUnit(pack)}</small>
            </div>
            <Button variant="primary" onClick={() => setPicked(pack)}>
              立即购买
            </Button>
          </section>
        ))}
      </div>
      {picked ? <PackageBuyDialog pack={picked} balanceFen={balanceFen} onClose={() => setPicked(null)} onBought={bought} /> : null}
    </div>
  );
}

/** /buyAI.html */
export const BuyAiPage = () => <PackagePage kind="ai" />;
/** /buySmsAccound.html */
export const BuySmsPage = () => <PackagePage kind="sms" />;
/** /buyAdvAccound.html */
export const BuyAdvertPage = () => <PackagePage kind="advert" />;
/** /buyRiskAccound.html */
export const BuyRiskPage = () => <PackagePage kind="risk" />;
