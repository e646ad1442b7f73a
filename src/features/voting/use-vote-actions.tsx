import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TVoteInfo } from '../../../schemas/api/vote';
import { getClearVotes, getCopeVote, getDelVote, getVoteSuspendOrStart, updateVoteTop, voteKeys } from '../../api/vote';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { toast } from '../../ui/toast';
import type { TVoteAction } from './vote-item';

const DONE: Record<TVoteAction, string> = {
  publish: '已发布，投票开始',
  suspend: '已暂停，投票页将提示活动暂停',
  resume: '已开启，投票继续进行',
  top: '',
  copy: '已复制，副本在列表中',
  clear: '已清空全部投票数据',
  delete: '已移入回收站，可在回收站恢复',
};

async function run(vote: TVoteInfo, action: TVoteAction): Promise<unknown> {
  if (action === 'publish' || action === 'resume') return getVoteSuspendOrStart(vote.voteId, 'start');
  if (action === 'suspend') return getVoteSuspendOrStart(vote.voteId, 'suspend');
  if (action === 'top') return updateVoteTop(vote.voteId, !vote.isTop);
  if (action === 'copy') return getCopeVote(vote.voteId);
  if (action === 'clear') return getClearVotes(vote.voteId);
  return getDelVote(vote.voteId);
}

/** The list's actions on one vote: clearing and deleting ask once; the list is read again after each. */
export function useVoteActions() {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<{ vote: TVoteInfo; action: 'clear' | 'delete' } | null>(null);
  const mutation = useMutation({
    mutationFn: ({ vote, action }: { vote: TVoteInfo; action: TVoteAction }) => run(vote, action),
    onSuccess: (_, { vote, action }) => {
      toast.success(action === 'top' ? (vote.isTop ? '已取消置顶' : '已置顶') : DONE[action]);
      setAsking(null);
      void queryClient.invalidateQueries({ queryKey: voteKeys.all });
    },
  });
  const act = (vote: TVoteInfo, action: TVoteAction) => {
    if (action === 'clear' || action === 'delete') setAsking({ vote, action });
    else mutation.mutate({ vote, action });
  };
  const busyOf = (vote: TVoteInfo): TVoteAction | null =>
    mutation.isPending && mutation.variables.vote.voteId === vote.voteId ? mutation.variables.action : null;
  const clearing = asking?.action === 'clear';
  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      tone="danger"
      title={clearing ? '清空投票数据' : '删除投票'}
      message={
        clearing
          ? `确定清空“${asking?.vote.title ?? ''}”的全部 ${asking?.vote.voteCount ?? 0} 票吗？选手票数归零、投票明细删除，清空后无法恢复。`
          : `确定将“${asking?.vote.title ?? ''}”移入回收站吗？投票页将无法访问，可在回收站恢复。`
      }
      confirmLabel={clearing ? '清空' : '移入回收站'}
      cancelLabel="取消"
      busy={mutation.isPending}
      onConfirm={() => asking && mutation.mutate(asking)}
      onCancel={() => setAsking(null)}
    />
  );
  return { act, busyOf, dialog };
}
