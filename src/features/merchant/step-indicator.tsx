import { Check } from 'lucide-react';
import type { TStepItem } from '../../../machines/merchant-onboarding/merchant-onboarding.selectors';
import { cx } from '../../ui/cx';
import styles from './step-indicator.module.css';

/** The steps of this subject type; finished ones can be reopened (going back keeps every entry). */
export function StepIndicator({ steps, onGoTo }: { steps: TStepItem[]; onGoTo: (step: number) => void }) {
  const current = steps.find((s) => s.status === 'current') ?? steps[0]!;
  return (
    <nav className={styles.wrap} aria-label="填写进度">
      <ol className={styles.steps}>
        {steps.map((step) => (
          <li key={step.key} className={cx(styles.step, styles[step.status])} aria-current={step.status === 'current' ? 'step' : undefined}>
            <button
              type="button"
              className={styles.button}
              disabled={step.status !== 'done'}
              onClick={() => onGoTo(step.number)}
              title={step.status === 'done' ? `返回${step.title}` : undefined}
            >
              <span className={styles.dot}>{step.status === 'done' ? <Check size={14} strokeWidth={3} aria-hidden /> : step.number}</span>
              <span className={styles.title}>{step.title}</span>
            </button>
          </li>
        ))}
      </ol>
      <div className={styles.compact} aria-hidden>
        <div className={styles.compactText}>
          <span className={styles.compactStep}>
            第 {current.number}/{steps.length} 步
          </span>
          <strong>{current.title}</strong>
        </div>
        <div className={styles.bar}>
          <span style={{ width: `${(current.number / steps.length) * 100}%` }} />
        </div>
      </div>
    </nav>
  );
}
