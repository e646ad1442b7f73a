import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { getCommentDel, getCommentShow, voteCommentsByStatusQuery } from '../../api/vote-extras';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { formatDateTime } from '../../ui/format-time';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { usePagedList } from '../../ui/use-paged-list';
import { FilterBar, FilterTabs } from '../../ui/filter-bar';
import styles from './voting-styles';

type TStatus = 'pending' | 'shown' | 'hidden';
const STATUS_NAMES: Record<TStatus, string> = { pending: '待审核', shown: '已显示', hidden: '已隐藏' };
const PAGE_SIZE = 20;

/** 评论管理: voters' comments by status; show (approve), hide or delete each. */
export function VoteCommentsPanel({ voteId }: { voteId: string }) {
  const [status, setStatus] = useState<TStatus | undefined>('pending');
  const list = usePagedList((page, pageSize) => voteCommentsByStatusQuery(voteId, status, page, pageSize), PAGE_SIZE);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['vote', voteId, 'comments'] });
  const show = useMutation({
    mutationFn: ({ commentId, visible }: { commentId: string; visible: boolean }) => getCommentShow(voteId, [commentId], visible),
    onSuccess: (_, { visible }) => {
      toast.success(visible ? '评论已显示在投票页' : '评论已隐藏');
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (commentId: string) => getCommentDel(voteId, [commentId]),
    onSuccess: () => {
      toast.success('评论已删除');
      void refresh();
    },
  });

  let content;
  if (list.loading) content = <LoadingState compact label="正在加载评论…" />;
  else if (list.failed)
    content = (
      <ErrorState
        compact
        title="评论加载失败"
        actions={
          <Button variant="primary" onClick={() => void list.query.refetch()}>
            重新加载
          </Button>
        }
      />
    );
  else if (!list.list.length)
    content = (
      <EmptyState
        compact
        title={status === 'pending' ? '没有待审核的评论' : '还没有评论'}
        description={list.data?.open === false ? '评论未开启，可在“投票规则”中开启' : undefined}
      />
    );
  else
    content = (
      <>
        <ul className={styles.rows}>
          {list.list.map((comment) => (
            <li key={comment.commentId} className={styles.row}>
              <div className={styles.rowMain}>
                <p>{comment.content}</p>
                <p className={styles.meta}>
                  <span>{comment.nickname}</span>
                  {comment.playerName ? <span>评论选手：{comment.playerName}</span> : null}
                  <span>{formatDateTime(comment.createTime)}</span>
                  <span>{STATUS_NAMES[comment.status]}</span>
                </p>
              </div>
              <div className={styles.actions} role="group" aria-label="评论操作">
                {comment.status !== 'shown' ? (
                  <button
                    type="button"
                    className={styles.action}
                    disabled={show.isPending}
                    onClick={() => show.mutate({ commentId: comment.commentId, visible: true })}
                  >
                    <Eye size={14} aria-hidden />
                    显示
                  </button>
                ) : (
                  <button
                    type="button"
                    className={styles.action}
                    disabled={show.isPending}
                    onClick={() => show.mutate({ commentId: comment.commentId, visible: false })}
                  >
                    <EyeOff size={14} aria-hidden />
                    隐藏
                  </button>
                )}
                <button type="button" className={cx(styles.action, styles.danger)} disabled={remove.isPending} onClick={() => remove.mutate(comment.commentId)}>
                  <Trash2 size={14} aria-hidden />
                  删除
                </button>
              </div>
            </li>
          ))}
        </ul>
        <Pager {...list.pager} totalLabel={`共 ${list.total} 条`} label="评论分页" previousLabel="上一页" nextLabel="下一页" />
      </>
    );

  return (
    <section className={styles.panel} aria-labelledby="vote-comments">
      <FilterBar>
        <h2 id="vote-comments" style={{ margin: 0 }}>
          评论管理
        </h2>
        <FilterTabs
          label="评论状态"
          tabs={([undefined, 'pending', 'shown', 'hidden'] as const).map((each) => ({ value: each, label: each ? STATUS_NAMES[each] : '全部' }))}
          value={status}
          onChange={list.refilter(setStatus)}
        />
      </FilterBar>
      {content}
    </section>
  );
}
