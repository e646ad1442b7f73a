import { CircleAlert, CircleCheck, Eye, EyeOff } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './auth.module.css';

interface TFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown inside the box, after the input (the send-code button). */
  addon?: ReactNode;
}

/** A labelled input (tests and e2e find it by its label). */
export function Field({ label, value, onValueChange, addon, id, ...rest }: TFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        <input id={inputId} className={styles.input} value={value} onChange={(event) => onValueChange(event.target.value)} {...rest} />
        {addon}
      </div>
    </div>
  );
}

interface TPasswordFieldProps extends Omit<TFieldProps, 'type' | 'addon'> {
  showLabel: string;
  hideLabel: string;
}

export function PasswordField({ showLabel, hideLabel, ...rest }: TPasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...rest}
      type={visible ? 'text' : 'password'}
      addon={
        <button
          type="button"
          className={styles.eye}
          aria-label={visible ? hideLabel : showLabel}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOff size={16} aria-hidden /> : <Eye size={16} aria-hidden />}
        </button>
      }
    />
  );
}

/** Errors and notices shown in place, above the submit button. */
export function FormMessages({
  error,
  notice,
  noticeExtra,
  errorExtra,
}: {
  error: string | null;
  notice: string | null;
  noticeExtra?: ReactNode;
  errorExtra?: ReactNode;
}) {
  if (error) {
    return (
      <p role="alert" className={styles.alert}>
        <CircleAlert size={14} aria-hidden />
        <span>{error}</span>
        {errorExtra}
      </p>
    );
  }
  if (notice) {
    return (
      <p role="status" className={styles.notice}>
        <CircleCheck size={14} aria-hidden />
        <span>{notice}</span>
        {noticeExtra}
      </p>
    );
  }
  return null;
}
