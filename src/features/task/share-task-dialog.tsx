import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TTask } from '../../../schemas/api/coins';
import { questionListQuery } from '../../api/question';
import { saveTaskQuestion, taskKeys } from '../../api/tasks';
import { Button } from '../../ui/button';
import { copyText } from '../../ui/copy-text';
import { Dialog } from '../../ui/dialog';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import styles from './task-styles';

/**
 * 分享项目 (task 2-3): the user picks one of their published projects; the server links it to today's task
 * (saveTaskQuestion) and the respondent link is copied. The task is done when someone else answers after the link.
 */
export function ShareTaskDialog({ task, onClose }: { task: TTask | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const projects = useQuery({ ...questionListQuery({ status: 1, sort: 'updateTime', order: 'desc', page: 1, pageSize: 20 }), enabled: task !== null });
  const [chosen, setChosen] = useState<string | null>(null);
  const share = useMutation({
    mutationFn: (questionId: string) => saveTaskQuestion(task!.taskId, questionId),
    onSuccess: async (_task, questionId) => {
      const link = `${window.location.origin}/s/${encodeURIComponent(questionId)}`;
      const copied = await copyText(link);
      toast.success(copied ? '链接已复制，发给好友填写吧' : `请复制链接分享：${link}`);
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      onClose();
    },
  });

  const own = (projects.data?.list ?? []).filter((p) => p.isTeamWork === 0);
  let body;
  if (projects.isPending) body = <LoadingState />;
  else if (projects.isError) body = <ErrorState compact title="项目加载失败" description="请稍后重试。" />;
  else if (!own.length) body = <EmptyState compact title="还没有已发布的项目" description="先创建并发布一个项目，再来分享。" />;
  else {
    body = (
      <ul className={styles.projects} aria-label="选择要分享的项目">
        {own.map((p) => (
          <li key={p.questionId}>
            <label className={styles.projectOption}>
              <input type="radio" name="share-project" checked={chosen === p.questionId} onChange={() => setChosen(p.questionId)} />
              <span>{p.title}</span>
            </label>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Dialog
      open={task !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="分享项目"
      description="选择一个已发布的项目，复制链接发给好友；好友提交答卷后即可领取奖励。"
      width={440}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" disabled={!chosen || share.isPending} onClick={() => chosen && share.mutate(chosen)}>
            复制链接并分享
          </Button>
        </>
      }
    >
      {body}
    </Dialog>
  );
}
