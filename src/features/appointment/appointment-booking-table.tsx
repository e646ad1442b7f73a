import { useState } from 'react';
import type { TManageBooking } from '../../../schemas/api/appointment';
import { BOOKING_STATE_NAMES, type TBookingState } from '../../../schemas/appointment/booking-states';
import type { TSchedule } from '../../../schemas/appointment/schedule';
import { checkInBooking, markBookingNoShow } from '../../api/appointment';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { toast } from '../../ui/toast';
import { shanghaiTime } from '../../ui/shanghai-time';
import { StatusPill, type TPillTone } from '../../ui/status-pill';
import { dayText } from './appointment-format';
import styles from './appointment-styles';

/**
 * 预约记录's table of bookings. Editors check a booked person in (到店签到) or mark a no-show (爽约) here, and open
 * 改约 or 取消 through onMove/onCancel; onChanged reads the bookings again after a mark.
 */
const BOOKING_TONE: Record<TBookingState, TPillTone> = {
  booked: 'primary',
  waitlisted: 'violet',
  cancelled: 'muted',
  checkedIn: 'success',
  noShow: 'warning',
};

export function BookingTable({
  questionId,
  bookings,
  resources,
  canEdit,
  onMove,
  onCancel,
  onChanged,
}: {
  questionId: string;
  bookings: TManageBooking[];
  resources: TSchedule['resources'];
  canEdit: boolean;
  onMove: (booking: TManageBooking) => void;
  onCancel: (booking: TManageBooking) => void;
  onChanged: () => Promise<unknown>;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const names = new Map(resources.map((r) => [r.key, r.name]));
  const mark = (b: TManageBooking, action: 'checkIn' | 'noShow') => {
    setBusy(b.bookingId);
    (action === 'checkIn' ? checkInBooking(questionId, b.bookingId) : markBookingNoShow(questionId, b.bookingId))
      .then(() => {
        toast.success(action === 'checkIn' ? `${b.name || '预约人'} 已签到` : `已将 ${b.name || '预约人'} 标记为爽约`);
        return onChanged();
      })
      .catch(() => {})
      .finally(() => setBusy(null));
  };

  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th>预约时段</th>
            {resources.length ? <th>资源</th> : null}
            <th>姓名</th>
            <th>手机号</th>
            <th>人数</th>
            <th>状态</th>
            <th>预约时间</th>
            {canEdit ? <th>操作</th> : null}
          </tr>
        </thead>
        <tbody>
          {bookings.map((b) => (
            <tr key={b.bookingId} data-testid="appointment-booking">
              <td className={styles.nowrap}>
                {dayText(b.date)} {b.start}-{b.end}
              </td>
              {resources.length ? <td>{names.get(b.resourceKey) ?? b.resourceKey}</td> : null}
              <td>{b.name || <span className={styles.muted}>未填写</span>}</td>
              <td className={styles.nowrap}>{b.phone || <span className={styles.muted}>未填写</span>}</td>
              <td>{b.partySize}</td>
              <td>
                <StatusPill tone={BOOKING_TONE[b.state]}>
                  {BOOKING_STATE_NAMES[b.state]}
                  {b.state === 'waitlisted' ? ` · 第 ${b.waitPosition} 位` : ''}
                </StatusPill>
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
                        <Button size="sm" variant="ghost" onClick={() => onMove(b)}>
                          改约
                        </Button>
                      </>
                    ) : null}
                    {b.state === 'booked' || b.state === 'waitlisted' ? (
                      <Button size="sm" variant="ghost" onClick={() => onCancel(b)}>
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
  );
}
