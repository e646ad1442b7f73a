import { CalendarDays, Clock } from 'lucide-react';
import { Popover as RadixPopover } from 'radix-ui';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { cx } from './cx';
import { DateCalendar } from './date-calendar';
import { dayValue, FORMAT_HINT, pad, parseText, partsOf, toText, today, type TDateTimeMode, type TDay } from './date-time-value';
import styles from './date-time-field.module.css';
import overlay from './overlay.module.css';
import { TimeSelects } from './time-selects';

export interface TDateTimeFieldProps {
  mode: TDateTimeMode;
  /** Same strings as the native inputs: `YYYY-MM-DD`, `HH:mm`, `YYYY-MM-DDTHH:mm`; '' when empty. */
  value: string;
  /** Called with a complete value (or '' when cleared) after typing is confirmed (Enter / leaving) or on 确定. */
  onChange: (value: string) => void;
  label: string;
  id?: string;
  disabled?: boolean;
  min?: string;
  max?: string;
  invalid?: boolean;
  /** Class of the text box, so it matches the inputs around it. */
  className?: string;
  /** Fill the width of the container instead of the mode's own width. */
  block?: boolean;
}

function rangeError(mode: TDateTimeMode, value: string, min?: string, max?: string): string | null {
  if (min && value < min) return `不能早于 ${toText(mode, min)}`;
  if (max && value > max) return `不能晚于 ${toText(mode, max)}`;
  return null;
}

/** One zh-CN date / time / date-time field for the creator's screens: type `YYYY-MM-DD HH:mm` or pick from the popover. */
export function DateTimeField({ mode, value, onChange, label, id, disabled, min, max, invalid, className, block }: TDateTimeFieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(() => partsOf(mode, value));
  const [focus, setFocus] = useState<TDay>(() => today());
  const content = useRef<HTMLDivElement>(null);
  // A field that becomes disabled (e.g. 长期 ticked) drops what was being typed and its message.
  if (disabled && (draft !== null || error !== null)) {
    setDraft(null);
    setError(null);
  }

  const accept = (next: string) => {
    setDraft(null);
    setError(null);
    if (next !== value) onChange(next);
  };
  const commitText = (): boolean => {
    if (draft === null) return false;
    const text = draft.trim();
    if (text === '') {
      accept('');
      return true;
    }
    const parsed = parseText(mode, text);
    const problem = parsed ? rangeError(mode, parsed, min, max) : `请按 ${FORMAT_HINT[mode]} 格式填写`;
    if (problem || !parsed) setError(problem);
    else accept(parsed);
    return true;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && commitText()) event.preventDefault();
  };
  const openChange = (next: boolean) => {
    if (next) {
      const typed = draft === null ? null : parseText(mode, draft);
      const shown = typed && !rangeError(mode, typed, min, max) ? typed : value;
      const parts = partsOf(mode, shown);
      setPending(parts);
      setFocus(parts.day ?? today());
    }
    setOpen(next);
  };
  const confirm = (day: TDay | null = pending.day) => {
    const time = `${pad(pending.h)}:${pad(pending.min)}`;
    const picked = mode === 'time' ? time : mode === 'date' ? dayValue(day ?? focus) : `${dayValue(day ?? focus)}T${time}`;
    const problem = rangeError(mode, picked, min, max);
    if (problem) {
      setError(problem);
      return;
    }
    accept(picked);
    setOpen(false);
  };
  const clear = () => {
    accept('');
    setOpen(false);
  };
  const pick = (day: TDay) => {
    if (mode === 'date') confirm(day);
    else setPending((p) => ({ ...p, day }));
  };
  const errorId = `${inputId}-error`;
  const Icon = mode === 'time' ? Clock : CalendarDays;

  return (
    <span className={cx(styles.root, block && styles.block)} data-mode={mode}>
      <RadixPopover.Root open={open} onOpenChange={openChange}>
        <RadixPopover.Anchor className={styles.box}>
          <input
            id={inputId}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            className={cx(styles.input, className)}
            aria-label={id ? undefined : label}
            aria-invalid={Boolean(error) || invalid || undefined}
            aria-describedby={error ? errorId : undefined}
            placeholder={FORMAT_HINT[mode]}
            disabled={disabled}
            value={draft ?? toText(mode, value)}
            onChange={(event) => {
              setDraft(event.target.value);
              setError(null);
            }}
            onBlur={commitText}
            onKeyDown={onKeyDown}
          />
          <RadixPopover.Trigger asChild>
            <button type="button" className={styles.trigger} disabled={disabled} aria-label={`选择${label}`}>
              <Icon size={15} aria-hidden />
            </button>
          </RadixPopover.Trigger>
        </RadixPopover.Anchor>
        <RadixPopover.Portal>
          <RadixPopover.Content
            ref={content}
            className={cx(overlay.panel, styles.panel)}
            align="start"
            sideOffset={6}
            collisionPadding={12}
            aria-label={`选择${label}`}
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              content.current?.querySelector<HTMLElement>('button[tabindex="0"], select')?.focus();
            }}
          >
            {mode !== 'time' ? (
              <DateCalendar
                focus={focus}
                onFocusChange={setFocus}
                selected={pending.day && dayValue(pending.day)}
                today={today()}
                onPick={pick}
                min={min}
                max={max}
              />
            ) : null}
            {mode !== 'date' ? <TimeSelects hour={pending.h} minute={pending.min} onChange={(time) => setPending((p) => ({ ...p, ...time }))} /> : null}
            {error && open ? (
              <p className={styles.error} role="alert">
                {error}
              </p>
            ) : null}
            <div className={styles.actions}>
              <button type="button" className={styles.clear} onClick={clear}>
                清除
              </button>
              <button type="button" className={styles.confirm} onClick={() => confirm()}>
                确定
              </button>
            </div>
          </RadixPopover.Content>
        </RadixPopover.Portal>
      </RadixPopover.Root>
      {error && !open ? (
        <span id={errorId} className={styles.error} role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
