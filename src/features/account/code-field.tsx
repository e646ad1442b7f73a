import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../ui/button';
import styles from './account-styles';

const COOL_DOWN = 60;

/** Seconds left before another code may be asked for, and the start of the count. */
export function useCountdown(): [number, () => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, () => setLeft(COOL_DOWN)];
}

interface TCodeFieldProps {
  label?: string;
  value: string;
  onChange: (v: string) => void;
  /** Asks for the code; a refusal (say, an invalid phone) throws and starts no count. */
  send: () => Promise<unknown>;
  /** Where the code goes, under the field. */
  hint?: string;
}

/** A 6-digit SMS code with its 获取验证码 button and the one-a-minute count. */
export function CodeField({ label = '验证码', value, onChange, send, hint }: TCodeFieldProps) {
  const id = useId();
  const [left, start] = useCountdown();
  const sending = useMutation({ mutationFn: send, onSuccess: start });
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.inline}>
        <input
          id={id}
          className={styles.input}
          inputMode="numeric"
          maxLength={6}
          autoComplete="one-time-code"
          value={value}
          onChange={(e) => onChange(e.target.value.trim())}
        />
        <Button onClick={() => sending.mutate()} disabled={left > 0 || sending.isPending}>
          {left > 0 ? `${left}秒后重发` : '获取验证码'}
        </Button>
      </div>
      {hint ? <span className={styles.muted}>{hint}</span> : null}
    </div>
  );
}
