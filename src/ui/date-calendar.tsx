import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { cx } from './cx';
import { addDays, addMonths, dayValue, monthWeeks, weekdayOf, type TDay } from './date-time-value';
import styles from './date-time-field.module.css';

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];

const KEY_STEPS: Record<string, (day: TDay) => TDay> = {
  ArrowLeft: (day) => addDays(day, -1),
  ArrowRight: (day) => addDays(day, 1),
  ArrowUp: (day) => addDays(day, -7),
  ArrowDown: (day) => addDays(day, 7),
  Home: (day) => addDays(day, -weekdayOf(day)),
  End: (day) => addDays(day, 6 - weekdayOf(day)),
  PageUp: (day) => addMonths(day, -1),
  PageDown: (day) => addMonths(day, 1),
};

export interface TDateCalendarProps {
  /** The day keyboard focus rests on; its month is the one shown. */
  focus: TDay;
  onFocusChange: (day: TDay) => void;
  selected: string | null;
  today: TDay;
  onPick: (day: TDay) => void;
  min?: string;
  max?: string;
}

/** One month, Monday first, with year/month steps; arrow keys, Home/End and PageUp/PageDown move the focused day. */
export function DateCalendar({ focus, onFocusChange, selected, today, onPick, min, max }: TDateCalendarProps) {
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [focus]);
  const heading = `${focus.y}年${focus.m}月`;
  const todayValue = dayValue(today);
  const onKeyDown = (event: KeyboardEvent) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    moved.current = true;
    onFocusChange(step(focus));
  };
  const outside = (value: string) => Boolean((min && value < min.slice(0, 10)) || (max && value > max.slice(0, 10)));
  return (
    <div className={styles.calendar}>
      <div className={styles.calendarHead}>
        <button type="button" className={styles.step} aria-label="上一年" onClick={() => onFocusChange(addMonths(focus, -12))}>
          <ChevronsLeft size={16} aria-hidden />
        </button>
        <button type="button" className={styles.step} aria-label="上个月" onClick={() => onFocusChange(addMonths(focus, -1))}>
          <ChevronLeft size={16} aria-hidden />
        </button>
        <span className={styles.heading} aria-live="polite">
          {heading}
        </span>
        <button type="button" className={styles.step} aria-label="下个月" onClick={() => onFocusChange(addMonths(focus, 1))}>
          <ChevronRight size={16} aria-hidden />
        </button>
        <button type="button" className={styles.step} aria-label="下一年" onClick={() => onFocusChange(addMonths(focus, 12))}>
          <ChevronsRight size={16} aria-hidden />
        </button>
      </div>
      <table ref={grid} className={styles.grid} role="grid" aria-label={heading} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {WEEKDAYS.map((name) => (
              <th key={name} scope="col" abbr={`星期${name}`}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(focus.y, focus.m).map((week, row) => (
            <tr key={row}>
              {week.map((day, col) => {
                if (!day) return <td key={col} />;
                const value = dayValue(day);
                const isFocus = day.d === focus.d;
                return (
                  <td key={col}>
                    <button
                      type="button"
                      tabIndex={isFocus ? 0 : -1}
                      className={cx(styles.day, value === todayValue && styles.today, value === selected && styles.selected)}
                      aria-label={`${day.y}年${day.m}月${day.d}日`}
                      aria-current={value === todayValue ? 'date' : undefined}
                      aria-pressed={value === selected}
                      disabled={outside(value)}
                      onClick={() => onPick(day)}
                      onFocus={() => !isFocus && onFocusChange(day)}
                    >
                      {day.d}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
