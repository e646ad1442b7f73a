import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { TTradeStatement } from '../../schemas/api/pay-statement';
import { tradeStatementQuery } from '../api/pay-statement';
import { projectHref } from '../app/kinds';
import { Button } from '../ui/button';
import { EmptyState, ErrorState, LoadingState } from '../ui/states';
import { OrderExportActions } from './order-export-actions';
import { money, yuan } from './pay-format';
import { TradeChart } from './trade-chart';
import { UnmatchedReceiptsNotice } from './unmatched-receipts';
import styles from './trade-statement.module.css';

const PAID = '#1a64d8';
const REFUNDED = '#f08c00';
const NET = '#00a870';

/** Yuan for an axis or tooltip (the amounts are integer fen). */
const axisYuan = (fen: number) => money(fen);

function dayOption(st: TTradeStatement) {
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => axisYuan(v) },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: st.byDay.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => `¥${v / 100}` } },
    series: [
      { name: '收款', type: 'bar', data: st.byDay.map((d) => d.paidFen), itemStyle: { color: PAID }, barMaxWidth: 28 },
      { name: '退款', type: 'bar', data: st.byDay.map((d) => d.refundedFen), itemStyle: { color: REFUNDED }, barMaxWidth: 28 },
      { name: '净收入', type: 'line', data: st.byDay.map((d) => d.netFen), itemStyle: { color: NET }, symbolSize: 6 },
    ],
  };
}

function productOption(st: TTradeStatement) {
  const rows = [...st.byProduct].reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => axisYuan(v) },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'value', axisLabel: { formatter: (v: number) => `¥${v / 100}` } },
    yAxis: { type: 'category', data: rows.map((p) => (p.spec ? `${p.title}（${p.spec}）` : p.title)), axisLabel: { width: 110, overflow: 'truncate' } },
    series: [
      { name: '收款', type: 'bar', data: rows.map((p) => p.paidFen), itemStyle: { color: PAID }, barMaxWidth: 22 },
      { name: '退款', type: 'bar', data: rows.map((p) => p.refundedFen), itemStyle: { color: REFUNDED }, barMaxWidth: 22 },
    ],
  };
}

/**
 * 交易统计 (the report page's tab of a payment project): paid, refunded and net in yuan with the order counts,
 * then by day (Asia/Shanghai) and by product, each as a chart and a table. Every figure is the server's, summed
 * from the ledger (question/statement/getTradeStatement).
 */
export function TradeStatementPanel({ questionId }: { questionId: string }) {
  const statement = useQuery(tradeStatementQuery(questionId));
  const st = statement.data;
  const days = useMemo(() => (st ? dayOption(st) : null), [st]);
  const products = useMemo(() => (st ? productOption(st) : null), [st]);

  if (statement.isPending) return <LoadingState />;
  if (!st)
    return (
      <ErrorState
        title="交易统计加载失败"
        description={statement.error?.message}
        actions={
          <Button variant="primary" onClick={() => void statement.refetch()}>
            重试
          </Button>
        }
      />
    );
  const { totals } = st;

  return (
    <div className={styles.stack} data-testid="trade-statement">
      <UnmatchedReceiptsNotice receipts={st.unmatched} />
      <section className={styles.card}>
        <header className={styles.cardHead}>
          <h3>交易概况</h3>
          <div className={styles.actions}>
            <Button variant="ghost" size="sm" asChild>
              <Link to={projectHref.orders(questionId)}>查看订单</Link>
            </Button>
            <OrderExportActions questionId={questionId} />
          </div>
        </header>
        <dl className={styles.totals}>
          <div>
            <dt>已收款</dt>
            <dd data-testid="trade-paid">¥{yuan(totals.paidFen)}</dd>
            <small>{totals.paidOrders} 笔订单</small>
          </div>
          <div>
            <dt>已退款</dt>
            <dd data-testid="trade-refunded">¥{yuan(totals.refundedFen)}</dd>
            <small>{totals.refundedOrders} 笔订单</small>
          </div>
          <div className={styles.net}>
            <dt>净收入</dt>
            <dd data-testid="trade-net">{money(totals.netFen)}</dd>
            <small>收款 − 退款</small>
          </div>
          <div>
            <dt>下单数</dt>
            <dd data-testid="trade-orders">{totals.orders}</dd>
            <small>含未支付、已关闭</small>
          </div>
        </dl>
      </section>

      {!st.byDay.length ? (
        <EmptyState title="还没有交易" description="买家支付成功后，收款、退款和净收入会按日、按商品统计在这里" />
      ) : (
        <>
          <section className={styles.card}>
            <header className={styles.cardHead}>
              <h3>按日统计</h3>
              <small className={styles.note}>北京时间</small>
            </header>
            {days ? <TradeChart option={days} label="每日收款、退款与净收入" /> : null}
            <div className={styles.scroll}>
              <table className={styles.table} aria-label="按日统计">
                <thead>
                  <tr>
                    <th scope="col">日期</th>
                    <th scope="col">付款订单</th>
                    <th scope="col">收款</th>
                    <th scope="col">退款</th>
                    <th scope="col">净收入</th>
                  </tr>
                </thead>
                <tbody>
                  {st.byDay.map((d) => (
                    <tr key={d.day}>
                      <td>{d.day}</td>
                      <td>{d.paidOrders}</td>
                      <td>¥{yuan(d.paidFen)}</td>
                      <td>¥{yuan(d.refundedFen)}</td>
                      <td className={d.netFen < 0 ? styles.negative : undefined}>{money(d.netFen)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section className={styles.card}>
            <header className={styles.cardHead}>
              <h3>按商品统计</h3>
              <small className={styles.note}>退款按订单内各商品金额比例分摊</small>
            </header>
            {products ? <TradeChart option={products} height={Math.max(160, 56 * st.byProduct.length + 60)} label="各商品收款与退款" /> : null}
            <div className={styles.scroll}>
              <table className={styles.table} aria-label="按商品统计">
                <thead>
                  <tr>
                    <th scope="col">商品</th>
                    <th scope="col">售出数量</th>
                    <th scope="col">订单数</th>
                    <th scope="col">收款</th>
                    <th scope="col">退款</th>
                    <th scope="col">净收入</th>
                  </tr>
                </thead>
                <tbody>
                  {st.byProduct.map((p) => (
                    <tr key={p.productId}>
                      <td>
                        {p.title}
                        {p.spec ? <small className={styles.spec}>（{p.spec}）</small> : null}
                      </td>
                      <td>{p.quantity}</td>
                      <td>{p.orders}</td>
                      <td>¥{yuan(p.paidFen)}</td>
                      <td>¥{yuan(p.refundedFen)}</td>
                      <td>{money(p.netFen)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
    </div>
  );
}
