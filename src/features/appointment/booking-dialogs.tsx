import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TManageBooking } from '../../../schemas/api/appointment';
import { appointmentTimesQuery, cancelBookingByCreator, moveBookingByCreator } from '../../api/appointment';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { Dialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';
import { dayText } from './appointment-format';
import styles from './appointment-styles';

const who = (b: TManageBooking) => `${b.name || '未填姓名'}（${dayText(b.date)} ${b.start}-${b.end}）`;

/** 取消预约 with a reason the booker is shown; the slot's waiting bookings move up. */
export function CancelDialog({
  questionId,
  booking,
  onClose,
  onDone,
}: {
  questionId: string;
  booking: TManageBooking;
  onClose: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = () => {
    setBusy(true);
    cancelBookingByCreator(questionId, booking.bookingId, reason.trim())
      .then((r) => {
        toast.success(r.promoted.length ? `已取消预约，候补的 ${r.promoted.length} 位已自动补上` : '已取消预约');
        onDone();
      })
      .catch(() => {})
      .finally(() => setBusy(false));
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="取消预约"
      description={`取消 ${who(booking)} 的预约。名额会释放，候补中的预约按顺序自动补上。`}
      width={460}
      footer={
        <>
          <Button onClick={onClose}>返回</Button>
          <Button variant="danger" disabled={busy || !reason.trim()} onClick={submit}>
            {busy ? '正在取消…' : '确认取消'}
          </Button>
        </>
      }
    >
      <label className={styles.field}>
        取消原因
        <input
          className={cx(styles.input, styles.wide)}
          value={reason}
          maxLength={100}
          placeholder="如：医生临时停诊"
          autoFocus
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
    </Dialog>
  );
}

/** 改约: pick another date and one of its slots with room (getTimes); the move takes the place in one step. */
export function MoveDialog({ questionId, booking, onClose, onDone }: { questionId: string; booking: TManageBooking; onClose: () => void; onDone: () => void }) {
  const [date, setDate] = useState(booking.date);
  const [picked, setPicked] = useState<{ resourceKey: string; start: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const times = useQuery(appointmentTimesQuery(questionId, date));
  const slots = (times.data?.list ?? []).filter((s) => !booking.resourceKey || s.resourceKey === booking.resourceKey);
  const same = (s: { resourceKey: string; start: string }) => date === booking.date && s.start === booking.start && s.resourceKey === booking.resourceKey;
  const submit = () => {
    if (!picked) return;
    setBusy(true);
    moveBookingByCreator({ questionId, bookingId: booking.bookingId, date, ...picked })
      .then(() => {
        toast.success(`已改到 ${dayText(date)} ${picked.start}`);
        onDone();
      })
      .catch(() => {})
      .finally(() => setBusy(false));
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="改约到其他时段"
      description={`为 ${who(booking)} 选择新的时段（${booking.partySize} 人）。`}
      width={560}
      footer={
        <>
          <Button onClick={onClose}>返回</Button>
          <Button variant="primary" disabled={busy || !picked} onClick={submit}>
            {busy ? '正在改约…' : '确认改约'}
          </Button>
        </>
      }
    >
      <div className={styles.stack}>
        <label className={styles.field}>
          日期
          <input
            className={styles.input}
            type="date"
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              setPicked(null);
            }}
          />
        </label>
        {times.isPending ? (
          <p className={styles.hint}>正在读取时段…</p>
        ) : times.isError ? (
          <p className={styles.error}>{times.error.message}</p>
        ) : slots.length ? (
          <div className={styles.slotPick} role="radiogroup" aria-label="可选时段">
            {slots.map((s) => {
              const fits = s.bookable && s.remaining >= booking.partySize && !same(s);
              const on = picked?.start === s.start && picked.resourceKey === s.resourceKey;
              return (
                <button
                  key={`${s.resourceKey}|${s.start}`}
                  type="button"
                  role="radio"
                  aria-checked={on}
                  className={cx(styles.slotOption, on && styles.slotOptionOn)}
                  disabled={!fits}
                  onClick={() => setPicked({ resourceKey: s.resourceKey, start: s.start })}
                >
                  <strong>
                    {s.start}-{s.end}
                  </strong>
                  <span>{same(s) ? '当前时段' : !s.bookable ? s.reason : s.remaining >= booking.partySize ? `剩余 ${s.remaining} 个名额` : '名额不足'}</span>
                </button>
              );
            })}
          </div>
        ) : (
          <p className={styles.hint}>这一天没有开放的时段</p>
        )}
      </div>
    </Dialog>
  );
}
