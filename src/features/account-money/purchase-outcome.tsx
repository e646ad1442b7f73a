import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { yuanOf } from '../../../schemas/money/catalog';
import { moneyKeys, rechargeStatusQuery } from '../../api/money';
import { getLoginInfo } from '../../api/user';
import { useSession } from '../../app/session';
import { Button } from '../../ui/button';
import styles from './account-money-styles';

/** How often and how long the page asks while the payment is being confirmed (the provider's notify may lag). */
const POLL_MS = 2_000;
const POLL_TIMES = 30;

/**
 * A purchase order's outcome (a plan or package paid through a provider): the cashier's return proves nothing, so
 * the order is asked (getOrderPayAmount asks the provider when no notify came) until it is paid or closed, and
 * shown as it is — 待支付, 支付成功 with the item, paid but kept as balance (with why), or closed.
 */
export function PurchaseOutcome({ orderNo }: { orderNo: string }) {
  const queryClient = useQueryClient();
  const { update } = useSession();
  const [polls, setPolls] = useState(0);
  const status = useQuery(rechargeStatusQuery(orderNo));
  const state = status.data?.state;
  const { refetch } = status;
  useEffect(() => {
    if (state === 'paid') {
      void queryClient.invalidateQueries({ queryKey: moneyKeys.all });
      // The header, the limits and every page read the level from the session's user.
      void getLoginInfo().then((answer) => answer.userInfo && update(answer.userInfo));
    }
    if (state !== 'created' || polls >= POLL_TIMES) return;
    const id = window.setTimeout(() => {
      setPolls((n) => n + 1);
      void refetch();
    }, POLL_MS);
    return () => window.clearTimeout(id);
  }, [state, polls, refetch, queryClient, update]);

  if (status.isPending) return <p className={styles.notice}>正在查询支付结果…</p>;
  if (status.isError)
    return (
      <p role="alert" className={`${styles.notice} ${styles.error}`}>
        订单查询失败：{status.error.message}
      </p>
    );
  const order = status.data;
  const title = order.title ?? `账户充值 ${yuanOf(order.amountFen)} 元`;
  if (order.state === 'paid' && order.delivery === 'kept')
    return (
      <div className={styles.result} data-testid="purchase-outcome">
        <p role="status" className={`${styles.notice} ${styles.error}`}>
          已收到付款 ¥{yuanOf(order.amountFen)}，但{title}未能开通：{order.deliveryNote}。款项已存入账户余额（当前 ¥{yuanOf(order.balanceFen)}
          ），可重新选择购买或申请退款。
        </p>
        <Button variant="primary" asChild>
          <Link to="/member/index.html">返回会员中心</Link>
        </Button>
      </div>
    );
  if (order.state === 'paid')
    return (
      <div className={styles.result} data-testid="purchase-outcome">
        <p role="status" className={`${styles.notice} ${styles.ok}`}>
          支付成功：{title}已开通，实付 ¥{yuanOf(order.amountFen)}
        </p>
        <div className={styles.links}>
          <Button asChild>
            <Link to="/transactionsRecord/index.html">查看交易记录</Link>
          </Button>
          <Button variant="primary" asChild>
            <Link to="/member/index.html">返回会员中心</Link>
          </Button>
        </div>
      </div>
    );
  if (order.state === 'closed')
    return (
      <p role="status" className={`${styles.notice} ${styles.error}`} data-testid="purchase-outcome">
        订单已关闭（超时未支付）。如已付款，款项到账后会自动开通或存入账户余额。
      </p>
    );
  return (
    <p role="status" className={styles.notice} data-testid="purchase-outcome">
      {polls < POLL_TIMES ? `待支付：正在确认支付结果（${title} ¥${yuanOf(order.amountFen)}），请稍候…` : '暂未收到支付结果，如已付款请稍后刷新页面'}
    </p>
  );
}
