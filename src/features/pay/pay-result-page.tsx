import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { CheckCircle2, Clock3, UserRound, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ORDER_STATE_NAMES } from '../../../schemas/order/order-states';
import { ApiError, call } from '../../api/client';
import { orderStatusQuery } from '../../api/pay';
import { ZNotYours, payCalls, type TNotYours } from '../../../schemas/api/pay';
import { Button } from '../../ui/button';
import { ErrorState, LoadingState } from '../../ui/states';
import { OrderLines } from '../../orders/order-lines';
import { ShippingLine } from '../../orders/shipping-line';
import { respondDevice, shanghai, yuan } from '../../orders/pay-format';
import styles from '../../orders/pay.module.css';

/** How often and how long the page asks while the payment is being confirmed (the provider's notify may lag). */
const POLL_MS = 2_000;
const POLL_TIMES = 30;

/**
 * /pay/result.html?orderNo=…: where the cashier sends a respondent back (either method; public). The return itself proves
 * nothing: the page asks getOrderStatus (which asks the provider when no notify came) until the order is paid,
 * closed, or the payer comes back from a failed attempt, and shows the order.
 */
export function PayResultPage() {
  // Read raw: the router parses search values as JSON, and a 20-digit order number is not a safe number.
  useLocation({ select: (l) => l.searchStr });
  const search = new URLSearchParams(window.location.search);
  const orderNo = search.get('orderNo') ?? '';
  const failed = search.get('result') === 'fail';
  const [polls, setPolls] = useState(0);
  const [retrying, setRetrying] = useState(false);
  const status = useQuery(orderStatusQuery(orderNo, respondDevice()));
  const state = status.data?.state;
  const { refetch } = status;
  useEffect(() => {
    if (state !== 'created' || failed || polls >= POLL_TIMES) return;
    const id = window.setTimeout(() => {
      setPolls((n) => n + 1);
      void refetch();
    }, POLL_MS);
    return () => window.clearTimeout(id);
  }, [state, failed, polls, refetch]);

  if (!orderNo) return <ErrorState title="缺少订单号" description="请从提交后的支付页面进入" />;
  if (status.isPending) return <LoadingState />;
  if (status.isError) {
    const other = status.error instanceof ApiError ? ZNotYours.safeParse(status.error.data) : null;
    if (other?.success) return <OthersOrder who={other.data} />;
    return <ErrorState title="订单加载失败" description={status.error.message} />;
  }
  const order = status.data;
  const paid = order.state !== 'created' && order.state !== 'closed';
  const waiting = order.state === 'created' && !failed && polls < POLL_TIMES;
  const payAgain = () => {
    setRetrying(true);
    call(payCalls.wxTradePay, { orderNo, deviceId: respondDevice() })
      .then((started) => started.launch.kind === 'redirect' && window.location.assign(started.launch.url))
      .catch(() => setRetrying(false));
  };

  return (
    <main className={styles.result}>
      <section className={styles.resultCard} aria-live="polite">
        {paid ? (
          <CheckCircle2 className={styles.okIcon} size={56} aria-hidden />
        ) : order.state === 'closed' || !waiting ? (
          <XCircle className={styles.badIcon} size={56} aria-hidden />
        ) : (
          <Clock3 className={styles.waitIcon} size={56} aria-hidden />
        )}
        <h1 className={styles.resultTitle}>{paid ? '支付成功' : order.state === 'closed' ? '订单已关闭' : waiting ? '正在确认支付结果…' : '支付未完成'}</h1>
        <p className={styles.resultAmount}>
          <span>¥</span>
          {yuan(order.amountFen)}
        </p>
        <p className={styles.resultHint}>
          {paid
            ? order.shipping
              ? '订单已发货，可凭快递单号在快递公司查询物流'
              : `订单${ORDER_STATE_NAMES[order.state]}，发布者会尽快为你处理`
            : order.state === 'closed'
              ? '超时未支付，订单已自动关闭，库存已释放'
              : waiting
                ? '请稍候，支付结果以收款方确认为准'
                : `请在 ${shanghai(order.closesAt)} 前完成支付`}
        </p>
        {order.state === 'created' && !waiting ? (
          <Button variant="primary" block disabled={retrying} onClick={payAgain}>
            {retrying ? '正在前往收银台…' : '继续支付'}
          </Button>
        ) : null}
      </section>
      <section className={styles.resultCard} aria-label="订单详情">
        <h2 className={styles.detailTitle}>{order.title}</h2>
        <OrderLines lines={order.lines} className={styles.lines} />
        <dl className={styles.meta}>
          <dt>订单号</dt>
          <dd data-testid="order-no">{order.orderNo}</dd>
          <dt>订单状态</dt>
          <dd data-testid="order-state">{ORDER_STATE_NAMES[order.state]}</dd>
          {order.shipping ? (
            <>
              <dt>物流</dt>
              <dd>
                <ShippingLine shipping={order.shipping} />
              </dd>
            </>
          ) : null}
          <dt>下单时间</dt>
          <dd>{shanghai(order.createdAt)}</dd>
          {order.paidAt ? (
            <>
              <dt>支付时间</dt>
              <dd>{shanghai(order.paidAt)}</dd>
            </>
          ) : null}
          {order.refundedFen ? (
            <>
              <dt>已退款</dt>
              <dd>¥{yuan(order.refundedFen)}</dd>
            </>
          ) : null}
        </dl>
        <a className={styles.back} href={`/s/${order.questionId}`}>
          返回表单
        </a>
      </section>
    </main>
  );
}

/**
 * A result link opened where the order was not made (another phone, another account): whose order it is, masked,
 * and what the visitor can do — never the order itself (issue 43 item 5).
 */
function OthersOrder({ who }: { who: TNotYours }) {
  const buyer = [who.buyerName, who.buyerPhone].filter(Boolean).join(' · ');
  return (
    <main className={styles.result}>
      <section className={styles.resultCard} aria-labelledby="others-order">
        <UserRound className={styles.waitIcon} size={56} aria-hidden />
        <h1 id="others-order" className={styles.resultTitle}>
          这是他人的订单
        </h1>
        {buyer ? (
          <p className={styles.resultHint} data-testid="order-owner">
            下单人：{buyer}
          </p>
        ) : null}
        <ul className={styles.otherSteps}>
          <li>如果这是你的订单：请在下单时用的手机或浏览器（或登录下单时的账号）打开此链接查看和支付。</li>
          <li>如果想自己下单：回到表单重新填写提交，会生成你自己的订单。</li>
          <li>对订单有疑问，请联系发布者。</li>
        </ul>
        <a className={styles.back} href={`/s/${encodeURIComponent(who.questionId)}`}>
          回到表单
        </a>
      </section>
    </main>
  );
}
