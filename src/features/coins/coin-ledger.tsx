import { Link } from '@tanstack/react-router';
import { Coins } from 'lucide-react';
import { COIN_REASON_NAMES } from '../../../schemas/coins/rules';
import type { TCoinLedgerRow } from '../../../schemas/api/coins';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { formatDateTime } from '../../ui/format-time';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import styles from './coins-styles';

const signed = (delta: number) => `${delta > 0 ? '+' : ''}${delta.toLocaleString('zh-CN')}`;

function LedgerRow({ row }: { row: TCoinLedgerRow }) {
  return (
    <li className={styles.row} data-testid="coin-row">
      <span className={styles.title}>{row.title}</span>
      <span className={styles.sub}>{COIN_REASON_NAMES[row.reason]}</span>
      <span className={cx(styles.right, row.delta > 0 ? styles.plus : styles.minus)} data-testid="coin-delta">
        {signed(row.delta)}
      </span>
      <span className={cx(styles.right, styles.balanceAfter)}>
        <span className={styles.cellLabel}>余额 </span>
        {row.balanceAfter.toLocaleString('zh-CN')}
      </span>
      <time className={cx(styles.sub, styles.right)} dateTime={row.createTime}>
        {formatDateTime(row.createTime)}
      </time>
    </li>
  );
}

export interface TLedgerProps {
  coinName: string;
  rows: TCoinLedgerRow[];
  total: number;
  loading: boolean;
  error: Error | null;
  filtered: boolean;
  pager: { page: number; pageSize: number; total: number; onChange: (page: number) => void };
  onRetry: () => void;
  onClear: () => void;
}

/** The ledger's table with its empty, loading and error states and the pager. */
export function CoinLedger({ coinName, rows, total, loading, error, filtered, pager, onRetry, onClear }: TLedgerProps) {
  if (loading) return <LoadingState />;
  if (error)
    return (
      <ErrorState
        title={`${coinName}明细加载失败`}
        description={error.message}
        actions={
          <Button variant="primary" onClick={onRetry}>
            重试
          </Button>
        }
      />
    );
  if (!rows.length)
    return filtered ? (
      <EmptyState title="没有符合条件的记录" description="换个筛选条件试试" actions={<Button onClick={onClear}>清除筛选</Button>} />
    ) : (
      <EmptyState
        icon={<Coins size={32} strokeWidth={1.6} />}
        title={`暂无${coinName}记录`}
        description={`签到、完成任务、互助答题都能获得${coinName}`}
        actions={
          <Button variant="primary" asChild>
            <Link to="/task.html">去赚{coinName}</Link>
          </Button>
        }
      />
    );
  return (
    <>
      <div className={styles.headRow} aria-hidden>
        <span>明细</span>
        <span>类型</span>
        <span className={styles.right}>收支</span>
        <span className={styles.right}>余额</span>
        <span className={styles.right}>时间</span>
      </div>
      <ul className={styles.list} aria-label={`${coinName}明细`}>
        {rows.map((row) => (
          <LedgerRow key={row.id} row={row} />
        ))}
      </ul>
      <Pager {...pager} totalLabel={`共 ${total} 条`} label={`${coinName}明细分页`} previousLabel="上一页" nextLabel="下一页" />
    </>
  );
}
