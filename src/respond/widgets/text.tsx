import type { TSubjectOf } from '../../../schemas/subjects/registry';
import { Counter, asRecord, asString, own, type TWidgetProps } from './shared';
import { SmsCode } from './sms-code';

type TInputMode = React.HTMLAttributes<HTMLInputElement>['inputMode'];

interface TLineProps extends TWidgetProps {
  type?: string;
  inputMode?: TInputMode;
  maxLength?: number;
  placeholder?: string;
  autoComplete?: string;
  suffix?: string;
  /** Show "n/max" in the box (free text only). */
  counter?: boolean;
}

export function Line({
  value,
  onChange,
  labelledBy,
  describedBy,
  invalid,
  type = 'text',
  inputMode,
  maxLength,
  placeholder,
  autoComplete,
  suffix,
  counter,
}: TLineProps) {
  const text = asString(value);
  return (
    <div className="r-line">
      <input
        className="r-input"
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete ?? 'off'}
        maxLength={maxLength}
        placeholder={placeholder ?? '请输入'}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        value={text}
        onChange={(e) => onChange(e.target.value)}
      />
      {suffix ? <span className="r-suffix">{suffix}</span> : null}
      {counter && maxLength ? <Counter value={text} max={maxLength} /> : null}
    </div>
  );
}

const PRESET_MODES: Record<string, { inputMode?: TInputMode; type?: string; placeholder?: string }> = {
  number: { inputMode: 'numeric', placeholder: '请输入数字' },
  url: { inputMode: 'url', placeholder: 'https://' },
  postcode: { inputMode: 'numeric', placeholder: '6位邮政编码' },
  letters: { placeholder: '请输入英文字母' },
  chinese: { placeholder: '请输入中文' },
};

export function TextInput(p: TWidgetProps<TSubjectOf<6>>) {
  const mode = PRESET_MODES[p.subject.preset] ?? {};
  return (
    <Line {...p} {...mode} counter={p.subject.maxLength <= 5_000} maxLength={p.subject.maxLength} placeholder={p.subject.placeholder || mode.placeholder} />
  );
}

export function Textarea({ subject, value, onChange, labelledBy, describedBy, invalid }: TWidgetProps<TSubjectOf<7>>) {
  const text = asString(value);
  return (
    <div className="r-line r-area">
      <textarea
        className="r-input"
        rows={subject.rows ?? 4}
        maxLength={subject.maxLength}
        placeholder={subject.placeholder || '请输入'}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        value={text}
        onChange={(e) => onChange(e.target.value)}
      />
      <Counter value={text} max={subject.maxLength} />
    </div>
  );
}

export function NumberInput(p: TWidgetProps<TSubjectOf<21>>) {
  const s = p.subject;
  const range =
    s.min !== undefined && s.max !== undefined
      ? `${s.min} – ${s.max}`
      : s.min !== undefined
        ? `不小于${s.min}`
        : s.max !== undefined
          ? `不大于${s.max}`
          : '请输入数字';
  return <Line {...p} inputMode={s.decimals > 0 || (s.min ?? 0) < 0 ? 'decimal' : 'numeric'} placeholder={range} suffix={s.unit} maxLength={24} />;
}

export function Mobile(p: TWidgetProps<TSubjectOf<26>>) {
  const line = <Line {...p} type="tel" inputMode="tel" autoComplete="tel" maxLength={20} placeholder="请输入11位手机号" />;
  if (!p.subject.smsVerify) return line;
  return (
    <>
      {line}
      <SmsCode subjectId={p.subject.uuid} phone={asString(p.value)} base={p.base} />
    </>
  );
}
export const Email = (p: TWidgetProps<TSubjectOf<27>>) => (
  <Line {...p} type="email" inputMode="email" autoComplete="email" maxLength={254} placeholder="name@example.com" />
);
export const IdCard = (p: TWidgetProps<TSubjectOf<28>>) => <Line {...p} counter maxLength={18} placeholder="请输入18位身份证号" />;

const DATE_TYPES = { date: 'date', time: 'time', datetime: 'datetime-local' } as const;

export function DateTime({ subject, value, onChange, labelledBy, describedBy, invalid }: TWidgetProps<TSubjectOf<14>>) {
  return (
    <div className="r-line">
      <input
        className="r-input r-date"
        type={DATE_TYPES[subject.mode]}
        min={subject.min}
        max={subject.max}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        value={asString(value)}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** "姓名___ 年龄___": one labelled box per blank. */
export function MultiBlank({ subject, value, onChange, base, describedBy, invalid }: TWidgetProps<TSubjectOf<10>>) {
  const answer = asRecord<string>(value);
  return (
    <div className="r-blanks">
      {subject.blanks.map((b, i) => (
        <label key={b.uuid} className="r-blank" htmlFor={`${base}-b${i}`}>
          <span className="r-blank-label">
            {b.label || `填空${i + 1}`}
            {b.required && subject.required ? (
              <span className="r-req" aria-hidden>
                {' '}
                *
              </span>
            ) : null}
          </span>
          <input
            id={`${base}-b${i}`}
            className="r-input"
            maxLength={200}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            value={own(answer, b.uuid) ?? ''}
            onChange={(e) => onChange({ ...answer, [b.uuid]: e.target.value })}
          />
        </label>
      ))}
    </div>
  );
}
