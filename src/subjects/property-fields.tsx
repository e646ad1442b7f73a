import { LoaderCircle, Upload } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { uploadImage } from '../api/editor';
import { cx } from '../ui/cx';
import { DateTimeField } from '../ui/date-time-field';
import type { TDateTimeMode } from '../ui/date-time-value';
import { RotateButton } from './rotate-button';
import styles from './property-panel.module.css';

/** Every field commits a value and gets back null (taken) or why it was refused. */
export type TCommit<T> = (value: T) => string | null;

function Field({
  label,
  hint,
  error,
  children,
  id,
  inline,
}: {
  label: string;
  hint?: string;
  error?: string | null;
  children: ReactNode;
  id: string;
  inline?: boolean;
}) {
  return (
    <div className={cx(styles.field, inline && styles.inlineField)}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className={styles.hint}>{hint}</p>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  value,
  onCommit,
  hint,
  placeholder,
  type = 'text',
  multiline,
}: {
  label: string;
  value: string | undefined;
  onCommit: TCommit<string | undefined>;
  hint?: string;
  placeholder?: string;
  type?: 'text' | 'url';
  multiline?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const next = draft.trim() === '' ? undefined : draft;
    if (next !== value) setError(onCommit(next));
    setDraft(null);
  };
  const props = {
    id,
    className: styles.input,
    value: draft ?? value ?? '',
    placeholder,
    onChange: (event: { target: { value: string } }) => setDraft(event.target.value),
    onBlur: commit,
  };
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {multiline ? (
        <textarea {...props} rows={4} className={cx(styles.input, styles.textarea)} />
      ) : (
        <input {...props} type={type} onKeyDown={(event) => event.key === 'Enter' && commit()} />
      )}
    </Field>
  );
}

/** A date, time or date-time (zh-CN picker); empty clears it. Commits on Enter / leaving the box or on 确定. */
export function DateTimeValueField({
  label,
  mode,
  value,
  onCommit,
}: {
  label: string;
  mode: TDateTimeMode;
  value: string | undefined;
  onCommit: TCommit<string | undefined>;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <Field label={label} error={error} id={id}>
      <DateTimeField
        id={id}
        block
        mode={mode}
        label={label}
        className={styles.input}
        value={value ?? ''}
        onChange={(next) => setError(onCommit(next === '' ? undefined : next))}
      />
    </Field>
  );
}

export function NumberField({
  label,
  value,
  onCommit,
  hint,
  optional,
  placeholder,
  step,
  suffix,
  scale = 1,
}: {
  label: string;
  value: number | undefined;
  onCommit: TCommit<number | undefined>;
  hint?: string;
  /** Empty clears the value (no limit, unless `placeholder` and `hint` say what empty means). */
  optional?: boolean;
  placeholder?: string;
  step?: number;
  suffix?: string;
  /** Shown value = stored value / scale (price in 元 stored in 分). */
  scale?: number;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = value === undefined ? '' : String(value / scale);
  const commit = () => {
    if (draft === null) return;
    const text = draft.trim();
    setDraft(null);
    if (text === shown) return;
    if (text === '') {
      setError(optional ? onCommit(undefined) : '请输入数字');
      return;
    }
    const number = Number(text);
    if (!Number.isFinite(number)) {
      setError('请输入数字');
      return;
    }
    setError(onCommit(Math.round(number * scale * 1e6) / 1e6));
  };
  return (
    <Field label={label} hint={hint ?? (optional ? '留空表示不限' : undefined)} error={error} id={id}>
      <span className={styles.withSuffix}>
        <input
          id={id}
          className={styles.input}
          inputMode="decimal"
          value={draft ?? shown}
          step={step}
          placeholder={placeholder ?? (optional ? '不限' : undefined)}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => event.key === 'Enter' && commit()}
        />
        {suffix ? <span className={styles.suffix}>{suffix}</span> : null}
      </span>
    </Field>
  );
}

export function CheckField({ label, checked, onCommit, hint }: { label: string; checked: boolean; onCommit: TCommit<boolean>; hint?: string }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <div className={styles.field}>
      <label className={styles.check}>
        <input type="checkbox" checked={checked} onChange={(event) => setError(onCommit(event.target.checked))} />
        <span>{label}</span>
      </label>
      {error ? <p className={styles.error}>{error}</p> : hint ? <p className={styles.hint}>{hint}</p> : null}
    </div>
  );
}

export function SelectField<T extends string | number>({
  label,
  value,
  options,
  onCommit,
  hint,
}: {
  label: string;
  value: T | undefined;
  options: { value: T; label: string }[];
  onCommit: TCommit<T>;
  hint?: string;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      <select
        id={id}
        className={styles.input}
        value={String(value ?? '')}
        onChange={(event) => {
          const picked = options.find((o) => String(o.value) === event.target.value);
          if (picked) setError(onCommit(picked.value));
        }}
      >
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** One entry per line (rows, columns, labels, accepted answers …). */
export function LinesField({
  label,
  lines,
  onCommit,
  hint,
  rows = 5,
}: {
  label: string;
  lines: string[];
  onCommit: TCommit<string[]>;
  hint?: string;
  rows?: number;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const text = lines.join('\n');
  return (
    <Field label={label} hint={hint ?? '每行一项'} error={error} id={id}>
      <textarea
        id={id}
        className={cx(styles.input, styles.textarea)}
        rows={rows}
        value={draft ?? text}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => {
          if (draft !== null && draft !== text) {
            setError(
              onCommit(
                draft
                  .split('\n')
                  .map((l) => l.trim())
                  .filter(Boolean),
              ),
            );
          }
          setDraft(null);
        }}
      />
    </Field>
  );
}

/** An image address with an upload button (POST /upload/image). */
export function ImageField({
  label,
  value,
  onCommit,
  hint,
}: {
  label: string;
  value: string | undefined | null;
  onCommit: TCommit<string | undefined>;
  hint?: string;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    uploadImage(file)
      .then(({ url }) => setError(onCommit(url)))
      .catch(() => setError('上传失败，请重试'))
      .finally(() => setBusy(false));
  };
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      <div className={styles.imageField}>
        {value ? <img src={value} alt="" /> : <span className={styles.imageEmpty}>未设置</span>}
        <label className={styles.uploadButton}>
          {busy ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : <Upload size={14} aria-hidden />}
          {value ? '更换' : '上传'}
          <input id={id} type="file" accept="image/*" hidden onChange={(event) => upload(event.target.files?.[0])} />
        </label>
        {value ? (
          <>
            <RotateButton url={value} label={label} className={styles.linkButton} spinClassName={styles.spin} onRotated={(url) => setError(onCommit(url))} />
            <button type="button" className={styles.linkButton} onClick={() => setError(onCommit(undefined))}>
              移除
            </button>
          </>
        ) : null}
      </div>
    </Field>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      {children}
    </section>
  );
}
