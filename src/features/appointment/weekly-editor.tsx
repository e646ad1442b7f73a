import { Plus, Trash2 } from 'lucide-react';
import type { TSlotTemplate, TWeekly } from '../../../schemas/appointment/schedule';
import { Button } from '../../ui/button';
import { WEEKDAY_LABELS } from './appointment-format';
import styles from './appointment-styles';

/** One slot's start, end and capacity. */
export function SlotFields({
  slot,
  onChange,
  disabled,
  label,
}: {
  slot: TSlotTemplate;
  onChange: (slot: TSlotTemplate) => void;
  disabled: boolean;
  label: string;
}) {
  return (
    <>
      <input
        className={`${styles.input} ${styles.time}`}
        type="time"
        value={slot.start}
        disabled={disabled}
        aria-label={`${label}开始时间`}
        onChange={(e) => onChange({ ...slot, start: e.target.value })}
      />
      <span className={styles.muted}>至</span>
      <input
        className={`${styles.input} ${styles.time}`}
        type="time"
        value={slot.end}
        disabled={disabled}
        aria-label={`${label}结束时间`}
        onChange={(e) => onChange({ ...slot, end: e.target.value })}
      />
      <span className={styles.muted}>名额</span>
      <input
        className={`${styles.input} ${styles.num}`}
        type="number"
        min={1}
        value={slot.capacity}
        disabled={disabled}
        aria-label={`${label}名额`}
        onChange={(e) => onChange({ ...slot, capacity: Number(e.target.value) })}
      />
    </>
  );
}

const nextSlot = (slots: TSlotTemplate[]): TSlotTemplate => {
  const last = slots[slots.length - 1];
  if (!last) return { start: '09:00', end: '10:00', capacity: 5 };
  const [h] = last.end.split(':').map(Number) as [number];
  const pad = (n: number) => String(Math.min(n, 23)).padStart(2, '0');
  return { start: last.end, end: `${pad(h + 1)}:${last.end.slice(3)}`, capacity: last.capacity };
};

/** The weekly template: each weekday open or closed, with its slots (start, end, capacity). */
export function WeeklyEditor({ weekly, onChange, disabled, name }: { weekly: TWeekly; onChange: (weekly: TWeekly) => void; disabled: boolean; name: string }) {
  const dayOf = (weekday: number) => weekly.find((d) => d.weekday === weekday);
  const setDay = (weekday: number, slots: TSlotTemplate[] | null) => {
    const rest = weekly.filter((d) => d.weekday !== weekday);
    onChange((slots ? [...rest, { weekday, slots }] : rest).sort((a, b) => a.weekday - b.weekday));
  };
  return (
    <div role="group" aria-label={`${name}每周时段`}>
      {[1, 2, 3, 4, 5, 6, 7].map((weekday) => {
        const day = dayOf(weekday);
        const label = `${name}${WEEKDAY_LABELS[weekday]}`;
        return (
          <div key={weekday} className={styles.dayRow}>
            <label className={styles.dayName}>
              <input
                type="checkbox"
                checked={!!day}
                disabled={disabled}
                aria-label={`${label}开放预约`}
                onChange={(e) => setDay(weekday, e.target.checked ? [nextSlot([])] : null)}
              />
              {WEEKDAY_LABELS[weekday]}
            </label>
            {day ? (
              <div className={styles.slots}>
                {day.slots.map((slot, i) => (
                  <div key={i} className={styles.row}>
                    <SlotFields
                      slot={slot}
                      disabled={disabled}
                      label={`${label}第${i + 1}个时段`}
                      onChange={(next) =>
                        setDay(
                          weekday,
                          day.slots.map((s, j) => (j === i ? next : s)),
                        )
                      }
                    />
                    <Button
                      variant="ghost"
                      size="sm"
                      icon
                      disabled={disabled}
                      aria-label={`删除${label}第${i + 1}个时段`}
                      onClick={() => setDay(weekday, day.slots.length > 1 ? day.slots.filter((_, j) => j !== i) : null)}
                    >
                      <Trash2 size={14} aria-hidden />
                    </Button>
                  </div>
                ))}
                <div>
                  <Button variant="ghost" size="sm" disabled={disabled} onClick={() => setDay(weekday, [...day.slots, nextSlot(day.slots)])}>
                    <Plus size={14} aria-hidden />
                    添加时段
                  </Button>
                </div>
              </div>
            ) : (
              <span className={styles.closedDay}>不开放</span>
            )}
          </div>
        );
      })}
    </div>
  );
}
