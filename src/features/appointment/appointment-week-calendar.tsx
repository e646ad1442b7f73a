import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { TManageBooking } from '../../../schemas/api/appointment';
import type { TBookingState } from '../../../schemas/appointment/booking-states';
import { slotsBetween, type TSchedule } from '../../../schemas/appointment/schedule';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { addDays, dayText, mondayOf, shanghaiToday, WEEKDAY_LABELS } from './appointment-format';
import styles from './appointment-styles';

const HOLDING: TBookingState[] = ['booked', 'checkedIn', 'noShow'];
export const slotKey = (resourceKey: string, date: string, start: string) => `${resourceKey}|${date}|${start}`;

/** A slot key as the list's heading names it: its day and start time. */
export function slotKeyText(key: string): string {
  const [, d, s] = key.split('|') as [string, string, string];
  return `${dayText(d)} ${s}`;
}

export interface TCellCount {
  people: number;
  waiting: number;
}

/** Places held and people waiting per slot key, over all bookings. */
export function countsBySlot(bookings: TManageBooking[]): Map<string, TCellCount> {
  const out = new Map<string, TCellCount>();
  for (const b of bookings) {
    const key = slotKey(b.resourceKey, b.date, b.start);
    const c = out.get(key) ?? { people: 0, waiting: 0 };
    if (HOLDING.includes(b.state)) c.people += b.partySize;
    if (b.state === 'waitlisted') c.waiting += 1;
    out.set(key, c);
  }
  return out;
}

/** The week's slots as a grid: rows are start times, columns the seven days; each cell's places taken and waiting. */
export function WeekCalendar({
  schedule,
  monday,
  resourceKey,
  counts,
  picked,
  onPick,
}: {
  schedule: TSchedule;
  monday: string;
  resourceKey: string;
  counts: Map<string, TCellCount>;
  picked: string | null;
  onPick: (date: string, start: string) => void;
}) {
  const slots = slotsBetween(schedule, monday, addDays(monday, 6)).filter((s) => s.resourceKey === resourceKey);
  const starts = [...new Set(slots.map((s) => s.start))].sort();
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const today = shanghaiToday();
  if (!slots.length) return <p className={styles.empty}>这一周没有开放的时段</p>;
  return (
    <div className={styles.calendarWrap}>
      <table className={styles.calendar} aria-label="本周各时段预约情况">
        <thead>
          <tr>
            <th className={styles.slotHead}>时段</th>
            {days.map((d, i) => (
              <th key={d} className={cx(d === today && styles.today)}>
                {WEEKDAY_LABELS[i + 1]}
                <br />
                {Number(d.slice(5, 7))}/{Number(d.slice(8, 10))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {starts.map((start) => (
            <tr key={start}>
              <th className={styles.slotHead} scope="row">
                {start}
              </th>
              {days.map((date) => {
                const slot = slots.find((s) => s.date === date && s.start === start);
                if (!slot) {
                  return (
                    <td key={date} className={styles.noSlot}>
                      —
                    </td>
                  );
                }
                const key = slotKey(resourceKey, date, start);
                const c = counts.get(key) ?? { people: 0, waiting: 0 };
                return (
                  <td key={date}>
                    <button
                      type="button"
                      className={cx(
                        styles.cell,
                        c.people >= slot.capacity ? styles.cellFull : c.people > 0 && styles.cellSome,
                        picked === key && styles.cellPicked,
                      )}
                      aria-pressed={picked === key}
                      aria-label={`${dayText(date)} ${slot.start}-${slot.end}，已约 ${c.people}/${slot.capacity}${c.waiting ? `，候补 ${c.waiting}` : ''}`}
                      data-testid="appointment-cell"
                      onClick={() => onPick(date, start)}
                    >
                      <strong>
                        {c.people}/{slot.capacity}
                      </strong>
                      <span>{c.waiting ? `候补 ${c.waiting}` : `${slot.start}-${slot.end}`}</span>
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

/** The calendar's week switcher: previous, the week's dates, next, and back to this week. */
export function WeekNav({ monday, onMonday }: { monday: string; onMonday: (monday: string) => void }) {
  return (
    <div className={styles.weekNav}>
      <Button variant="ghost" size="sm" icon aria-label="上一周" onClick={() => onMonday(addDays(monday, -7))}>
        <ChevronLeft size={16} aria-hidden />
      </Button>
      <span className={styles.weekLabel}>
        {dayText(monday).split(' ')[0]} – {dayText(addDays(monday, 6)).split(' ')[0]}
      </span>
      <Button variant="ghost" size="sm" icon aria-label="下一周" onClick={() => onMonday(addDays(monday, 7))}>
        <ChevronRight size={16} aria-hidden />
      </Button>
      <Button variant="ghost" size="sm" onClick={() => onMonday(mondayOf(shanghaiToday()))}>
        本周
      </Button>
    </div>
  );
}
