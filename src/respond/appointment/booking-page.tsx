import { useCallback, useEffect, useState } from 'react';
import type { TBookingPage } from '../../../schemas/api/appointment';
import { RespondError } from '../api';
import { cancelBooking, getBooking, rescheduleBooking } from './appointment-api';
import { fullDate } from './appointment-format';
import { BookingCard } from './booking-card';
import { SlotPicker, type TSlotChoice } from './slot-picker';

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
  const [reason, setReason] = useState('');
  const [choice, setChoice] = useState<Partial<TSlotChoice>>({});
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
    setChoice({ partySize: booking.partySize, resourceKey: booking.resourceKey });
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
  const target = choice.date && choice.start ? choice : null;

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
        <section className="ap-panel" aria-labelledby="ap-cancel-title">
          <h2 id="ap-cancel-title">取消预约</h2>
          <p className="ap-note">
            取消 {fullDate(booking.date)} {booking.start}–{booking.end} 的{booking.state === 'waitlisted' ? '候补' : '预约'}后，名额将让给候补的人，不能撤销。
          </p>
          <label className="ap-field">
            <span>取消原因（选填）</span>
            <textarea className="r-input" maxLength={100} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="例如：时间冲突" />
          </label>
          {error ? (
            <p className="ap-state is-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="ap-actions">
            <button type="button" className="r-btn r-btn-ghost r-btn-lg" disabled={busy} onClick={() => setPanel('none')}>
              返回
            </button>
            <button
              type="button"
              className="r-btn r-btn-primary r-btn-lg ap-danger-fill"
              disabled={busy}
              onClick={() => void run(() => cancelBooking(token, reason.trim()), '已取消预约')}
            >
              {busy ? '正在取消…' : '确认取消'}
            </button>
          </div>
        </section>
      ) : null}
      {panel === 'reschedule' ? (
        <section className="ap-panel" aria-labelledby="ap-move-title">
          <h2 id="ap-move-title">改约到其他时段</h2>
          <p className="ap-note">请选择新的日期和时段（{booking.partySize}人）；已约满的时段不能改约。</p>
          <SlotPicker
            questionId={booking.questionId}
            value={choice}
            onChange={setChoice}
            mode="reschedule"
            current={{ resourceKey: booking.resourceKey, date: booking.date, start: booking.start }}
          />
          {error ? (
            <p className="ap-state is-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="ap-actions">
            <button type="button" className="r-btn r-btn-ghost r-btn-lg" disabled={busy} onClick={() => setPanel('none')}>
              返回
            </button>
            <button
              type="button"
              className="r-btn r-btn-primary r-btn-lg"
              disabled={busy || !target}
              onClick={() =>
                target &&
                void run(
                  () => rescheduleBooking({ token, resourceKey: target.resourceKey ?? '', date: target.date!, start: target.start! }),
                  `已改约到 ${fullDate(target.date!)} ${target.start}–${target.end}`,
                )
              }
            >
              {busy ? '正在改约…' : target ? `确认改约到 ${target.start}` : '请选择新时段'}
            </button>
          </div>
        </section>
      ) : null}
    </main>
  );
}
