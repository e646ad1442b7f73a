import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { ArrowLeft, BarChart3, Truck } from 'lucide-react';
import { useState } from 'react';
import type { TManagedOrder } from '../../../schemas/api/pay';
import { hasPower } from '../../../schemas/project-kinds';
import { ORDER_STATE_NAMES, type TOrderState } from '../../../schemas/order/order-states';
import { commodityOrderQuery, orderListQuery } from '../../api/pay';
import { FilterBar, FilterTabs, SearchBox } from '../../ui/filter-bar';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { useDebounced } from '../../ui/use-debounced';
import { Button } from '../../ui/button';
import { OrderExportActions } from '../../orders/order-export-actions';
import { OrderTable } from './order-table';
import { BatchShipDialog } from './batch-ship-dialog';
import { yuan } from '../../orders/pay-format';
import styles from '../../orders/pay.module.css';
import { UnmatchedReceiptsNotice } from '../../orders/unmatched-receipts';

const STATE_TABS: { value: TOrderState | undefined; label: string }[] = [
  { value: undefined, label: '全部' },
  ...(['created', 'paid', 'shipped', 'collected', 'done', 'refunded', 'closed'] as const).map((s) => ({ value: s, label: ORDER_STATE_NAMES[s] })),
];
const PAGE_SIZE = 20;

/**
 * /online/list.html: the creator's orders. With ?questionId=… one payment page's orders — filters by state,
 * product, days and keyword (order number, name, phone), the paid / refunded / net summary, and per order ship,
 * collect, finish, refund (any part of what is left) and remark. Without it, the orders of all the caller's pages.
 */
export function OrdersPage() {
  const questionId = useLocation({ select: (l) => String((l.search as Record<string, unknown>).questionId ?? '') });
  const [state, setState] = useState<TOrderState | undefined>(undefined);
  const [productId, setProductId] = useState('');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [batch, setBatch] = useState(false);
  const typed = useDebounced(keyword, 300);
  const client = useQueryClient();
  const one = useQuery({
    ...orderListQuery({
      questionId,
      state,
      productId: productId || undefined,
      startDate: startDate || undefined,
      endDate: endDate || undefined,
      keyword: typed.trim() || undefined,
      page,
      pageSize: PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
  const all = useQuery({ ...commodityOrderQuery({ state, page, pageSize: PAGE_SIZE }), enabled: !questionId, placeholderData: keepPreviousData });
  const list = questionId ? one : all;
  const refresh = () => client.invalidateQueries({ queryKey: ['orders'] });
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => (set(v), setPage(1));

  if (list.isPending) return <LoadingState />;
  if (list.isError) return <ErrorState title="订单加载失败" description={list.error.message} />;
  const rows: TManagedOrder[] = list.data.list;
  const summary = questionId ? one.data?.summary : undefined;
  const canEdit = questionId ? hasPower(one.data?.powerType, 'edit') : true;

  return (
    <div className={styles.page}>
      {questionId ? (
        <div className={styles.topBar}>
          <Link to="/questionnaire/online.html" className={styles.backLink}>
            <ArrowLeft size={16} aria-hidden />
            返回收款项目
          </Link>
          <div className={styles.topActions}>
            {canEdit ? (
              <Button variant="ghost" size="sm" onClick={() => setBatch(true)}>
                <Truck size={14} aria-hidden />
                批量发货
              </Button>
            ) : null}
            <Button variant="ghost" size="sm" asChild>
              <a href={`/questionnaire/report.html?questionId=${encodeURIComponent(questionId)}&tab=trade`}>
                <BarChart3 size={14} aria-hidden />
                交易统计
              </a>
            </Button>
            <OrderExportActions
              questionId={questionId}
              filter={{
                state,
                productId: productId || undefined,
                startDate: startDate || undefined,
                endDate: endDate || undefined,
                keyword: typed.trim() || undefined,
              }}
            />
          </div>
        </div>
      ) : null}
      <header className={styles.head}>
        <h1 className={styles.title}>{questionId ? (rows[0]?.title ?? '收款订单') : '全部收款订单'}</h1>
        {summary ? (
          <div className={styles.summary} data-testid="order-summary">
            <div>
              <span>已收款</span>
              <strong>¥{yuan(summary.paidFen)}</strong>
            </div>
            <div>
              <span>已退款</span>
              <strong>¥{yuan(summary.refundedFen)}</strong>
            </div>
            <div>
              <span>净收入</span>
              <strong className={styles.net}>¥{yuan(summary.netFen)}</strong>
            </div>
            <div>
              <span>付款订单</span>
              <strong>{summary.orders}</strong>
            </div>
          </div>
        ) : null}
      </header>
      {batch ? <BatchShipDialog questionId={questionId} onClose={() => setBatch(false)} onDone={() => void refresh()} /> : null}
      {questionId && one.data ? <UnmatchedReceiptsNotice receipts={one.data.unmatched} /> : null}
      <FilterBar>
        <FilterTabs label="订单状态" tabs={STATE_TABS} value={state} onChange={filter(setState)} />
        {questionId ? (
          <div className={styles.filters}>
            <select className={styles.select} value={productId} onChange={(e) => filter(setProductId)(e.target.value)} aria-label="商品">
              <option value="">全部商品</option>
              {one.data?.products.map((p) => (
                <option key={p.productId} value={p.productId}>
                  {p.title}
                </option>
              ))}
            </select>
            <input className={styles.date} type="date" value={startDate} onChange={(e) => filter(setStartDate)(e.target.value)} aria-label="开始日期" />
            <span className={styles.to}>至</span>
            <input className={styles.date} type="date" value={endDate} onChange={(e) => filter(setEndDate)(e.target.value)} aria-label="结束日期" />
            <SearchBox label="搜索订单" placeholder="订单号 / 姓名 / 手机号" value={keyword} onChange={filter(setKeyword)} />
          </div>
        ) : null}
      </FilterBar>
      {rows.length ? (
        <>
          <OrderTable orders={rows} canEdit={canEdit} showProject={!questionId} onChanged={refresh} />
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            onChange={setPage}
            totalLabel={`共 ${list.data.total} 笔订单`}
            label="订单分页"
            previousLabel="上一页"
            nextLabel="下一页"
          />
        </>
      ) : (
        <EmptyState
          title={state || productId || startDate || endDate || typed ? '没有符合条件的订单' : '还没有订单'}
          description={state || typed ? '换个筛选条件试试' : '把收款页面分享出去，买家下单后订单会出现在这里'}
        />
      )}
    </div>
  );
}
