import { Link } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import { useState } from 'react';
import type { TOrderExportFilter } from '../../schemas/api/pay-statement';
import { exportOrders, exportReconciliation } from '../api/pay-statement';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';
import styles from './trade-statement.module.css';

/**
 * 导出订单 (with the filters shown) and 导出对账单 (the ledger against the provider's transaction ids): each queues an
 * export job and says where the file will be (我的下载); nothing claims a file that is not written yet.
 */
export function OrderExportActions({ questionId, filter = {} }: { questionId: string; filter?: TOrderExportFilter }) {
  const [busy, setBusy] = useState<'orders' | 'reconciliation' | null>(null);
  const [queued, setQueued] = useState<string | null>(null);
  const run = (which: 'orders' | 'reconciliation') => {
    setBusy(which);
    (which === 'orders' ? exportOrders({ questionId, ...filter }) : exportReconciliation(questionId))
      .then((job) => setQueued(job.fileName))
      .catch((e: Error) => void toast.error(e.message))
      .finally(() => setBusy(null));
  };
  return (
    <div className={styles.exportBox}>
      <div className={styles.actions}>
        <Button variant="ghost" size="sm" disabled={busy !== null} onClick={() => run('orders')}>
          <Download size={14} aria-hidden />
          {busy === 'orders' ? '正在创建导出…' : '导出订单'}
        </Button>
        <Button variant="ghost" size="sm" disabled={busy !== null} onClick={() => run('reconciliation')}>
          <Download size={14} aria-hidden />
          {busy === 'reconciliation' ? '正在创建导出…' : '导出对账单'}
        </Button>
      </div>
      {queued ? (
        <p className={styles.exported} role="status">
          已开始导出「{queued}」，完成后可在<Link to="/myDownload.html">我的下载</Link>中下载
        </p>
      ) : null}
    </div>
  );
}
