import { Link, useLocation } from '@tanstack/react-router';
import { Button } from '../../ui/button';
import { ErrorState } from '../../ui/states';
import styles from './account-money-styles';
import { PurchaseOutcome } from './purchase-outcome';

/**
 * /alipaySuccess?orderNo=R… and /wechatPay.html?orderNo=R… (支付结果): where the cashier sends the buyer of a plan
 * or package back (Alipay, WeChat). The return proves nothing: the order is asked until it is paid or closed, and
 * shown as it is.
 */
export function PurchaseResultPage() {
  // Read raw: the router parses search values as JSON, and a 20-digit number is not a safe number.
  const raw = new URLSearchParams(useLocation({ select: (l) => l.searchStr })).get('orderNo') ?? '';
  const orderNo = /^R\d{20}$/.test(raw) ? raw : '';
  if (!orderNo)
    return (
      <ErrorState
        title="缺少订单号"
        description="请从会员中心或交易记录查看订单"
        actions={
          <Button variant="primary" asChild>
            <Link to="/transactionsRecord/index.html">查看交易记录</Link>
          </Button>
        }
      />
    );
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1>支付结果</h1>
          <p className={styles.intro}>订单号 {orderNo}</p>
        </div>
      </header>
      <section className={styles.panel} aria-label="支付结果">
        <PurchaseOutcome orderNo={orderNo} />
      </section>
    </div>
  );
}
