import { ArrowRight } from 'lucide-react';
import type { FormEvent } from 'react';
import type { TVoteRule } from '../../../machines/vote-quick-start/vote-quick-start.types';
import { QUICK_VOTE_LIMITS, VOTE_RULES } from '../../../machines/vote-quick-start/vote-quick-start.operations';
import { Button } from '../../ui/button';
import { DateTimeField } from '../../ui/date-time-field';
import styles from '../../ui/quick-start.module.css';

/** Screen 1 as typed: times are the date-time fields' Shanghai wall times (`YYYY-MM-DDTHH:mm`, '' for none). */
export interface TBasicsFields {
  title: string;
  description: string;
  start: string;
  end: string;
  rule: TVoteRule;
}

interface TProps {
  value: TBasicsFields;
  onChange: (value: TBasicsFields) => void;
  /** The vote exists (a later step failed): its basics are kept as created; the full editor changes them. */
  locked: boolean;
  error: string | null;
  onNext: () => void;
}

/** Screen 1 of the phone vote: title, description, voting window and how many votes a person has. */
export function VoteQuickBasics({ value, onChange, locked, error, onNext }: TProps) {
  const set = (patch: Partial<TBasicsFields>) => onChange({ ...value, ...patch });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onNext();
  };
  return (
    <form className={styles.card} onSubmit={submit} noValidate aria-label="投票基本信息">
      <label className={styles.field}>
        <span>投票标题</span>
        <input
          value={value.title}
          maxLength={QUICK_VOTE_LIMITS.titleMax}
          placeholder="如：最美班级评选"
          readOnly={locked}
          onChange={(event) => set({ title: event.target.value })}
        />
      </label>
      <label className={styles.field}>
        <span>活动介绍（选填）</span>
        <textarea
          value={value.description}
          rows={3}
          maxLength={5000}
          placeholder="评选规则、奖项、截止时间等"
          readOnly={locked}
          onChange={(event) => set({ description: event.target.value })}
        />
      </label>
      <div className={styles.field}>
        <span>开始时间</span>
        <DateTimeField mode="datetime" label="开始时间" value={value.start} disabled={locked} onChange={(start) => set({ start })} block />
        <small>留空则发布后立即开始（北京时间）</small>
      </div>
      <div className={styles.field}>
        <span>结束时间</span>
        <DateTimeField
          mode="datetime"
          label="结束时间"
          value={value.end}
          min={value.start || undefined}
          disabled={locked}
          onChange={(end) => set({ end })}
          block
        />
        <small>留空则一直进行，直到你手动结束</small>
      </div>
      <fieldset className={styles.choices} disabled={locked}>
        <legend>每人可投</legend>
        {(Object.keys(VOTE_RULES) as TVoteRule[]).map((rule) => (
          <label key={rule} className={styles.choice}>
            <input type="radio" name="vote-rule" value={rule} checked={value.rule === rule} onChange={() => set({ rule })} />
            {VOTE_RULES[rule].label}
          </label>
        ))}
      </fieldset>
      {locked ? <small className={styles.steps}>投票已创建，基本信息请在完整编辑中修改</small> : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" variant="primary" size="lg" block>
        下一步：添加选手
        <ArrowRight size={16} aria-hidden />
      </Button>
    </form>
  );
}
