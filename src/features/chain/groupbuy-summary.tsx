import type { TGroupBuySummary } from '../../../schemas/api/groupbuy';
import styles from './chain-styles';

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
