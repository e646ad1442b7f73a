import { cx } from '../ui/cx';
import { yuan } from './pay-format';
import styles from './order-lines.module.css';

export interface TOrderLine {
  productId: string;
  title: string;
  spec?: string | null;
  quantity: number;
  amountFen: number;
}

/** An order's lines (品名（规格） × 数量 and the line's amount), as the pay result and 我的订单 both show them. */
export function OrderLines({ lines, className }: { lines: readonly TOrderLine[]; className?: string }) {
  return (
    <ul className={cx(styles.lines, className)}>
      {lines.map((l) => (
        <li key={l.productId}>
          <span>
            {l.title}
            {l.spec ? <small>（{l.spec}）</small> : null} × {l.quantity}
          </span>
          <span>¥{yuan(l.amountFen)}</span>
        </li>
      ))}
    </ul>
  );
}
