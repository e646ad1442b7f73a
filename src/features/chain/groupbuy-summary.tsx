import { ClipboardCopy } from 'lucide-react';
import type { TGroupBuyManageView, TGroupBuySummary } from '../../../schemas/api/groupbuy';
import { pickupSummaryText } from '../../../schemas/chain/share-text';
import { Button } from '../../ui/button';
import { copyText } from '../../ui/copy-text';
import { toast } from '../../ui/toast';
import styles from './chain-styles';

/** 复制自提汇总 (issue 47 item 3): per pick-up point the numbered orders and their items, as text to paste into the group. */
export function PickupCopyButton({ view }: { view: Pick<TGroupBuyManageView, 'title' | 'shape' | 'orders'> }) {
  const copy = async () => {
    const text = pickupSummaryText({ title: view.title, points: view.shape.points.map((p) => p.title), orders: view.orders });
    if (await copyText(text)) toast.success('已复制自提汇总，可粘贴到群里');
    else toast.error('无法自动复制，请检查浏览器的剪贴板权限');
  };
  return (
    <Button variant="ghost" onClick={() => void copy()} disabled={!view.orders.length}>
      <ClipboardCopy size={14} aria-hidden />
      复制自提汇总
    </Button>
  );
}

/** 备货汇总: per product (spec) the units to buy, split per pick-up point, from the orders that count. */
export function GroupBuySummaryTable({ summary }: { summary: TGroupBuySummary }) {
  if (!summary.rows.length) return <p className={styles.empty}>还没有有效订单，下单后这里会按自提点汇总要备的货。</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-testid="gb-summary">
        <thead>
          <tr>
            <th>商品</th>
            <th>规格</th>
            {summary.points.map((p) => (
              <th key={p} className={styles.num}>
                {p}
              </th>
            ))}
            <th className={styles.num}>合计</th>
          </tr>
        </thead>
        <tbody>
          {summary.rows.map((r) => (
            <tr key={`${r.productId}|${r.title}|${r.spec}`} data-testid="gb-summary-row">
              <td>{r.title}</td>
              <td>{r.spec || '—'}</td>
              {r.byPoint.map((n, i) => (
                <td key={summary.points[i]} className={styles.num}>
                  {n}
                </td>
              ))}
              <td className={styles.num}>
                <strong>{r.total}</strong>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
