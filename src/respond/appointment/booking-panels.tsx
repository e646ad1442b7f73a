import { useState } from 'react';
import type { TBookingPage } from '../../../schemas/api/appointment';
import { fullDate } from './appointment-format';
import { SlotPicker, type TSlotChoice } from './slot-picker';

// The two panels of the booking page (booking-page.tsx): cancel with a reason, and move to another slot.

/** A slot picked to move to: its date and start are known, the rest as the picker gave it. */
export type TChosenSlot = Partial<TSlotChoice> & Pick<TSlotChoice, 'date' | 'start'>;

interface TPanelProps {
  booking: TBookingPage;
  busy: boolean;
  error: string;
  onBack: () => void;
}

function PanelActions({ busy, onBack, children }: { busy: boolean; onBack: () => void; children: React.ReactNode }) {
  return (
    <div className="ap-actions">
      <button type="button" className="r-btn r-btn-ghost r-btn-lg" disabled={busy} onClick={onBack}>
        返回
      </button>
      {children}
    </div>
  );
}

const PanelError = ({ error }: { error: string }) =>
  error ? (
    <p className="ap-state is-error" role="alert">
      {error}
    </p>
  ) : null;

export function CancelPanel({ booking, busy, error, onBack, onCancel }: TPanelProps & { onCancel: (reason: string) => void }) {
  const [reason, setReason] = useState('');
  return (
    <section className="ap-panel" aria-labelledby="ap-cancel-title">
      <h2 id="ap-cancel-title">取消预约</h2>
      <p className="ap-note">
        取消 {fullDate(booking.date)} {booking.start}–{booking.end} 的{booking.state === 'waitlisted' ? '候补' : '预约'}后，名额将让给候补的人，不能撤销。
      </p>
      <label className="ap-field">
        <span>取消原因（选填）</span>
        <textarea className="r-input" maxLength={100} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="例如：时间冲突" />
      </label>
      <PanelError error={error} />
      <PanelActions busy={busy} onBack={onBack}>
        <button type="button" className="r-btn r-btn-primary r-btn-lg ap-danger-fill" disabled={busy} onClick={() => onCancel(reason.trim())}>
          {busy ? '正在取消…' : '确认取消'}
        </button>
      </PanelActions>
    </section>
  );
}

export function ReschedulePanel({ booking, busy, error, onBack, onMove }: TPanelProps & { onMove: (target: TChosenSlot) => void }) {
  const [choice, setChoice] = useState<Partial<TSlotChoice>>({ partySize: booking.partySize, resourceKey: booking.resourceKey });
  const target = choice.date && choice.start ? { ...choice, date: choice.date, start: choice.start } : null;
  return (
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
      <PanelError error={error} />
      <PanelActions busy={busy} onBack={onBack}>
        <button type="button" className="r-btn r-btn-primary r-btn-lg" disabled={busy || !target} onClick={() => target && onMove(target)}>
          {busy ? '正在改约…' : target ? `确认改约到 ${target.start}` : '请选择新时段'}
        </button>
      </PanelActions>
    </section>
  );
}
