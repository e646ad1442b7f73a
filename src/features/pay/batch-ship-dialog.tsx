import { useState } from 'react';
import type { TBatchShipResult } from '../../../schemas/api/logistics';
import { batchShip } from '../../api/logistics';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';
import { cx } from '../../ui/cx';
import styles from '../../orders/pay.module.css';
import own from './batch-ship-dialog.module.css';
import { fileToBase64 } from '../../ui/base64-files';

const MAX_XLSX_BYTES = 2 * 1024 * 1024;
/**
 * 批量发货: an Excel sheet with the columns 订单号, 快递公司, 快递单号 is checked first (a preview, row by row: what
 * each row will do or why it cannot), then the rows that pass are shipped; the report stays open after.
 */
export function BatchShipDialog({ questionId, onClose, onDone }: { questionId: string; onClose: () => void; onDone: () => void }) {
  const [xlsx, setXlsx] = useState<string | null>(null);
  const [result, setResult] = useState<TBatchShipResult | null>(null);
  const [busy, setBusy] = useState(false);
  const run = (file: string, confirm: boolean) => {
    setBusy(true);
    batchShip({ questionId, xlsx: file, confirm })
      .then((r) => {
        setResult(r);
        if (!confirm) return;
        toast.success(`已处理 ${r.ok} 个订单`);
        onDone();
      })
      .catch((e: Error) => void toast.error(e.message))
      .finally(() => setBusy(false));
  };
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_XLSX_BYTES) return void toast.error('文件不能超过2MB');
    const base64 = await fileToBase64(file);
    setXlsx(base64);
    run(base64, false);
  };
  const done = result?.confirmed ?? false;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="批量发货"
      description="上传 Excel（.xlsx），第一行为表头：订单号、快递公司、快递单号。先预览检查，确认后发货。"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {done ? '关闭' : '取消'}
          </Button>
          {!done ? (
            <Button variant="primary" disabled={!xlsx || !result?.ok || busy} onClick={() => xlsx && run(xlsx, true)}>
              确认发货{result?.ok ? `（${result.ok}）` : ''}
            </Button>
          ) : null}
        </>
      }
    >
      {!done ? (
        <label className={styles.field}>
          <span>选择文件</span>
          <input type="file" accept=".xlsx" aria-label="发货表格" onChange={(e) => void pick(e.target.files?.[0])} />
        </label>
      ) : null}
      {busy && !result ? <p className={own.hint}>正在检查表格…</p> : null}
      {result ? <BatchReport result={result} /> : null}
    </Dialog>
  );
}

function BatchReport({ result }: { result: TBatchShipResult }) {
  return (
    <div data-testid="batch-ship-report">
      <p className={own.counts}>
        {result.confirmed ? '已处理' : '可发货'} <b>{result.ok}</b> 行，有问题 <b className={result.failed ? own.bad : undefined}>{result.failed}</b> 行
      </p>
      <div className={own.tableWrap}>
        <table className={own.table}>
          <thead>
            <tr>
              <th>行</th>
              <th>订单号</th>
              <th>快递</th>
              <th>结果</th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((r) => (
              <tr key={r.row}>
                <td>{r.row}</td>
                <td className={own.mono}>{r.orderNo || '—'}</td>
                <td>
                  {r.carrierName || '—'} <span className={own.mono}>{r.trackingNo}</span>
                </td>
                <td className={cx(r.action === null ? own.bad : own.ok)}>{r.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
