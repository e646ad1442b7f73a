import { TriangleAlert } from 'lucide-react';
import type { TUnmatchedReceipt } from '../../schemas/api/pay';
import { RECEIPT_REASON_NAMES, RECEIPT_STATE_NAMES } from '../../schemas/order/receipts';
import { cx } from '../ui/cx';
import { shanghai, yuan } from './pay-format';
import styles from './unmatched-receipts.module.css';

const PROVIDER_NAMES: Record<string, string> = { sandbox: '沙箱', wechat: '微信支付', alipay: '支付宝' };
export const providerName = (name: string) => PROVIDER_NAMES[name] ?? name;

/** What happens to it next, in the creator's words. */
function nextStep(r: TUnmatchedReceipt): string {
  if (r.state === 'refunded') return `已于 ${shanghai(r.settledAt)} 原路退回`;
  if (r.state === 'refunding') return '已向支付渠道申请退款，等待渠道确认';
  if (r.lastError) return `自动退款未成功：${r.lastError}${r.retryAt ? `，将于 ${shanghai(r.retryAt)} 重试` : ''}`;
  return '正在自动退款';
}

/**
 * Late and double payments not refunded yet (issue 42): shown above the orders and in the trade statement until
 * each is refunded. They are not income: the totals leave them out; the money goes back the way it came.
 */
export function UnmatchedReceiptsNotice({ receipts }: { receipts: TUnmatchedReceipt[] }) {
  if (!receipts.length) return null;
  const total = receipts.reduce((sum, r) => sum + r.amountFen, 0);
  return (
    <section className={styles.notice} aria-labelledby="unmatched-title" data-testid="unmatched-receipts">
      <h2 id="unmatched-title" className={styles.title}>
        <TriangleAlert size={16} aria-hidden />
        {receipts.length} 笔异常收款共 ¥{yuan(total)}，正在原路退回
      </h2>
      <p className={styles.desc}>订单关闭后才到账的付款、或同一订单的重复付款，不计入收款，系统会自动原路退回给买家。</p>
      <ul className={styles.list}>
        {receipts.map((r) => (
          <li key={`${r.provider}-${r.transactionId}`} className={styles.item}>
            <span className={styles.orderNo}>订单 {r.orderNo}</span>
            <span>
              {RECEIPT_REASON_NAMES[r.reason]} · ¥{yuan(r.amountFen)} · {providerName(r.provider)}
            </span>
            <span className={cx(styles.state, r.lastError && r.state === 'recorded' ? styles.failed : undefined)}>{nextStep(r)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An order's own late or double payments, on its row: settled ones stay as a quiet line. */
export function OrderReceipts({ receipts }: { receipts: TUnmatchedReceipt[] }) {
  return (
    <>
      {receipts.map((r) => (
        <div key={`${r.provider}-${r.transactionId}`} className={cx(styles.rowReceipt, r.state === 'refunded' ? styles.settled : undefined)}>
          {RECEIPT_REASON_NAMES[r.reason]} ¥{yuan(r.amountFen)} · {RECEIPT_STATE_NAMES[r.state]}
        </div>
      ))}
    </>
  );
}
