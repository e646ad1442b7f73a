import { Plus, Trash2 } from 'lucide-react';
import type { TException, TSchedule } from '../../../schemas/appointment/schedule';
import { Button } from '../../ui/button';
import styles from './appointment-styles';
import { SlotFields } from './weekly-editor';

const EXCEPTION_KINDS: { kind: TException['kind']; label: string }[] = [
  { kind: 'closed', label: '当天不开放' },
  { kind: 'capacity', label: '调整某时段名额' },
  { kind: 'extra', label: '增加时段' },
];

function newException(kind: TException['kind'], date: string, resourceKey: string | undefined): TException {
  if (kind === 'closed') return { kind, date, resourceKey };
  if (kind === 'capacity') return { kind, date, start: '09:00', capacity: 1, resourceKey };
  return { kind, date, slot: { start: '18:00', end: '19:00', capacity: 5 }, resourceKey };
}

type TCardProps = { draft: TSchedule; disabled: boolean; set: (patch: Partial<TSchedule>) => void };

/** 预约设置's 例外日期 card: days closed, a slot's capacity changed, or an extra slot, each for all resources or one. */
export function AppointmentExceptionsCard({ draft, disabled, set }: TCardProps) {
  const setException = (i: number, next: TException | null) =>
    set({ exceptions: next ? draft.exceptions.map((e, j) => (j === i ? next : e)) : draft.exceptions.filter((_, j) => j !== i) });
  return (
    <section className={styles.card} aria-label="例外日期">
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>例外日期</h2>
        <span className={styles.hint}>节假日不开放、某天加开时段或调整名额</span>
      </div>
      {draft.exceptions.length ? (
        draft.exceptions.map((e, i) => (
          <ExceptionRow key={i} index={i} exception={e} resources={draft.resources} disabled={disabled} onChange={(next) => setException(i, next)} />
        ))
      ) : (
        <p className={styles.hint}>没有例外日期，每周按上面的时段开放。</p>
      )}
      <div>
        <Button
          variant="ghost"
          size="sm"
          disabled={disabled}
          onClick={() => set({ exceptions: [...draft.exceptions, newException('closed', draft.startDate, undefined)] })}
        >
          <Plus size={14} aria-hidden />
          添加例外日期
        </Button>
      </div>
    </section>
  );
}

/** One exception: its date and kind, the fields its kind needs, the resource it applies to; null removes it. */
function ExceptionRow({
  index: i,
  exception: e,
  resources,
  disabled,
  onChange,
}: {
  index: number;
  exception: TException;
  resources: TSchedule['resources'];
  disabled: boolean;
  onChange: (next: TException | null) => void;
}) {
  return (
    <div className={styles.row} data-testid="appointment-exception">
      <input
        className={styles.input}
        type="date"
        value={e.date}
        disabled={disabled}
        aria-label={`例外${i + 1}日期`}
        onChange={(ev) => onChange({ ...e, date: ev.target.value })}
      />
      <select
        className={styles.select}
        value={e.kind}
        disabled={disabled}
        aria-label={`例外${i + 1}类型`}
        onChange={(ev) => onChange(newException(ev.target.value as TException['kind'], e.date, e.resourceKey))}
      >
        {EXCEPTION_KINDS.map((k) => (
          <option key={k.kind} value={k.kind}>
            {k.label}
          </option>
        ))}
      </select>
      {e.kind === 'capacity' ? (
        <>
          <span className={styles.muted}>时段开始</span>
          <input
            className={`${styles.input} ${styles.time}`}
            type="time"
            value={e.start}
            disabled={disabled}
            aria-label={`例外${i + 1}时段开始`}
            onChange={(ev) => onChange({ ...e, start: ev.target.value })}
          />
          <span className={styles.muted}>名额改为</span>
          <input
            className={`${styles.input} ${styles.num}`}
            type="number"
            min={1}
            value={e.capacity}
            disabled={disabled}
            aria-label={`例外${i + 1}名额`}
            onChange={(ev) => onChange({ ...e, capacity: Number(ev.target.value) })}
          />
        </>
      ) : null}
      {e.kind === 'extra' ? <SlotFields slot={e.slot} disabled={disabled} label={`例外${i + 1}`} onChange={(slot) => onChange({ ...e, slot })} /> : null}
      {resources.length ? (
        <select
          className={styles.select}
          value={e.resourceKey ?? ''}
          disabled={disabled}
          aria-label={`例外${i + 1}适用资源`}
          onChange={(ev) => onChange({ ...e, resourceKey: ev.target.value || undefined })}
        >
          <option value="">全部资源</option>
          {resources.map((r) => (
            <option key={r.key} value={r.key}>
              {r.name || r.key}
            </option>
          ))}
        </select>
      ) : null}
      <Button variant="ghost" size="sm" icon disabled={disabled} aria-label={`删除例外${i + 1}`} onClick={() => onChange(null)}>
        <Trash2 size={14} aria-hidden />
      </Button>
    </div>
  );
}
