import { useState } from 'react';
import type { TManagedOrder } from '../../../schemas/api/pay';
import { ORDER_STATE_NAMES, PAID_STATES, nextOrderState } from '../../../schemas/order/order-states';
import { collectOrder, finishOrder } from '../../api/pay';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { toast } from '../../ui/toast';
import { RefundDialog, RemarkDialog } from './order-dialogs';
import { ShipDialog } from '../../orders/ship-dialog';
import { ShippingLine } from '../../orders/shipping-line';
import { shanghai, yuan } from '../../orders/pay-format';
import styles from '../../orders/pay.module.css';
import { OrderReceipts } from '../../orders/unmatched-receipts';

interface Props {
  orders: TManagedOrder[];
  canEdit: boolean;
  showProject: boolean;
  onChanged: () => void;
}

/** The orders with their lines, buyer fields, state and the moves the state allows (one table: order-states.ts). */
export function OrderTable({ orders, canEdit, showProject, onChanged }: Props) {
  const [refunding, setRefunding] = useState<TManagedOrder | null>(null);
  const [remarking, setRemarking] = useState<TManagedOrder | null>(null);
  const [shipping, setShipping] = useState<TManagedOrder | null>(null);
  const act = (work: Promise<unknown>, done: string) => work.then(() => (toast.success(done), onChanged())).catch((e: Error) => void toast.error(e.message));
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th>订单</th>
            <th>商品</th>
            <th>金额</th>
            <th>买家信息</th>
            <th>状态</th>
            {canEdit ? <th>操作</th> : null}
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.orderNo} data-testid="order-row">
              <td className={styles.orderCell}>
                {showProject ? <div className={styles.project}>{o.title}</div> : null}
                <div className={styles.orderNo}>{o.orderNo}</div>
                <div className={styles.muted}>下单 {shanghai(o.createdAt)}</div>
                {o.paidAt ? <div className={styles.muted}>支付 {shanghai(o.paidAt)}</div> : null}
              </td>
              <td>
                {o.lines.map((l) => (
                  <div key={l.productId} className={styles.line}>
                    {l.title}
                    {l.spec ? <span className={styles.muted}>（{l.spec}）</span> : null} × {l.quantity}
                  </div>
                ))}
              </td>
              <td className={styles.money}>
                ¥{yuan(o.amountFen)}
                {o.refundedFen ? <div className={styles.refunded}>已退 ¥{yuan(o.refundedFen)}</div> : null}
                <OrderReceipts receipts={o.receipts} />
              </td>
              <td>
                {o.contact.length
                  ? o.contact.map((c) => (
                      <div key={c.label} className={styles.contact}>
                        <span className={styles.muted}>{c.label}：</span>
                        {c.value}
                      </div>
                    ))
                  : '—'}
                {o.remark ? <div className={styles.remark}>备注：{o.remark}</div> : null}
              </td>
              <td>
                <span className={cx(styles.state, styles[`s_${o.state}`])} data-testid="order-state">
                  {ORDER_STATE_NAMES[o.state]}
                </span>
                {o.shipping ? <ShippingLine shipping={o.shipping} /> : null}
              </td>
              {canEdit ? (
                <td className={styles.actions}>
                  {nextOrderState(o.state, 'ship') ? (
                    <Button size="sm" variant="primary" onClick={() => setShipping(o)}>
                      发货
                    </Button>
                  ) : o.state === 'shipped' ? (
                    <Button size="sm" variant="soft" onClick={() => setShipping(o)}>
                      修改物流
                    </Button>
                  ) : null}
                  {nextOrderState(o.state, 'collect') ? (
                    <Button size="sm" variant="soft" onClick={() => void act(collectOrder(o.questionId, o.orderNo), '已标记自提')}>
                      已自提
                    </Button>
                  ) : null}
                  {nextOrderState(o.state, 'finish') ? (
                    <Button size="sm" variant="soft" onClick={() => void act(finishOrder(o.questionId, o.orderNo), '订单已完成')}>
                      完成
                    </Button>
                  ) : null}
                  {PAID_STATES.includes(o.state) && o.refundedFen < o.amountFen ? (
                    <Button size="sm" variant="ghost" onClick={() => setRefunding(o)}>
                      退款
                    </Button>
                  ) : null}
                  <Button size="sm" variant="ghost" onClick={() => setRemarking(o)}>
                    备注
                  </Button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {refunding ? <RefundDialog order={refunding} onClose={() => setRefunding(null)} onDone={onChanged} /> : null}
      {shipping ? <ShipDialog order={shipping} onClose={() => setShipping(null)} onDone={onChanged} /> : null}
      {remarking ? <RemarkDialog order={remarking} onClose={() => setRemarking(null)} onDone={onChanged} /> : null}
    </div>
  );
}
