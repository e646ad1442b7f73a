import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRefreshUser } from '../../app/session';
import { useState } from 'react';
import type { TSpaceRelease } from '../../../schemas/api/coins';
import { exitSpace, spaceKeys, spaceReleasedQuery } from '../../api/space';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { formatDateTime } from '../../ui/format-time';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { StatusPill } from '../../ui/status-pill';
import { toast } from '../../ui/toast';
import { usePagedList } from '../../ui/use-paged-list';
import styles from './mutual-styles';
import { pagerWords, RELEASE_STATES } from './space-words';

/** 我发布的: my releases with what their budget paid; 退出并退回剩余 closes one and gives the rest back. */
export function ReleasedTab({ coinName, onRelease }: { coinName: string; onRelease: () => void }) {
  const client = useQueryClient();
  const refreshUser = useRefreshUser();
  const list = usePagedList((page, size) => spaceReleasedQuery(page, size), 10);
  const [leaving, setLeaving] = useState<TSpaceRelease | null>(null);
  const exit = useMutation({
    mutationFn: exitSpace,
    onSuccess: (r) => {
      toast.success(r.refunded > 0 ? `已退出互助空间，退回 ${r.refunded} ${r.coinName}` : '已退出互助空间');
      setLeaving(null);
      void client.invalidateQueries({ queryKey: spaceKeys.all });
      refreshUser();
    },
  });
  if (list.loading) return <LoadingState compact />;
  if (list.failed) {
    return (
      <ErrorState
        compact
        title="发布记录加载失败"
        description={list.query.error?.message}
        actions={<Button onClick={() => void list.query.refetch()}>重试</Button>}
      />
    );
  }
  if (list.list.length === 0) {
    return (
      <EmptyState
        compact
        title="还没有发布到互助空间的项目"
        description={`设置每份答卷的${coinName}奖励和预算，让更多人回答你的问卷。`}
        actions={
          <Button variant="primary" onClick={onRelease}>
            发布项目
          </Button>
        }
      />
    );
  }
  return (
    <div className={styles.tab}>
      <ul className={styles.rows}>
        {list.list.map((r) => (
          <li key={r.releaseId} className={styles.row} data-testid="space-released">
            <div className={styles.rowMain}>
              <strong className={styles.rowTitle}>{r.title || '未命名项目'}</strong>
              <span className={styles.rowMeta}>
                每份 {r.reward} {coinName} · {r.answers} 份答卷 · 发布于 {formatDateTime(r.createTime)}
                {r.refunded > 0 ? ` · 已退回 ${r.refunded} ${coinName}` : ''}
              </span>
              <div className={styles.progress} aria-label={`已发放 ${r.paid} / ${r.budget} ${coinName}`}>
                <span className={styles.bar}>
                  <span style={{ width: `${Math.min(100, (r.paid / r.budget) * 100)}%` }} />
                </span>
                <span className={styles.progressText} data-testid="space-paid">
                  已发放 {r.paid} / {r.budget} {coinName}
                </span>
              </div>
            </div>
            <div className={styles.rowSide}>
              <StatusPill tone={RELEASE_STATES[r.state]!.tone}>{RELEASE_STATES[r.state]!.label}</StatusPill>
              {r.state === 'open' ? (
                <Button size="sm" variant="ghost" onClick={() => setLeaving(r)}>
                  退出并退回剩余
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <Pager {...list.pager} {...pagerWords(list.total)} />
      <ConfirmDialog
        open={leaving !== null}
        title="退出互助空间"
        message={
          leaving ? `「${leaving.title}」将不再出现在互助空间，剩余的 ${leaving.budget - leaving.paid} ${coinName}退回到你的账户。已发放的奖励不退回。` : ''
        }
        confirmLabel="退出并退回"
        cancelLabel="取消"
        busy={exit.isPending}
        onConfirm={() => leaving && exit.mutate(leaving.releaseId)}
        onCancel={() => setLeaving(null)}
      />
    </div>
  );
}
