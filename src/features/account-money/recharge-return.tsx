import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { yuanOf } from '../../../schemas/money/catalog';
import { moneyKeys, rechargeStatusQuery } from '../../api/money';
import styles from './account-money-styles';

/** How often and how long the page asks while the payment is being confirmed (the provider's notify may lag). */
const POLL_MS = 2_000;
const POLL_TIMES = 30;

/**
 * Back from the cashier (`?orderNo=R…`), or waiting on a scanned QR code: the return proves nothing, so the order's
 * state is asked (getOrderPayAmount asks the provider when no notify came) until it is paid or closed.
 */
export function RechargeOutcome({ orderNo }: { orderNo: string }) {
  const queryClient = useQueryClient();
  const [polls, setPolls] = useState(0);
  const status = useQuery(rechargeStatusQuery(orderNo));
  const state = status.data?.state;
  const { refetch } = status;
  useEffect(() => {
    if (state === 'paid') void queryClient.invalidateQueries({ queryKey: moneyKeys.amount });
    if (state !== 'created' || polls >= POLL_TIMES) return;
    const id = window.setTimeout(() => {
      setPolls((n) => n + 1);
      void refetch();
    }, POLL_MS);
    return () => window.clearTimeout(id);
  }, [state, polls, refetch, queryClient]);

  if (status.isPending) return <p className={styles.notice}>正在查询充值结果…</p>;
  if (status.isError)
    return (
      <p role="alert" className={`${styles.notice} ${styles.error}`}>
        充值订单查询失败：{status.error.message}
      </p>
    );
  const order = status.data;
  if (order.state === 'paid')
    return (
      <p role="status" className={`${styles.notice} ${styles.ok}`} data-testid="recharge-outcome">
        充值成功：¥{yuanOf(order.amountFen)} 已到账，当前余额 ¥{yuanOf(order.balanceFen)}
      </p>
    );
  if (order.state === 'closed')
    return (
      <p role="status" className={`${styles.notice} ${styles.error}`} data-testid="recharge-outcome">
        充值订单已关闭（超时未支付），如已付款，款项到账后会自动计入余额
      </p>
    );
  return (
    <p role="status" className={styles.notice} data-testid="recharge-outcome">
      {polls < POLL_TIMES ? `正在确认支付结果（¥${yuanOf(order.amountFen)}），请稍候…` : '暂未收到支付结果，如已付款请稍后刷新页面'}
    </p>
  );
}
