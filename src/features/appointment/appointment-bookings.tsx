import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { TManageBooking } from '../../../schemas/api/appointment';
import { BOOKING_STATE_NAMES, BOOKING_STATES, type TBookingState } from '../../../schemas/appointment/booking-states';
import type { TSchedule } from '../../../schemas/appointment/schedule';
import { appointmentKeys } from '../../api/appointment';
import { Button } from '../../ui/button';
import { BookingTable } from './appointment-booking-table';
import { mondayOf, shanghaiToday } from './appointment-format';
import styles from './appointment-styles';
import { countsBySlot, slotKey, slotKeyText, WeekCalendar, WeekNav } from './appointment-week-calendar';
import { CancelDialog, MoveDialog } from './booking-dialogs';

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
  const [cancelling, setCancelling] = useState<TManageBooking | null>(null);
  const [moving, setMoving] = useState<TManageBooking | null>(null);
  const counts = useMemo(() => countsBySlot(bookings), [bookings]);

  const shown = bookings.filter(
    (b) => (!picked || slotKey(b.resourceKey, b.date, b.start) === picked) && (!date || b.date === date) && (!state || b.state === state),
  );
  const refresh = () => client.invalidateQueries({ queryKey: appointmentKeys.all(questionId) });
  const pickedText = picked ? slotKeyText(picked) : '';

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
            <WeekNav monday={monday} onMonday={setMonday} />
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
          <BookingTable
            questionId={questionId}
            bookings={shown}
            resources={schedule.resources}
            canEdit={canEdit}
            onMove={setMoving}
            onCancel={setCancelling}
            onChanged={refresh}
          />
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
