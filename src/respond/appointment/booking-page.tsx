import { useCallback, useEffect, useState } from 'react';
import type { TBookingPage } from '../../../schemas/api/appointment';
import { RespondError } from '../api';
import { deviceId } from '../draft';
import { MyNotices } from '../my-notices';
import { cancelBooking, getBooking, rescheduleBooking } from './appointment-api';
import { fullDate } from './appointment-format';
import { BookingCard } from './booking-card';
import { CancelPanel, ReschedulePanel } from './booking-panels';

type TLoad = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; booking: TBookingPage };
type TPanel = 'none' | 'cancel' | 'reschedule';

const messageOf = (error: unknown) => (error instanceof RespondError ? error.message : '操作失败，请重试');

/**
 * /appointment/booking/{token}: the booking the private link opens, with cancel (a reason) and reschedule (another
 * slot under the same rules; a move never waits). The state is read again when the page regains focus, so a
 * waiting booking shows its promotion.
 */
export function BookingPage({ token }: { token: string }) {
  const [load, setLoad] = useState<TLoad>({ kind: 'loading' });
  const [panel, setPanel] = useState<TPanel>('none');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  const refresh = useCallback(() => {
    getBooking(token).then(
      (booking) => setLoad({ kind: 'ready', booking }),
      (e: unknown) => setLoad((old) => (old.kind === 'ready' ? old : { kind: 'error', message: messageOf(e) })),
    );
  }, [token]);
  useEffect(() => {
    refresh();
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [refresh]);
  useEffect(() => {
    if (load.kind === 'ready') document.title = `我的预约 - ${load.booking.title || '预约'}`;
  }, [load]);

  if (load.kind === 'loading')
    return (
      <main className="r-card ap-page">
        <p className="ap-state">正在读取预约…</p>
      </main>
    );
  if (load.kind === 'error')
    return (
      <main className="r-card ap-page r-notice">
        <div className="r-notice-icon" aria-hidden>
          !
        </div>
        <h1 className="ap-title">无法打开预约</h1>
        <p className="r-notice-text">{load.message}</p>
      </main>
    );

  const { booking } = load;
  const canCancel = booking.state === 'booked' || booking.state === 'waitlisted';
  const canMove = booking.state === 'booked';
  const open = (next: TPanel) => {
    setPanel(next);
    setError('');
    setDone('');
  };

  const run = async (action: () => Promise<{ booking: unknown }>, message: string) => {
    setBusy(true);
    setError('');
    try {
      await action();
      setPanel('none');
      setDone(message);
      setLoad({ kind: 'ready', booking: await getBooking(token) });
    } catch (e) {
      setError(messageOf(e));
      refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="r-card ap-page">
      <header className="ap-page-head">
        <p className="ap-kicker">我的预约</p>
        <h1 className="ap-title">{booking.title || '预约'}</h1>
      </header>
      {done ? (
        <p className="ap-done" role="status">
          {done}
        </p>
      ) : null}
      <BookingCard booking={booking} title={booking.title} token={token} showLink={false} />
      <MyNotices questionId={booking.questionId} deviceId={deviceId()} bookingToken={token} label="预约开始前短信提醒我（需预约时留了手机号）" />
      {panel === 'none' && (canCancel || canMove) ? (
        <div className="ap-actions">
          {canMove ? (
            <button type="button" className="r-btn r-btn-soft r-btn-lg" onClick={() => open('reschedule')}>
              改约
            </button>
          ) : null}
          <button type="button" className="r-btn r-btn-ghost r-btn-lg ap-danger" onClick={() => open('cancel')}>
            {booking.state === 'waitlisted' ? '取消候补' : '取消预约'}
          </button>
        </div>
      ) : null}
      {!canCancel ? <p className="ap-state">该预约{booking.state === 'cancelled' ? '已取消' : '已结束'}，不能再改约或取消。</p> : null}
      {panel === 'cancel' ? (
        <CancelPanel
          booking={booking}
          busy={busy}
          error={error}
          onBack={() => setPanel('none')}
          onCancel={(reason) => void run(() => cancelBooking(token, reason), '已取消预约')}
        />
      ) : null}
      {panel === 'reschedule' ? (
        <ReschedulePanel
          booking={booking}
          busy={busy}
          error={error}
          onBack={() => setPanel('none')}
          onMove={(target) =>
            void run(
              () => rescheduleBooking({ token, resourceKey: target.resourceKey ?? '', date: target.date, start: target.start }),
              `已改约到 ${fullDate(target.date)} ${target.start}–${target.end}`,
            )
          }
        />
      ) : null}
    </main>
  );
}
