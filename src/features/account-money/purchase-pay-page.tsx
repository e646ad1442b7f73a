import { Link, useLocation } from '@tanstack/react-router';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { purchasableOf, QUOTA_BUY_PATHS, yuanOf } from '../../../schemas/money/catalog';
import { startPurchase } from '../../api/money';
import { Button } from '../../ui/button';
import { ErrorState } from '../../ui/states';
import styles from './account-money-styles';
import { PACKAGE_PAGES } from './package-copy';
import { PayMethodField, ScanToPay, useProviderOrder, type TPayMethod } from './provider-pay';
import { PurchaseOutcome } from './purchase-outcome';

function useSearch() {
  const params = new URLSearchParams(useLocation({ select: (l) => l.searchStr }));
  const method = params.get('method');
  return { packageId: params.get('packageId') ?? '', method: (method === 'alipay' ? 'alipay' : 'wechat') as TPayMethod };
}

/**
 * /alipay (支付订单): a member plan or package paid straight through a provider. 立即支付 makes the purchase order
 * (recharge/saveRechargeOrder with the packageId) and opens the provider's cashier, which sends the payer back to
 * /alipaySuccess (Alipay) or /wechatPay.html (WeChat); WeChat's native pay shows its QR code here and asks the order's state until it is paid.
 */
export function PurchasePayPage() {
  const search = useSearch();
  const item = purchasableOf(search.packageId);
  const [method, setMethod] = useState<TPayMethod>(search.method);
  const { start, started } = useProviderOrder<void>(() => startPurchase(item!.id, method));
  if (!item)
    return (
      <ErrorState
        title="套餐不存在"
        description="请回到会员中心重新选择要购买的版本"
        actions={
          <Button variant="primary" asChild>
            <Link to="/member/index.html">返回会员中心</Link>
          </Button>
        }
      />
    );

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1>支付订单</h1>
          <p className={styles.intro}>付款成功后立即开通，款项与扣费均记入交易记录</p>
        </div>
        <div className={styles.links}>
          <Button asChild>
            {item.type === 'quota' ? (
              <Link to={QUOTA_BUY_PATHS[item.kind]}>{PACKAGE_PAGES[item.kind].title}</Link>
            ) : (
              <Link to="/member/index.html">会员中心</Link>
            )}
          </Button>
        </div>
      </header>
      <section className={`${styles.panel} ${styles.summary}`} aria-label="订单">
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>购买内容</dt>
            <dd data-testid="purchase-title">{item.title}</dd>
          </div>
          <div className={styles.figure}>
            <dt>应付金额</dt>
            <dd className={styles.money}>¥{yuanOf(item.priceFen)}</dd>
          </div>
        </dl>
      </section>
      <section className={styles.panel} aria-label="支付">
        {started ? (
          <ScanToPay started={started} outcome={<PurchaseOutcome orderNo={started.orderNo} />} />
        ) : (
          <div className={styles.form}>
            <PayMethodField method={method} onChange={setMethod} />
            {start.isError ? (
              <p role="alert" className={`${styles.notice} ${styles.error}`}>
                {start.error.message}
              </p>
            ) : null}
            <div>
              <Button variant="primary" size="lg" onClick={() => start.mutate()} disabled={start.isPending} aria-busy={start.isPending || undefined}>
                {start.isPending ? <LoaderCircle size={16} className={styles.spin} aria-hidden /> : null}
                立即支付 ¥{yuanOf(item.priceFen)}
              </Button>
            </div>
          </div>
        )}
      </section>
    </div>
  );
}
