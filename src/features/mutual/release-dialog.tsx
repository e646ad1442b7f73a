import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRefreshUser } from '../../app/session';
import { useEffect, useState } from 'react';
import { SPACE_RULE } from '../../../schemas/coins/rules';
import { answersPaid, SPACE_KINDS } from '../../../schemas/coins/space';
import { publishableQuery, releaseToSpace, spaceKeys } from '../../api/space';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';
import styles from './mutual-styles';
import { kindName } from './space-words';

interface TProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  coinName: string;
  coin: number | undefined;
  initialQuestionId: string;
  onReleased: () => void;
}

const whole = (value: string) => (/^\d+$/.test(value) ? Number(value) : NaN);

/** 发布项目: one of my published projects, the reward per answer, the budget (paid now) and the minutes it takes. */
export function ReleaseDialog({ open, onOpenChange, coinName, coin, initialQuestionId, onReleased }: TProps) {
  const client = useQueryClient();
  const refreshUser = useRefreshUser();
  const projects = useQuery({ ...publishableQuery(), enabled: open });
  const [questionId, setQuestionId] = useState(initialQuestionId);
  const [reward, setReward] = useState('5');
  const [budget, setBudget] = useState('100');
  const [minutes, setMinutes] = useState('3');
  useEffect(() => setQuestionId(initialQuestionId), [initialQuestionId]);
  const choices = (projects.data?.list ?? []).filter((p) => p.powerType === 1 && SPACE_KINDS.includes(p.questionType));
  const r = whole(reward);
  const b = whole(budget);
  const m = whole(minutes);
  const problem = !questionId
    ? '请选择要发布的项目'
    : !(r >= SPACE_RULE.minReward && r <= SPACE_RULE.maxReward)
      ? `每份奖励为 ${SPACE_RULE.minReward}–${SPACE_RULE.maxReward} ${coinName}`
      : !(b >= r && b <= SPACE_RULE.maxBudget)
        ? `预算至少够支付 1 份答卷，最多 ${SPACE_RULE.maxBudget} ${coinName}`
        : !(m >= 1 && m <= 120)
          ? '预计用时为 1–120 分钟'
          : coin !== undefined && b > coin
            ? `${coinName}不足：需要 ${b} ${coinName}，当前 ${coin} ${coinName}`
            : '';
  const release = useMutation({
    mutationFn: releaseToSpace,
    onSuccess: (answer) => {
      toast.success(`已发布到互助空间，预算 ${answer.release.budget} ${answer.coinName}`);
      void client.invalidateQueries({ queryKey: spaceKeys.all });
      onOpenChange(false);
      refreshUser();
      onReleased();
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="发布到互助空间"
      description={`预算在发布时从你的${coinName}中扣除；每收到一份有效答卷，答题者获得一份奖励，退出时剩余预算退回。`}
      width={480}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>取消</Button>
          <Button
            variant="primary"
            disabled={problem !== '' || release.isPending}
            onClick={() => release.mutate({ questionId, reward: r, budget: b, minutes: m })}
          >
            确认发布
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <label className={styles.field}>
          <span className={styles.fieldLabel}>选择项目</span>
          <select className={styles.input} value={questionId} onChange={(e) => setQuestionId(e.target.value)} disabled={projects.isPending}>
            <option value="">{projects.isPending ? '加载中…' : choices.length ? '请选择已发布的项目' : '没有可发布的项目'}</option>
            {choices.map((p) => (
              <option key={p.questionId} value={p.questionId}>
                [{kindName(p.questionType)}] {p.title || '未命名项目'}
              </option>
            ))}
          </select>
          {projects.isError ? <span className={styles.warn}>项目加载失败，请关闭后重试</span> : null}
          {!projects.isPending && !choices.length ? <span className={styles.hint}>只有已发布的问卷、考试和表单可以发布到互助空间。</span> : null}
        </label>
        <div className={styles.fieldRow}>
          <label className={styles.field}>
            <span className={styles.fieldLabel}>每份奖励（{coinName}）</span>
            <input className={styles.input} inputMode="numeric" value={reward} onChange={(e) => setReward(e.target.value.trim())} />
          </label>
          <label className={styles.field}>
            <span className={styles.fieldLabel}>预算（{coinName}）</span>
            <input className={styles.input} inputMode="numeric" value={budget} onChange={(e) => setBudget(e.target.value.trim())} />
          </label>
          <label className={styles.field}>
            <span className={styles.fieldLabel}>预计用时（分钟）</span>
            <input className={styles.input} inputMode="numeric" value={minutes} onChange={(e) => setMinutes(e.target.value.trim())} />
          </label>
        </div>
        <p className={styles.summary} data-testid="release-summary">
          我的{coinName}：<strong>{coin ?? '—'}</strong>
          {r > 0 && b > 0 ? (
            <>
              {' '}
              · 预算可支付 <strong>{answersPaid(b, r)}</strong> 份答卷
            </>
          ) : null}
        </p>
        {problem && questionId ? (
          <p className={styles.warn} role="alert">
            {problem}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
