import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ReceiptText } from 'lucide-react';
import type { TTransaction } from '../../../schemas/api/recharge';
import { yuanOf } from '../../../schemas/money/catalog';
import { transactionAmountQuery, transactionListQuery } from '../../api/money';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { formatDateTime } from '../../ui/format-time';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { usePagedList } from '../../ui/use-paged-list';
import styles from './account-money-styles';
import { CouponsPanel } from './coupons-panel';

const PAGE_SIZE = 20;
const REASONS: Record<TTransaction['reason'], string> = {
  recharge: '充值',
  package: '购买套餐',
  member: '购买会员',
  redpacket: '红包充值',
  redpacketReturn: '红包退回',
};
const signed = (fen: number) => `${fen > 0 ? '+' : '-'}¥${yuanOf(Math.abs(fen))}`;

function Totals() {
  const amount = useQuery(transactionAmountQuery());
  if (amount.isPending) return <LoadingState compact />;
  if (amount.isError) return <ErrorState compact title="合计加载失败" description={amount.error.message} />;
  const figures = [
    { label: '账户余额', value: `¥${yuanOf(amount.data.balanceFen)}`, id: 'total-balance' },
    { label: '累计充值', value: `¥${yuanOf(amount.data.rechargedFen)}`, id: 'total-recharged' },
    { label: '累计消费', value: `¥${yuanOf(amount.data.spentFen)}`, id: 'total-spent' },
    { label: '交易笔数', value: String(amount.data.transactions), id: 'total-count' },
  ];
  return (
    <dl className={styles.figures}>
      {figures.map((f) => (
        <div key={f.id} className={styles.figure}>
          <dt>{f.label}</dt>
          <dd className={styles.money} data-testid={f.id}>
            {f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function TransactionRow({ item }: { item: TTransaction }) {
  return (
    <li className={styles.row} data-testid="transaction-row">
      <span className={styles.title}>
        {item.title}
        <span className={styles.orderNo}>{item.orderNo}</span>
      </span>
      <span className={styles.sub}>{REASONS[item.reason]}</span>
      <span className={cx(styles.money, styles.right, item.amountFen > 0 ? styles.plus : styles.minus)} data-testid="transaction-amount">
        {signed(item.amountFen)}
      </span>
      <span className={cx(styles.money, styles.right, styles.balanceAfter)}>
        <span className={styles.cellLabel}>余额 </span>¥{yuanOf(item.balanceAfterFen)}
      </span>
      <time className={cx(styles.sub, styles.right)} dateTime={item.createdAt}>
        {formatDateTime(item.createdAt)}
      </time>
    </li>
  );
}

/** /transactionsRecord/index.html (交易记录): the balance ledger, newest first, with its totals; then 我的优惠券. */
export function TransactionsPage() {
  const list = usePagedList(transactionListQuery, PAGE_SIZE);
  let content;
  if (list.loading) content = <LoadingState />;
  else if (list.failed)
    content = (
      <ErrorState
        title="交易记录加载失败"
        description={list.query.error?.message}
        actions={
          <Button variant="primary" onClick={() => void list.query.refetch()}>
            重试
          </Button>
        }
      />
    );
  else if (!list.list.length)
    content = (
      <EmptyState
        icon={<ReceiptText size={32} strokeWidth={1.6} />}
        title="暂无交易记录"
        description="充值和用余额购买的会员、套餐都会记在这里"
        actions={
          <Button variant="primary" asChild>
            <Link to="/accountRecharge/index.html">去充值</Link>
          </Button>
        }
      />
    );
  else
    content = (
      <>
        <div className={styles.headRow} aria-hidden>
          <span>交易内容</span>
          <span>类型</span>
          <span className={styles.right}>金额</span>
          <span className={styles.right}>余额</span>
          <span className={styles.right}>时间</span>
        </div>
        <ul className={styles.list} aria-label="交易记录">
          {list.list.map((item) => (
            <TransactionRow key={`${item.orderNo}-${item.createdAt}-${item.amountFen}`} item={item} />
          ))}
        </ul>
        <Pager {...list.pager} totalLabel={`共 ${list.total} 条`} label="交易记录分页" previousLabel="上一页" nextLabel="下一页" />
      </>
    );
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1>交易记录</h1>
          <p className={styles.intro}>账户余额的每一笔收入和支出</p>
        </div>
        <Button variant="primary" asChild>
          <Link to="/accountRecharge/index.html">充值</Link>
        </Button>
      </header>
      <section className={styles.panel} aria-label="收支合计">
        <Totals />
      </section>
      <section className={styles.panel}>{content}</section>
      <CouponsPanel />
    </div>
  );
}
