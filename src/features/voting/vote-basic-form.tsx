import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import type { TVoteDetail } from '../../../schemas/api/vote';
import { ApiError } from '../../api/client';
import { saveVote, voteKeys } from '../../api/vote';
import { Button } from '../../ui/button';
import { DateTimeField } from '../../ui/date-time-field';
import { toast } from '../../ui/toast';
import { RichText } from '../../ui/rich-text/rich-text';
import { CoverImagesField } from './cover-images-field';
import { fromShanghaiField, toShanghaiField } from './shanghai-time';
import styles from './voting-styles';

interface TDraft {
  title: string;
  coverImages: string[];
  description: string;
  start: string;
  end: string;
}
const draftOf = (vote: TVoteDetail): TDraft => ({
  title: vote.title,
  coverImages: vote.coverImages,
  description: vote.description,
  start: toShanghaiField(vote.startTime),
  end: toShanghaiField(vote.endTime),
});

/** 基本信息: title, covers, rich-text description and the voting window; saved with 保存 at the version it was read. */
export function VoteBasicForm({ vote, onDirty }: { vote: TVoteDetail; onDirty: (dirty: boolean) => void }) {
  const titleId = useId();
  const [draft, setDraft] = useState<TDraft>(() => draftOf(vote));
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const set = (patch: Partial<TDraft>) => {
    setDraft((before) => ({ ...before, ...patch }));
    setError(null);
    onDirty(true);
  };
  const save = useMutation({
    mutationFn: () =>
      saveVote({
        voteId: vote.voteId,
        version: vote.version,
        title: draft.title,
        coverImages: draft.coverImages,
        description: draft.description,
        startTime: fromShanghaiField(draft.start),
        endTime: fromShanghaiField(draft.end),
      }),
    onSuccess: () => {
      toast.success('基本信息已保存');
      onDirty(false);
      void queryClient.invalidateQueries({ queryKey: voteKeys.all });
    },
    onError: (failure) => setError(failure instanceof ApiError && failure.resultCode === '409' ? '投票已在别处修改，请刷新页面后再保存' : failure.message),
  });
  const submit = () => {
    if (!draft.title.trim()) return setError('请输入投票标题');
    if (draft.start && draft.end && draft.end <= draft.start) return setError('结束时间须晚于开始时间');
    save.mutate();
  };

  return (
    <section className={styles.panel} aria-labelledby="vote-basic">
      <h2 id="vote-basic">基本信息</h2>
      <div className={styles.form}>
        <div className={styles.field}>
          <label htmlFor={titleId}>投票标题</label>
          <input id={titleId} className={styles.input} value={draft.title} maxLength={100} onChange={(event) => set({ title: event.target.value })} />
        </div>
        <CoverImagesField value={draft.coverImages} onChange={(coverImages) => set({ coverImages })} />
        <div className={styles.field}>
          <span className={styles.fieldLabel}>活动介绍</span>
          <RichText
            value={draft.description}
            label="活动介绍"
            placeholder="介绍活动背景、奖项设置和评选方式"
            onCommit={(description) => set({ description })}
          />
        </div>
        <div className={styles.twoCols}>
          <div className={styles.field}>
            <span className={styles.fieldLabel}>开始时间（北京时间，不填则发布即开始）</span>
            <DateTimeField mode="datetime" label="开始时间" value={draft.start} onChange={(start) => set({ start })} className={styles.input} block />
          </div>
          <div className={styles.field}>
            <span className={styles.fieldLabel}>结束时间（不填则一直进行，直到手动结束）</span>
            <DateTimeField
              mode="datetime"
              label="结束时间"
              value={draft.end}
              min={draft.start || undefined}
              onChange={(end) => set({ end })}
              className={styles.input}
              block
            />
          </div>
        </div>
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <div>
          <Button variant="primary" onClick={submit} disabled={save.isPending}>
            {save.isPending ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
            保存基本信息
          </Button>
        </div>
      </div>
    </section>
  );
}
