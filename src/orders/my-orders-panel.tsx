import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TMyOrder } from '../../schemas/api/pay-statement';
import { ORDER_STATE_NAMES } from '../../schemas/order/order-states';
import { respondentPayResultUrl } from '../../schemas/order/pay-result-pages';
import { payCalls } from '../../schemas/api/pay';
import { call } from '../api/client';
import { myOrdersQuery } from '../api/pay-statement';
import { Button } from '../ui/button';
import { cx } from '../ui/cx';
import { Pager } from '../ui/pager';
import { ErrorState, LoadingState } from '../ui/states';
import { toast } from '../ui/toast';
import { OrderLines } from './order-lines';
import { respondDevice, shanghai, yuan } from './pay-format';
import payStyles from './pay.module.css';
import styles from './my-orders.module.css';

const PAGE_SIZE = 10;

function OrderCard({ order }: { order: TMyOrder }) {
  const [paying, setPaying] = useState(false);
  const payAgain = () => {
    setPaying(true);
    call(payCalls.wxTradePay, { orderNo: order.orderNo, deviceId: respondDevice() })
      .then((started) => {
        if (started.launch.kind === 'redirect') window.location.assign(started.launch.url);
        else window.location.assign(respondentPayResultUrl(order.orderNo));
      })
      .catch((e: Error) => {
        toast.error(e.message);
        setPaying(false);
      });
  };
  return (
    <li className={styles.card} data-testid="my-order">
      <div className={styles.top}>
        <span className={styles.title}>{order.title}</span>
        <span className={cx(payStyles.state, payStyles[`s_${order.state}`])} data-testid="my-order-state">
          {ORDER_STATE_NAMES[order.state]}
        </span>
      </div>
      <OrderLines lines={order.lines} className={styles.lines} />
      <div className={styles.foot}>
        <div className={styles.meta}>
          <span>订单号 {order.orderNo}</span>
          <span>下单 {shanghai(order.createdAt)}</span>
          {order.payable ? <span className={styles.due}>请在 {shanghai(order.closesAt)} 前支付</span> : null}
        </div>
        <div className={styles.amount}>
          合计 <strong>¥{yuan(order.amountFen)}</strong>
          {order.refundedFen ? <small>已退 ¥{yuan(order.refundedFen)}</small> : null}
        </div>
      </div>
      <div className={styles.actions}>
        <Button variant="ghost" size="sm" asChild>
          <a href={respondentPayResultUrl(order.orderNo)}>查看订单</a>
        </Button>
        {order.payable ? (
          <Button variant="primary" size="sm" disabled={paying} onClick={payAgain}>
            {paying ? '正在前往收银台…' : '继续支付'}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * 我的订单 on 我的填写: the logged-in user's own orders (active/commodity/order/getMyOrders), each with its state,
 * lines and amount, a link to the order and 继续支付 while it can still be paid. Absent when there are none.
 */
export function MyOrdersPanel({ className }: { className?: string }) {
  const [page, setPage] = useState(1);
  const orders = useQuery({ ...myOrdersQuery({ page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });
  if (orders.isPending) return <LoadingState />;
  if (orders.isError) return <ErrorState title="订单加载失败" description={orders.error.message} />;
  if (!orders.data.total) return null;
  return (
    <section className={className} aria-labelledby="my-orders-title">
      <h2 id="my-orders-title" className={styles.heading}>
        我的订单
      </h2>
      <ul className={styles.list}>
        {orders.data.list.map((o) => (
          <OrderCard key={o.orderNo} order={o} />
        ))}
      </ul>
      {orders.data.total > PAGE_SIZE ? (
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={orders.data.total}
          onChange={setPage}
          totalLabel={`共 ${orders.data.total} 笔订单`}
          label="订单分页"
          previousLabel="上一页"
          nextLabel="下一页"
        />
      ) : null}
    </section>
  );
}
