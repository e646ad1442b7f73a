import { useRef } from 'react';

/**
 * A number of a settings popover (quota, score): commits on blur or Enter; Esc discards what was typed and
 * lets the popover close (Radix moves the focus back to its trigger, and that blur must not commit).
 */
export function SettingNumber({
  value,
  label,
  placeholder,
  min,
  className,
  onCommit,
}: {
  value: number | undefined;
  label: string;
  placeholder?: string;
  min?: number;
  className?: string;
  /** The trimmed text ('' for none). */
  onCommit: (text: string) => void;
}) {
  const stored = value === undefined ? '' : String(value);
  const discard = useRef(false);
  return (
    <input
      // A new stored value (undo, another tab) replaces what the field shows.
      key={stored}
      type="number"
      min={min}
      className={className}
      aria-label={label}
      placeholder={placeholder}
      defaultValue={stored}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          discard.current = true;
          event.currentTarget.value = stored;
        } else if (event.key === 'Enter') {
          event.preventDefault();
          event.currentTarget.blur();
        }
      }}
      onBlur={(event) => {
        const text = event.currentTarget.value.trim();
        if (discard.current) {
          discard.current = false;
          return;
        }
        if (text !== stored) onCommit(text);
      }}
    />
  );
}
