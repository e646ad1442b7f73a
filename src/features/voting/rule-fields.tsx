import { useId, type ReactNode } from 'react';
import styles from './voting-styles';

/** A labelled checkbox of the rules form. */
export function Toggle({
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <div className={styles.field}>
      <label className={styles.check}>
        <input type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
        {label}
      </label>
      {hint ? <span className={styles.hint}>{hint}</span> : null}
    </div>
  );
}

/** A whole number of the rules form; an empty box is null. */
export function NumberInput({
  label,
  value,
  onChange,
  min = 1,
  max,
  suffix,
}: {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  suffix?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <span className={styles.inline}>
        <input
          id={id}
          className={`${styles.input} ${styles.number}`}
          inputMode="numeric"
          value={value ?? ''}
          min={min}
          max={max}
          onChange={(event) => {
            // Spec §5: numeric input strips non-digit characters.
            const digits = event.target.value.replace(/\D/g, '');
            onChange(digits ? Number(digits) : null);
          }}
        />
        {suffix}
      </span>
    </div>
  );
}

/** One of a few choices, as a select. */
export function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
  disabledValues = [],
  hint,
}: {
  label: string;
  value: T;
  options: Array<[T, string]>;
  onChange: (value: T) => void;
  /** Options shown but not selectable (the hint says why). */
  disabledValues?: T[];
  hint?: React.ReactNode;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select id={id} className={styles.select} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map(([key, text]) => (
          <option key={key} value={key} disabled={disabledValues.includes(key) && key !== value}>
            {text}
          </option>
        ))}
      </select>
      {hint ? <span className={styles.hint}>{hint}</span> : null}
    </div>
  );
}
