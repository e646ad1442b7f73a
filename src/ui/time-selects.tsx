import { pad } from './date-time-value';
import styles from './date-time-field.module.css';

const HOURS = Array.from({ length: 24 }, (_, i) => i);
const MINUTES = Array.from({ length: 60 }, (_, i) => i);

/** The date-time popover's 时间 row: an hour and a minute select. */
export function TimeSelects({ hour, minute, onChange }: { hour: number; minute: number; onChange: (time: { h?: number; min?: number }) => void }) {
  return (
    <div className={styles.time}>
      <span>时间</span>
      <select aria-label="时" value={hour} onChange={(event) => onChange({ h: Number(event.target.value) })}>
        {HOURS.map((h) => (
          <option key={h} value={h}>
            {pad(h)}
          </option>
        ))}
      </select>
      <span aria-hidden>:</span>
      <select aria-label="分" value={minute} onChange={(event) => onChange({ min: Number(event.target.value) })}>
        {MINUTES.map((m) => (
          <option key={m} value={m}>
            {pad(m)}
          </option>
        ))}
      </select>
    </div>
  );
}
