import { cx } from '../../ui/cx';
import { TEXTS } from './cases-texts';
import chip from '../../ui/chip.module.css';
import styles from './cases.module.css';

interface TProps {
  label: string;
  options: { value: string; label: string }[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}

/** One filter row: 全部 and each option, as pressed buttons. */
export function FilterChips({ label, options, value, onChange }: TProps) {
  const all = [{ value: undefined, label: TEXTS.all }, ...options];
  return (
    <div className={styles.filterRow} role="group" aria-label={label}>
      <span className={styles.filterLabel} aria-hidden>
        {label}
      </span>
      <div className={styles.chips}>
        {all.map((o) => (
          <button
            key={o.value ?? ''}
            type="button"
            className={cx(chip.chip, o.value === value && chip.chipOn)}
            aria-pressed={o.value === value}
            onClick={() => onChange(o.value)}
          >
            {o.label}
          </button>
        ))}
      </div>
    </div>
  );
}
