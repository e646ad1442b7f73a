import { useState } from 'react';
import type { TGroupBuyManageOrder } from '../../../schemas/api/groupbuy';
import { ShipDialog } from '../../orders/ship-dialog';
import { ShippingLine } from '../../orders/shipping-line';
import { ORDER_STATE_NAMES, type TOrderState } from '../../../schemas/order/order-states';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { shanghaiTime } from '../../ui/shanghai-time';
import { StatusPill, type TPillTone } from '../../ui/status-pill';
import styles from './chain-styles';

interface Props {
  questionId: string;
  orders: TGroupBuyManageOrder[];
  canEdit: boolean;
  onCollect: (order: TGroupBuyManageOrder) => void;
  onCancel: (order: TGroupBuyManageOrder) => void;
  /** After 发货 or 修改物流 saved (the list is read again). */
  onShipped: () => void;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);
/** The organiser's words: 已关闭 is a cancelled or timed-out order. */
const STATE_NAME = { ...ORDER_STATE_NAMES, closed: '已取消' };
/** To pay (warning), paid or on its way (primary), taken (success), over without it (neutral). */
const ORDER_TONE: Record<TOrderState, TPillTone> = {
  created: 'warning',
  paid: 'primary',
  shipped: 'primary',
  collected: 'success',
  done: 'success',
  closed: 'neutral',
  refunding: 'neutral',
  refunded: 'neutral',
};

/**
 * Every order, newest first: buyer, phone, point or address, what they took, amount, state (with carrier and number
 * once shipped); 发货 (the orders screen's dialog: carrier and tracking number) / 修改物流, 标记已取货, 取消订单.
 */
export function GroupBuyOrderTable({ questionId, orders, canEdit, onCollect, onCancel, onShipped }: Props) {
  const [shipping, setShipping] = useState<TGroupBuyManageOrder | null>(null);
  if (!orders.length) return <p className={styles.empty}>还没有订单。把链接发到群里，大家的订单会实时出现在这里。</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th>序号</th>
            <th>下单人</th>
            <th>取货</th>
            <th>商品</th>
            <th className={styles.num}>金额</th>
            <th>状态</th>
            <th>下单时间</th>
            {canEdit ? <th aria-label="操作" /> : null}
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.orderNo} className={cx(o.state === 'closed' && styles.gone)} data-testid="gb-order-row">
              <td className={styles.seq}>{o.seq}</td>
              <td>
                {o.name || '—'}
                {o.phone ? <span className={styles.reason}>{o.phone}</span> : null}
              </td>
              <td>
                {o.point || '—'}
                {o.address ? <span className={styles.reason}>{o.address}</span> : null}
              </td>
              <td className={styles.answer}>
                {o.lines.map((l) => (
                  <span key={l.productId} className={styles.line}>
                    {l.title}
                    {l.spec ? `（${l.spec}）` : ''} ×{l.quantity}
                  </span>
                ))}
              </td>
              <td className={styles.num}>¥{yuan(o.amountFen)}</td>
              <td>
                <StatusPill tone={ORDER_TONE[o.state]}>{STATE_NAME[o.state]}</StatusPill>
                {o.shipping ? <ShippingLine shipping={o.shipping} /> : null}
              </td>
              <td className={styles.time}>{shanghaiTime(o.createdAt)}</td>
              {canEdit ? (
                <td className={styles.rowActions}>
                  {o.state === 'paid' ? (
                    <Button size="sm" variant="primary" onClick={() => setShipping(o)}>
                      发货
                    </Button>
                  ) : null}
                  {o.state === 'shipped' ? (
                    <Button size="sm" variant="soft" onClick={() => setShipping(o)}>
                      修改物流
                    </Button>
                  ) : null}
                  {o.state === 'paid' ? (
                    <Button size="sm" variant="soft" onClick={() => onCollect(o)}>
                      标记已取货
                    </Button>
                  ) : null}
                  {o.state === 'created' ? (
                    <Button size="sm" variant="ghost" onClick={() => onCancel(o)}>
                      取消订单
                    </Button>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {shipping ? <ShipDialog order={{ ...shipping, questionId }} onClose={() => setShipping(null)} onDone={onShipped} /> : null}
    </div>
  );
}
