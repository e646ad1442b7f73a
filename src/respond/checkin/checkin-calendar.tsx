import { useState } from 'react';
import {
  addDays,
  dayLabel,
  dayStatus,
  makeUpRefusal,
  monthGrid,
  shanghaiDay,
  type TCheckInKind,
  type TCheckInRules,
  type TDayStatus,
} from '../../../schemas/checkin/days';

export const STATUS_LABEL: Record<TDayStatus, string> = {
  done: '已打卡',
  late: '迟到',
  makeup: '补卡',
  missed: '缺卡',
  open: '今天待打卡',
  pending: '今天待打卡',
  upcoming: '待打卡',
  off: '非打卡日',
};

const LEGEND: TDayStatus[] = ['done', 'late', 'makeup', 'missed', 'upcoming'];
const HEAD = ['一', '二', '三', '四', '五', '六', '日'];

const monthOf = (day: string) => day.slice(0, 7);
/** The month grid cut into weeks (rows of the grid, Monday first). */
const weeksOf = (days: (string | null)[]): (string | null)[][] => Array.from({ length: Math.ceil(days.length / 7) }, (_, w) => days.slice(w * 7, w * 7 + 7));
const shiftMonth = (month: string, by: number) => (by < 0 ? addDays(`${month}-01`, -1) : addDays(`${month}-28`, 7)).slice(0, 7);

export interface TCheckInCalendarProps {
  rules: TCheckInRules;
  /** The participant's check-ins by day. */
  made: Map<string, TCheckInKind>;
  now: Date;
  /** A missed day that may be made up was tapped. */
  onMakeUp?: (day: string) => void;
}

/**
 * The participant's month: each day done, late, made up, missed or to come (days off the period's weekdays are
 * plain). Missed days within the make-up reach are buttons that start a make-up.
 */
export function CheckInCalendar({ rules, made, now, onMakeUp }: TCheckInCalendarProps) {
  const today = shanghaiDay(now);
  const [month, setMonth] = useState(monthOf(today));
  const [year, mon] = month.split('-').map(Number);
  return (
    <section className="k-cal" aria-label="打卡日历">
      <div className="k-cal-head">
        <button type="button" className="k-cal-nav" aria-label="上个月" onClick={() => setMonth(shiftMonth(month, -1))}>
          ‹
        </button>
        <h2 className="k-cal-title">
          {year}年{mon}月
        </h2>
        <button type="button" className="k-cal-nav" aria-label="下个月" onClick={() => setMonth(shiftMonth(month, 1))}>
          ›
        </button>
      </div>
      <div className="k-cal-grid" role="grid" aria-label={`${year}年${mon}月`}>
        <div className="k-cal-row" role="row" aria-hidden>
          {HEAD.map((h) => (
            <span key={h} className="k-cal-wd">
              {h}
            </span>
          ))}
        </div>
        {weeksOf(monthGrid(month)).map((week, w) => (
          <div key={w} className="k-cal-row" role="row">
            {week.map((day, i) => {
              if (!day) return <span key={`b${i}`} aria-hidden />;
              const status = dayStatus(rules, day, made.get(day), now);
              const canMakeUp = status === 'missed' && onMakeUp !== undefined && makeUpRefusal(rules, day, now) === null;
              const label = `${dayLabel(day)} ${STATUS_LABEL[status]}${canMakeUp ? '，可补卡' : ''}`;
              const className = `k-day is-${status}${day === today ? ' is-today' : ''}`;
              const number = Number(day.slice(8));
              return canMakeUp ? (
                <span key={day} className="k-cal-cell" role="gridcell">
                  <button
                    type="button"
                    className={`${className} is-makeable`}
                    data-day={day}
                    data-status={status}
                    aria-label={label}
                    onClick={() => onMakeUp(day)}
                  >
                    {number}
                    <small>补</small>
                  </button>
                </span>
              ) : (
                <span key={day} className={className} data-day={day} data-status={status} aria-label={label} role="gridcell">
                  {number}
                </span>
              );
            })}
          </div>
        ))}
      </div>
      <ul className="k-legend" aria-label="图例">
        {LEGEND.map((s) => (
          <li key={s}>
            <i className={`k-dot is-${s}`} aria-hidden />
            {STATUS_LABEL[s]}
          </li>
        ))}
      </ul>
    </section>
  );
}
