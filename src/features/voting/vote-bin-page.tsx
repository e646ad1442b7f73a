import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArchiveRestore, ArrowLeft, LoaderCircle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { TVoteInfo } from '../../../schemas/api/vote';
import { getDelVote, getThoroughDelVote, voteBinQuery, voteKeys } from '../../api/vote';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { cx } from '../../ui/cx';
import { formatDateTime } from '../../ui/format-time';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { usePagedList } from '../../ui/use-paged-list';
import styles from './voting-styles';

const PAGE_SIZE = 10;
type TAsk = { kind: 'one'; vote: TVoteInfo } | { kind: 'all' } | null;

/** /voting/delete.html (spec §2, §4): restore, delete for good, empty the bin; each deletion asks once. */
export function VoteBinPage() {
  const [ask, setAsk] = useState<TAsk>(null);
  const bin = usePagedList((page, pageSize) => voteBinQuery({ page, pageSize }), PAGE_SIZE);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: voteKeys.all });
  const restore = useMutation({
    mutationFn: (voteId: string) => getDelVote(voteId, true),
    onSuccess: () => {
      toast.success('已恢复到投票列表');
      void refresh();
    },
  });
  const destroy = useMutation({
    mutationFn: getThoroughDelVote,
    onSuccess: (_, body) => {
      toast.success('all' in body ? '回收站已清空' : '已彻底删除');
      setAsk(null);
      bin.setPage(1);
      void refresh();
    },
  });

  let content;
  if (bin.loading) content = <LoadingState label="正在加载回收站…" />;
  else if (bin.failed)
    content = (
      <ErrorState
        title="回收站加载失败"
        description="网络不稳定或服务繁忙，请稍后重试"
        actions={
          <Button variant="primary" onClick={() => void bin.query.refetch()}>
            重新加载
          </Button>
        }
      />
    );
  else if (!bin.list.length)
    content = (
      <EmptyState
        icon={<Trash2 size={30} strokeWidth={1.6} />}
        title="回收站是空的"
        description="删除的投票会保留在这里，可以恢复或彻底删除"
        actions={
          <Button asChild>
            <Link to="/voting/list.html">返回投票管理</Link>
          </Button>
        }
      />
    );
  else
    content = (
      <>
        <ul className={styles.rows}>
          {bin.list.map((vote) => (
            <li key={vote.voteId} className={styles.row} data-vote-id={vote.voteId}>
              <div className={styles.rowMain}>
                <h3 className={styles.title}>{vote.title}</h3>
                <p className={styles.meta}>
                  <span>
                    选手 {vote.playerCount} · 票数 {vote.voteCount}
                  </span>
                  <span>删除于 {vote.deleteTime ? formatDateTime(vote.deleteTime) : formatDateTime(vote.updateTime)}</span>
                </p>
              </div>
              <div className={styles.actions} role="group" aria-label={`${vote.title} 的操作`}>
                <button type="button" className={styles.action} disabled={restore.isPending} onClick={() => restore.mutate(vote.voteId)}>
                  {restore.isPending && restore.variables === vote.voteId ? (
                    <LoaderCircle size={14} className={styles.spin} aria-hidden />
                  ) : (
                    <ArchiveRestore size={14} aria-hidden />
                  )}
                  恢复
                </button>
                <button type="button" className={cx(styles.action, styles.danger)} onClick={() => setAsk({ kind: 'one', vote })}>
                  <Trash2 size={14} aria-hidden />
                  彻底删除
                </button>
              </div>
            </li>
          ))}
        </ul>
        <Pager {...bin.pager} totalLabel={`共 ${bin.total} 个投票`} label="分页" previousLabel="上一页" nextLabel="下一页" />
      </>
    );

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <div>
          <h1>投票回收站</h1>
          <p className={styles.intro}>删除的投票永久保留在回收站，可随时恢复；彻底删除后选手和投票数据将无法找回</p>
        </div>
        <div className={styles.inline}>
          <Button variant="ghost" asChild>
            <Link to="/voting/list.html">
              <ArrowLeft size={16} aria-hidden />
              返回投票管理
            </Link>
          </Button>
          <Button variant="danger" disabled={bin.total === 0} onClick={() => setAsk({ kind: 'all' })}>
            <Trash2 size={16} aria-hidden />
            清空回收站
          </Button>
        </div>
      </div>
      <section className={styles.panel}>{content}</section>
      <ConfirmDialog
        open={ask !== null}
        tone="danger"
        title={ask?.kind === 'all' ? '清空回收站' : '彻底删除投票'}
        message={
          ask?.kind === 'one'
            ? `确定彻底删除“${ask.vote.title}”吗？选手和投票数据将一并删除，无法恢复。`
            : `确定彻底删除回收站中的全部 ${bin.total} 个投票吗？删除后无法恢复。`
        }
        confirmLabel={ask?.kind === 'all' ? '清空回收站' : '彻底删除'}
        cancelLabel="取消"
        busy={destroy.isPending}
        onConfirm={() => {
          if (ask?.kind === 'one') destroy.mutate({ voteId: ask.vote.voteId });
          else if (ask?.kind === 'all') destroy.mutate({ all: true });
        }}
        onCancel={() => setAsk(null)}
      />
    </div>
  );
}

export default VoteBinPage;
