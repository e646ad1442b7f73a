import { useState } from 'react';
import type { TRedEnvelope } from '../../../schemas/api/red-envelope';
import { RED_LIMITS, ruleProblem, yuan, type TRedRule } from '../../../schemas/red-envelope/rules';
import { Button } from '../../ui/button';
import styles from './red-styles';

interface TDraft {
  amountMode: TRedRule['amountMode'];
  total: string;
  single: string;
  count: string;
  min: string;
  max: string;
  qualify: TRedRule['qualify'];
  minScore: string;
  firstN: string;
}

const toFen = (text: string) => Math.round(Number(text || 'NaN') * 100);

function draftOf(envelope: TRedEnvelope | null): TDraft {
  if (!envelope)
    return { amountMode: 'random', total: '10.00', single: '1.00', count: '3', min: '0.30', max: '10.00', qualify: 'valid', minScore: '60', firstN: '100' };
  return {
    amountMode: envelope.amountMode,
    total: yuan(envelope.budgetFen),
    single: yuan(envelope.minFen),
    count: String(envelope.totalCount),
    min: yuan(envelope.minFen),
    max: yuan(envelope.maxFen),
    qualify: envelope.qualify,
    minScore: String(envelope.minScore ?? 60),
    firstN: String(envelope.firstN ?? 100),
  };
}

function ruleOf(d: TDraft): TRedRule {
  const count = Number(d.count);
  const fixed = d.amountMode === 'fixed';
  const single = toFen(d.single);
  return {
    amountMode: d.amountMode,
    minFen: fixed ? single : toFen(d.min),
    maxFen: fixed ? single : toFen(d.max),
    totalCount: count,
    budgetFen: fixed ? single * count : toFen(d.total),
    qualify: d.qualify,
    minScore: d.qualify === 'score' ? Number(d.minScore) : null,
    firstN: d.qualify === 'first' ? Number(d.firstN) : null,
  };
}

/** The rule of a red envelope not paid in yet: amount (random within bounds or fixed), how many, who qualifies. */
export function RedRuleForm({
  envelope,
  exam,
  unit = '答卷',
  onSave,
}: {
  envelope: TRedEnvelope | null;
  exam: boolean;
  /** What qualifies: 答卷, or 投票 for a vote. */
  unit?: string;
  onSave: (rule: TRedRule) => Promise<unknown>;
}) {
  const [draft, setDraft] = useState(() => draftOf(envelope));
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<TDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const rule = ruleOf(draft);
  const problem = Number.isFinite(rule.budgetFen) && Number.isFinite(rule.minFen) ? ruleProblem(rule, exam) : '请填写金额';
  const save = () => {
    setSaving(true);
    void onSave(rule).finally(() => setSaving(false));
  };
  return (
    <section className={styles.card} aria-label="红包规则">
      <h2 className={styles.cardTitle}>红包规则</h2>
      <div className={styles.form}>
        <fieldset className={styles.field}>
          <legend>金额方式</legend>
          <div className={styles.choices}>
            <label className={styles.choice}>
              <input type="radio" name="amountMode" checked={draft.amountMode === 'random'} onChange={() => set({ amountMode: 'random' })} />
              随机金额
            </label>
            <label className={styles.choice}>
              <input type="radio" name="amountMode" checked={draft.amountMode === 'fixed'} onChange={() => set({ amountMode: 'fixed' })} />
              固定金额
            </label>
          </div>
        </fieldset>
        <div className={styles.row}>
          {draft.amountMode === 'random' ? (
            <TextField label="红包总额（元）" mode="decimal" value={draft.total} onChange={(v) => set({ total: v })} />
          ) : (
            <TextField label="单个金额（元）" mode="decimal" value={draft.single} onChange={(v) => set({ single: v })} />
          )}
          <TextField label="红包个数" mode="numeric" value={draft.count} onChange={(v) => set({ count: v })} />
        </div>
        {draft.amountMode === 'random' ? (
          <div className={styles.row}>
            <TextField label="单个最小（元）" mode="decimal" value={draft.min} onChange={(v) => set({ min: v })} />
            <TextField label="单个最大（元）" mode="decimal" value={draft.max} onChange={(v) => set({ max: v })} />
          </div>
        ) : null}
        <p className={styles.note}>
          微信商家转账单笔最少 {yuan(RED_LIMITS.minFen)} 元，单个红包最多 {yuan(RED_LIMITS.maxFen)} 元。随机金额时，每个红包都在范围内，且保证剩余红包都能发出。
        </p>
        <label className={styles.field}>
          领取条件
          <select className={styles.input} value={draft.qualify} onChange={(e) => set({ qualify: e.target.value as TDraft['qualify'] })}>
            <option value="valid">所有有效{unit}</option>
            {exam ? <option value="score">考试得分达到</option> : null}
            <option value="first">前 N 份有效{unit}</option>
          </select>
        </label>
        {draft.qualify === 'score' ? <TextField label="最低得分" mode="decimal" value={draft.minScore} onChange={(v) => set({ minScore: v })} /> : null}
        {draft.qualify === 'first' ? <TextField label="前多少份" mode="numeric" value={draft.firstN} onChange={(v) => set({ firstN: v })} /> : null}
        {problem ? (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button variant="primary" disabled={!!problem || saving} onClick={save}>
            {saving ? '保存中…' : '保存规则'}
          </Button>
        </div>
      </div>
    </section>
  );
}

/** One labelled text box of the rule (amounts in 元, counts): the draft keeps what was typed, ruleOf reads it. */
function TextField({ label, mode, value, onChange }: { label: string; mode: 'decimal' | 'numeric'; value: string; onChange: (v: string) => void }) {
  return (
    <label className={styles.field}>
      {label}
      <input className={styles.input} inputMode={mode} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
