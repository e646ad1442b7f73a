import { useMutation } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { LoaderCircle } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import type { TSaveRechargeResult } from '../../../schemas/api/recharge';
import { purchasableOf, yuanOf } from '../../../schemas/money/catalog';
import { startPurchase } from '../../api/money';
import { Button } from '../../ui/button';
import { ErrorState } from '../../ui/states';
import styles from './account-money-styles';
import { PurchaseOutcome } from './purchase-outcome';

const METHODS = [
  { id: 'wechat', name: '微信支付' },
  { id: 'alipay', name: '支付宝' },
] as const;
type TMethod = (typeof METHODS)[number]['id'];

function useSearch() {
  const params = new URLSearchParams(useLocation({ select: (l) => l.searchStr }));
  const method = params.get('method');
  return { packageId: params.get('packageId') ?? '', method: (method === 'alipay' ? 'alipay' : 'wechat') as TMethod };
}

/**
 * /alipay (支付订单): a member plan or package paid straight through a provider. 立即支付 makes the purchase order
 * (recharge/saveRechargeOrder with the packageId) and opens the provider's cashier, which sends the payer back to
 * /alipaySuccess (Alipay) or /wechatPay.html (WeChat); WeChat's native pay shows its QR code here and asks the order's state until it is paid.
 */
export function PurchasePayPage() {
  const search = useSearch();
  const item = purchasableOf(search.packageId);
  const [method, setMethod] = useState<TMethod>(search.method);
  const [started, setStarted] = useState<TSaveRechargeResult | null>(null);
  const start = useMutation({
    mutationFn: () => startPurchase(item!.id, method),
    onSuccess: (result) => {
      if (result.launch.kind === 'redirect') window.location.assign(result.launch.url);
      else setStarted(result);
    },
  });
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
            <Link to="/member/index.html">会员中心</Link>
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
          <ScanToPay started={started} />
        ) : (
          <div className={styles.form}>
            <fieldset className={styles.field}>
              <legend className={styles.label}>支付方式</legend>
              <div className={styles.choices} role="radiogroup" aria-label="支付方式">
                {METHODS.map((m) => (
                  <button key={m.id} type="button" role="radio" aria-checked={method === m.id} className={styles.choice} onClick={() => setMethod(m.id)}>
                    {m.name}
                  </button>
                ))}
              </div>
            </fieldset>
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

/** WeChat's native pay answers a code to scan: shown, and the order's state asked until it is paid. */
function ScanToPay({ started }: { started: TSaveRechargeResult }) {
  if (started.launch.kind !== 'qr')
    return (
      <p role="alert" className={`${styles.notice} ${styles.error}`}>
        请在微信中打开本页完成支付
      </p>
    );
  return (
    <div className={styles.qr}>
      <QRCodeSVG value={started.launch.codeUrl} size={180} level="M" marginSize={0} title="微信扫码支付" />
      <p>请用微信扫码支付 ¥{yuanOf(started.amountFen)}</p>
      <PurchaseOutcome orderNo={started.orderNo} />
    </div>
  );
}
