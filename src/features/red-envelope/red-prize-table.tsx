import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RED_PAYOUT_NAMES, yuan, type TRedPayoutState } from '../../../schemas/red-envelope/rules';
import { prizeListQuery, type TRedRef } from '../../api/red-envelope';
import { Pager } from '../../ui/pager';
import { shanghaiTime } from '../../ui/shanghai-time';
import { ErrorState, LoadingState } from '../../ui/states';
import { StatusPill } from '../../ui/status-pill';
import styles from './red-styles';

const TONES: Record<TRedPayoutState, 'success' | 'primary' | 'danger' | 'muted'> = {
  paid: 'success',
  paying: 'primary',
  failed: 'danger',
  rejected: 'muted',
  cancelled: 'muted',
};

/** The red envelope winners of /prizeLists.html: amount, time, state, totals (one tab of the page). */
export function RedPrizeTable({
  redRef,
  onRetry,
  onCancel,
}: {
  redRef: TRedRef;
  onRetry?: (sheetId: string) => void;
  /** 放弃发放: a failed payout given up, its amount back in the envelope. */
  onCancel?: (sheetId: string) => void;
}) {
  const [page, setPage] = useState(1);
  const unit = redRef.voteId ? '投票' : '答卷';
  const query = useQuery(prizeListQuery(redRef, { page, pageSize: 20 }));
  if (query.isPending) return <LoadingState compact />;
  if (query.isError) return <ErrorState compact title="中奖名单加载失败" description={query.error.message} />;
  const { list, total, totals } = query.data;
  return (
    <>
      <p className={styles.meta} data-testid="prize-totals">
        已发放 {totals.paid} 个，共 ¥{yuan(totals.paidFen)} · 发放中 {totals.paying} 个 · 失败 {totals.failed} 个（¥{yuan(totals.failedFen)}）
      </p>
      {list.length ? (
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{unit}</th>
              <th>金额</th>
              <th>收款人</th>
              <th>审核时间</th>
              <th>状态</th>
              <th>转账单号</th>
            </tr>
          </thead>
          <tbody>
            {list.map((p) => (
              <tr key={p.sheetId} data-testid="prize-row">
                <td>{p.sheetId.slice(0, 10)}</td>
                <td className={styles.amount}>¥{yuan(p.amountFen)}</td>
                <td>{p.payee}</td>
                <td className={styles.time}>{shanghaiTime(p.decidedTime)}</td>
                <td>
                  <StatusPill tone={TONES[p.state]}>{RED_PAYOUT_NAMES[p.state]}</StatusPill>
                  {p.failReason ? <span className={styles.reason}>{p.failReason}</span> : null}
                  {p.state === 'failed' && onRetry ? (
                    <button type="button" className={styles.navLink} onClick={() => onRetry(p.sheetId)}>
                      重新发放
                    </button>
                  ) : null}
                  {p.state === 'failed' && onCancel ? (
                    <button type="button" className={styles.navLink} onClick={() => onCancel(p.sheetId)}>
                      放弃发放
                    </button>
                  ) : null}
                </td>
                <td className={styles.time}>{p.transferId ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={styles.empty}>还没有发放红包。在「待审核红包」通过{unit}后，中奖名单会出现在这里。</p>
      )}
      <Pager page={page} pageSize={20} total={total} onChange={setPage} totalLabel={`共 ${total} 条`} label="分页" previousLabel="上一页" nextLabel="下一页" />
    </>
  );
}
