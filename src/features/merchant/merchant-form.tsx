import { createContext, useContext, useId, type ReactNode } from 'react';
import type { TFieldValue } from '../../../machines/merchant-onboarding/merchant-onboarding.types';
import { readPath } from '../../../machines/merchant-onboarding/merchant-onboarding.operations';
import type { TMerchantDraft } from '../../../schemas/merchant/draft';
import { normalizePhone } from '../../../schemas/phone';
import { digitsOnly, type TProblems } from '../../../schemas/merchant/rules';
import { cx } from '../../ui/cx';
import styles from './merchant-form.module.css';

/** What every field of the merchant form reads and writes: the draft, its messages and one change function. */
export interface TFormContext {
  draft: TMerchantDraft;
  errors: TProblems;
  change: (path: string, value: TFieldValue) => void;
}
const FormContext = createContext<TFormContext | null>(null);
export const MerchantFormProvider = FormContext.Provider;

export function useForm(): TFormContext {
  const form = useContext(FormContext);
  if (!form) throw new Error('useForm outside MerchantFormProvider');
  return form;
}

export function useFieldValue(path: string): string {
  const value = readPath(useForm().draft, path);
  return typeof value === 'string' ? value : '';
}

interface TRowProps {
  label: string;
  htmlFor?: string;
  required?: boolean;
  hint?: ReactNode;
  /** Path(s) whose message shows under the control. */
  paths?: string[];
  children: ReactNode;
  id?: string;
}

/** A labelled row: label on the left on wide screens, above on phones; the message in place below. */
export function Row({ label, htmlFor, required, hint, paths = [], children, id }: TRowProps) {
  const { errors } = useForm();
  const message = paths.map((path) => errors[path]).find(Boolean);
  const LabelTag = htmlFor ? 'label' : 'span';
  return (
    <div className={cx(styles.row, message && styles.invalid)} id={id}>
      <div className={styles.label}>
        {required ? (
          <span className={styles.required} aria-hidden>
            *
          </span>
        ) : null}
        <LabelTag {...(htmlFor ? { htmlFor } : { id: `${id ?? label}-label` })}>{label}</LabelTag>
      </div>
      <div className={styles.control}>
        {children}
        {message ? (
          <p className={styles.error} role="alert">
            {message}
          </p>
        ) : hint ? (
          <p className={styles.hint}>{hint}</p>
        ) : null}
      </div>
    </div>
  );
}

interface TTextProps {
  label: string;
  path: string;
  required?: boolean;
  placeholder?: string;
  hint?: ReactNode;
  /** Keeps digits only (spec §5 "numeric input strips non-digit characters"). */
  numeric?: boolean;
  maxLength?: number;
  upper?: boolean;
  /** A mobile number: a +86 prefix is dropped before the digits are kept. */
  phone?: boolean;
  type?: 'text' | 'email' | 'url' | 'tel';
}

export function TextInput({ label, path, required, placeholder, hint, numeric, maxLength = 128, upper, phone, type = 'text' }: TTextProps) {
  const { errors, change } = useForm();
  const value = useFieldValue(path);
  const id = useId();
  // Digits are cut to length after cleaning, so "138-0013-8000" keeps all eleven.
  const clean = (raw: string) => {
    if (phone) return digitsOnly(normalizePhone(raw)).slice(0, maxLength);
    if (numeric) return digitsOnly(raw).slice(0, maxLength);
    return upper ? raw.toUpperCase() : raw;
  };
  return (
    <Row label={label} htmlFor={id} required={required} hint={hint} paths={[path]}>
      <input
        id={id}
        className={styles.input}
        type={type}
        value={value}
        maxLength={numeric || phone ? undefined : maxLength}
        inputMode={numeric || phone ? 'numeric' : undefined}
        placeholder={placeholder ?? `请输入${label}`}
        aria-invalid={Boolean(errors[path])}
        onChange={(event) => change(path, clean(event.target.value))}
        autoComplete="off"
      />
    </Row>
  );
}

interface TSelectProps {
  label: string;
  path: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  required?: boolean;
  hint?: ReactNode;
  placeholder?: string;
}

export function SelectInput({ label, path, options, required, hint, placeholder }: TSelectProps) {
  const { errors, change } = useForm();
  const value = useFieldValue(path);
  const id = useId();
  return (
    <Row label={label} htmlFor={id} required={required} hint={hint} paths={[path]}>
      <select
        id={id}
        className={cx(styles.input, styles.select, !value && styles.placeholder)}
        value={value}
        aria-invalid={Boolean(errors[path])}
        onChange={(event) => change(path, event.target.value)}
      >
        <option value="">{placeholder ?? `请选择${label}`}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Row>
  );
}

interface TChoiceProps {
  label: string;
  path: string;
  options: ReadonlyArray<{ value: string; title: string; hint?: string; icon?: ReactNode }>;
  required?: boolean;
  hint?: ReactNode;
  compact?: boolean;
}

/** One choice among a few, as cards (radio semantics). */
export function ChoiceCards({ label, path, options, required, hint, compact }: TChoiceProps) {
  const { change } = useForm();
  const value = useFieldValue(path);
  const id = useId();
  return (
    <Row label={label} required={required} hint={hint} paths={[path]} id={id}>
      <div role="radiogroup" aria-labelledby={`${id}-label`} className={cx(styles.choices, compact && styles.choicesCompact)}>
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={value === option.value}
            className={cx(styles.choice, value === option.value && styles.choiceOn)}
            onClick={() => change(path, option.value)}
          >
            {option.icon ? <span className={styles.choiceIcon}>{option.icon}</span> : null}
            <span className={styles.choiceText}>
              <span className={styles.choiceTitle}>{option.title}</span>
              {option.hint ? <span className={styles.choiceHint}>{option.hint}</span> : null}
            </span>
          </button>
        ))}
      </div>
    </Row>
  );
}
