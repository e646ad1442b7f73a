import { useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { TManageBooking } from '../../../schemas/api/appointment';
import { BOOKING_STATE_NAMES, BOOKING_STATES, type TBookingState } from '../../../schemas/appointment/booking-states';
import { slotsBetween, type TSchedule } from '../../../schemas/appointment/schedule';
import { appointmentKeys, checkInBooking, markBookingNoShow } from '../../api/appointment';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { toast } from '../../ui/toast';
import { shanghaiTime } from '../../ui/shanghai-time';
import { addDays, dayText, mondayOf, shanghaiToday, WEEKDAY_LABELS } from './appointment-format';
import styles from './appointment-styles';
import { CancelDialog, MoveDialog } from './booking-dialogs';

const HOLDING: TBookingState[] = ['booked', 'checkedIn', 'noShow'];
const slotKey = (resourceKey: string, date: string, start: string) => `${resourceKey}|${date}|${start}`;

interface TCellCount {
  people: number;
  waiting: number;
}

function countsBySlot(bookings: TManageBooking[]): Map<string, TCellCount> {
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
function WeekCalendar({
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

/**
 * 预约记录: a week calendar of the slots with the places taken and the waiting count, and the list of bookings
 * (filter by date, state, or a slot picked in the calendar: its waitlist in order). Editors check people in
 * (到店签到), mark no-shows (爽约), move (改约) or cancel with a reason; viewers only read.
 */
export function AppointmentBookings({
  questionId,
  schedule,
  bookings,
  canEdit,
}: {
  questionId: string;
  schedule: TSchedule;
  bookings: TManageBooking[];
  canEdit: boolean;
}) {
  const client = useQueryClient();
  const today = shanghaiToday();
  const [monday, setMonday] = useState(() => mondayOf(today < schedule.startDate || today > schedule.endDate ? schedule.startDate : today));
  const [resourceKey, setResourceKey] = useState(schedule.resources[0]?.key ?? '');
  const [picked, setPicked] = useState<string | null>(null);
  const [date, setDate] = useState('');
  const [state, setState] = useState<TBookingState | ''>('');
  const [busy, setBusy] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<TManageBooking | null>(null);
  const [moving, setMoving] = useState<TManageBooking | null>(null);
  const counts = useMemo(() => countsBySlot(bookings), [bookings]);
  const names = new Map(schedule.resources.map((r) => [r.key, r.name]));

  const shown = bookings.filter(
    (b) => (!picked || slotKey(b.resourceKey, b.date, b.start) === picked) && (!date || b.date === date) && (!state || b.state === state),
  );
  const refresh = () => client.invalidateQueries({ queryKey: appointmentKeys.all(questionId) });
  const mark = (b: TManageBooking, action: 'checkIn' | 'noShow') => {
    setBusy(b.bookingId);
    (action === 'checkIn' ? checkInBooking(questionId, b.bookingId) : markBookingNoShow(questionId, b.bookingId))
      .then(() => {
        toast.success(action === 'checkIn' ? `${b.name || '预约人'} 已签到` : `已将 ${b.name || '预约人'} 标记为爽约`);
        return refresh();
      })
      .catch(() => {})
      .finally(() => setBusy(null));
  };
  const pickedText = picked
    ? (() => {
        const [, d, s] = picked.split('|') as [string, string, string];
        return `${dayText(d)} ${s}`;
      })()
    : '';

  return (
    <div className={styles.stack}>
      <section className={styles.card} aria-label="预约日历">
        <div className={styles.cardHead}>
          <h2 className={styles.cardTitle}>预约日历</h2>
          <div className={styles.row}>
            {schedule.resources.length ? (
              <select
                className={styles.select}
                value={resourceKey}
                aria-label="资源"
                onChange={(e) => {
                  setResourceKey(e.target.value);
                  setPicked(null);
                }}
              >
                {schedule.resources.map((r) => (
                  <option key={r.key} value={r.key}>
                    {r.name}
                  </option>
                ))}
              </select>
            ) : null}
            <div className={styles.weekNav}>
              <Button variant="ghost" size="sm" icon aria-label="上一周" onClick={() => setMonday(addDays(monday, -7))}>
                <ChevronLeft size={16} aria-hidden />
              </Button>
              <span className={styles.weekLabel}>
                {dayText(monday).split(' ')[0]} – {dayText(addDays(monday, 6)).split(' ')[0]}
              </span>
              <Button variant="ghost" size="sm" icon aria-label="下一周" onClick={() => setMonday(addDays(monday, 7))}>
                <ChevronRight size={16} aria-hidden />
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setMonday(mondayOf(today))}>
                本周
              </Button>
            </div>
          </div>
        </div>
        <WeekCalendar
          schedule={schedule}
          monday={monday}
          resourceKey={resourceKey}
          counts={counts}
          picked={picked}
          onPick={(d, s) => {
            const key = slotKey(resourceKey, d, s);
            setPicked(picked === key ? null : key);
            setDate('');
          }}
        />
        <p className={styles.hint}>格子里是已约人数/名额；点击一个时段，下方只看该时段的预约和候补顺序。</p>
      </section>

      <section className={styles.card} aria-label="预约列表">
        <div className={styles.cardHead}>
          <h2 className={styles.cardTitle}>
            预约列表{pickedText ? `：${pickedText}` : ''}（{shown.length}）
          </h2>
          <div className={styles.filters}>
            <input
              className={styles.input}
              type="date"
              value={date}
              aria-label="按日期筛选"
              onChange={(e) => {
                setDate(e.target.value);
                setPicked(null);
              }}
            />
            <select className={styles.select} value={state} aria-label="按状态筛选" onChange={(e) => setState(e.target.value as TBookingState | '')}>
              <option value="">全部状态</option>
              {BOOKING_STATES.map((s) => (
                <option key={s} value={s}>
                  {BOOKING_STATE_NAMES[s]}
                </option>
              ))}
            </select>
            {picked || date || state ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setPicked(null);
                  setDate('');
                  setState('');
                }}
              >
                清除筛选
              </Button>
            ) : null}
          </div>
        </div>
        {shown.length ? (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th>预约时段</th>
                  {schedule.resources.length ? <th>资源</th> : null}
                  <th>姓名</th>
                  <th>手机号</th>
                  <th>人数</th>
                  <th>状态</th>
                  <th>预约时间</th>
                  {canEdit ? <th>操作</th> : null}
                </tr>
              </thead>
              <tbody>
                {shown.map((b) => (
                  <tr key={b.bookingId} data-testid="appointment-booking">
                    <td className={styles.nowrap}>
                      {dayText(b.date)} {b.start}-{b.end}
                    </td>
                    {schedule.resources.length ? <td>{names.get(b.resourceKey) ?? b.resourceKey}</td> : null}
                    <td>{b.name || <span className={styles.muted}>未填写</span>}</td>
                    <td className={styles.nowrap}>{b.phone || <span className={styles.muted}>未填写</span>}</td>
                    <td>{b.partySize}</td>
                    <td>
                      <span className={cx(styles.state, styles[b.state])}>
                        {BOOKING_STATE_NAMES[b.state]}
                        {b.state === 'waitlisted' ? ` · 第 ${b.waitPosition} 位` : ''}
                      </span>
                      {b.promoted && b.state === 'booked' ? <div className={styles.muted}>由候补补上</div> : null}
                      {b.state === 'cancelled' && b.reason ? <div className={styles.muted}>原因：{b.reason}</div> : null}
                    </td>
                    <td className={cx(styles.nowrap, styles.muted)}>{shanghaiTime(b.createTime)}</td>
                    {canEdit ? (
                      <td>
                        <div className={styles.actions}>
                          {b.state === 'booked' ? (
                            <>
                              <Button size="sm" variant="primary" disabled={busy === b.bookingId} onClick={() => mark(b, 'checkIn')}>
                                到店签到
                              </Button>
                              <Button size="sm" disabled={busy === b.bookingId} onClick={() => mark(b, 'noShow')}>
                                爽约
                              </Button>
                              <Button size="sm" variant="ghost" onClick={() => setMoving(b)}>
                                改约
                              </Button>
                            </>
                          ) : null}
                          {b.state === 'booked' || b.state === 'waitlisted' ? (
                            <Button size="sm" variant="ghost" onClick={() => setCancelling(b)}>
                              取消
                            </Button>
                          ) : null}
                          {b.state !== 'booked' && b.state !== 'waitlisted' ? <span className={styles.muted}>—</span> : null}
                        </div>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className={styles.empty}>{bookings.length ? '没有符合筛选条件的预约' : '还没有人预约。发布项目并分享链接后，预约会出现在这里。'}</p>
        )}
      </section>
      {cancelling ? (
        <CancelDialog
          questionId={questionId}
          booking={cancelling}
          onClose={() => setCancelling(null)}
          onDone={() => {
            setCancelling(null);
            void refresh();
          }}
        />
      ) : null}
      {moving ? (
        <MoveDialog
          questionId={questionId}
          booking={moving}
          onClose={() => setMoving(null)}
          onDone={() => {
            setMoving(null);
            void refresh();
          }}
        />
      ) : null}
    </div>
  );
}
