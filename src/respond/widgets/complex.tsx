import { useState } from 'react';
import type { TSubjectOf } from '../../../schemas/subjects/registry';
import { slotKey } from '../../../schemas/subjects/types/appointment';
import { scheduledAppointmentChunk } from '../kind-chunks';
import { Hint, asRecord, asString, cx, own, useRespondContext, type TWidgetProps } from './shared';

/** Tap options in order of preference; ranked ones can be moved or taken out again. */
export function Ranking({ subject: s, value, onChange, hidden, describedBy }: TWidgetProps<TSubjectOf<9>>) {
  const order =
    value && typeof value === 'object' && Array.isArray((value as { optionIds?: unknown }).optionIds) ? (value as { optionIds: string[] }).optionIds : [];
  const shown = s.options.filter((o) => !o.hidden && !hidden.has(o.uuid));
  const byId = new Map(shown.map((o) => [o.uuid, o]));
  const ranked = order.filter((id) => byId.has(id));
  const rest = shown.filter((o) => !ranked.includes(o.uuid));
  const set = (ids: string[]) => onChange({ optionIds: ids });
  const move = (k: number, by: number) => {
    const next = [...ranked];
    const [id] = next.splice(k, 1);
    next.splice(k + by, 0, id!);
    set(next);
  };
  return (
    <div className="r-rank" aria-describedby={describedBy}>
      <Hint>{s.rankAll ? '请按顺序依次点击全部选项' : s.minRank ? `请至少排出前${s.minRank}项` : '请按顺序点击选项排序'}</Hint>
      <ol className="r-rank-list">
        {ranked.map((id, k) => (
          <li key={id} className="r-rank-item is-on">
            <span className="r-rank-no" aria-hidden>
              {k + 1}
            </span>
            <span className="r-opt-text">{byId.get(id)!.title}</span>
            <span className="r-rank-tools">
              <button type="button" className="r-icon-btn" disabled={k === 0} aria-label={`上移“${byId.get(id)!.title}”`} onClick={() => move(k, -1)}>
                ↑
              </button>
              <button
                type="button"
                className="r-icon-btn"
                disabled={k === ranked.length - 1}
                aria-label={`下移“${byId.get(id)!.title}”`}
                onClick={() => move(k, 1)}
              >
                ↓
              </button>
              <button
                type="button"
                className="r-icon-btn"
                aria-label={`取消“${byId.get(id)!.title}”的排序`}
                onClick={() => set(ranked.filter((x) => x !== id))}
              >
                ×
              </button>
            </span>
          </li>
        ))}
      </ol>
      {rest.length ? (
        <div className="r-opts">
          {rest.map((o) => (
            <button key={o.uuid} type="button" className="r-opt r-rank-add" onClick={() => set([...ranked, o.uuid])}>
              <span className="r-rank-no is-empty" aria-hidden>
                +
              </span>
              <span className="r-opt-text">{o.title}</span>
              <span className="r-sr">，排为第{ranked.length + 1}位</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

interface TNode {
  id: string;
  label: string;
  children?: TNode[];
}

export function Cascade({ subject: s, value, onChange, base, describedBy, invalid }: TWidgetProps<TSubjectOf<17>>) {
  const picked = Array.isArray(value) ? (value as string[]) : [];
  const levels: { nodes: TNode[]; id: string }[] = [];
  let nodes: TNode[] | undefined = s.nodes;
  for (let k = 0; k < s.levels.length && nodes?.length; k++) {
    const id = picked[k]?.slice(0, picked[k]!.indexOf('_')) ?? '';
    levels.push({ nodes, id });
    nodes = nodes.find((n) => n.id === id)?.children;
  }
  return (
    <div className="r-region">
      {levels.map((level, k) => (
        <label key={k} className="r-blank" htmlFor={`${base}-l${k}`}>
          <span className="r-blank-label">{s.levels[k] || `第${k + 1}级`}</span>
          <span className="r-select">
            <select
              id={`${base}-l${k}`}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              value={level.id}
              onChange={(e) => {
                const node = level.nodes.find((n) => n.id === e.target.value);
                onChange([...picked.slice(0, k), ...(node ? [`${node.id}_${node.label}`] : [])]);
              }}
            >
              <option value="">请选择</option>
              {level.nodes.map((n) => (
                <option key={n.id} value={n.id}>
                  {n.label}
                </option>
              ))}
            </select>
          </span>
        </label>
      ))}
    </div>
  );
}

export function ConstantSum({ subject: s, value, onChange, base, describedBy, invalid }: TWidgetProps<TSubjectOf<20>>) {
  const a = asRecord<string | number>(value);
  const sum = Object.values(a).reduce<number>((t, v) => t + (Number(v) || 0), 0);
  const left = s.total - sum;
  return (
    <div className="r-sum">
      {s.items.map((item, i) => (
        <label key={item.uuid} className="r-sum-row" htmlFor={`${base}-i${i}`}>
          <span className="r-sum-title">{item.title}</span>
          <input
            id={`${base}-i${i}`}
            className="r-input r-sum-input"
            inputMode="numeric"
            placeholder="0"
            maxLength={8}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            value={asString(own(a, item.uuid))}
            onChange={(e) => onChange({ ...a, [item.uuid]: e.target.value.replace(/[^\d]/g, '') })}
          />
        </label>
      ))}
      <p className={cx('r-sum-total', left < 0 && 'is-over', left === 0 && 'is-done')} aria-live="polite">
        已分配 {sum} / {s.total}
        {left > 0 ? `，还剩 ${left}` : left < 0 ? `，超出 ${-left}` : ''}
      </p>
    </div>
  );
}

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
const isoDate = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Bookable dates: the subject's weekdays between its start and end dates, from today, at most 21. */
export function bookableDates(s: TSubjectOf<37>, today = new Date()): string[] {
  const out: string[] = [];
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  if (s.startDate) {
    const [y, m, d] = s.startDate.split('-').map(Number);
    const start = new Date(y!, m! - 1, d!);
    if (start > day) day.setTime(start.getTime());
  }
  for (let i = 0; i < 366 && out.length < 21; i++, day.setDate(day.getDate() + 1)) {
    const iso = isoDate(day);
    if (s.endDate && iso > s.endDate) break;
    const weekday = day.getDay() === 0 ? 7 : day.getDay();
    if (s.weeks.includes(weekday)) out.push(iso);
  }
  return out;
}

export function Appointment(props: TWidgetProps<TSubjectOf<37>>) {
  const { appointmentScheduled, questionId } = useRespondContext();
  // A project with an appointment schedule books live slots against it (src/respond/appointment/).
  if (appointmentScheduled) return <scheduledAppointmentChunk.Page {...props} questionId={questionId} />;
  return <WeekdayAppointment {...props} />;
}

function WeekdayAppointment({ subject: s, value, onChange, describedBy }: TWidgetProps<TSubjectOf<37>>) {
  const a = asRecord<string>(value);
  const { slotsTaken } = useRespondContext();
  const dates = bookableDates(s);
  const date = own(a, 'date') ?? '';
  return (
    <div className="r-appoint" aria-describedby={describedBy}>
      <div className="r-chips" role="group" aria-label="预约日期">
        {dates.map((d) => {
          const [, m, day] = d.split('-');
          const wd = WEEKDAYS[new Date(`${d}T00:00:00`).getDay()];
          return (
            <button key={d} type="button" className={cx('r-chip', date === d && 'is-on')} aria-pressed={date === d} onClick={() => onChange({ date: d })}>
              <span>{wd}</span>
              <strong>
                {Number(m)}月{Number(day)}日
              </strong>
            </button>
          );
        })}
        {!dates.length ? <Hint>暂无可预约的日期</Hint> : null}
      </div>
      {date ? (
        <div className="r-slots" role="group" aria-label="预约时段">
          {s.times.map((t) => {
            const on = own(a, 'start') === t.start && own(a, 'end') === t.end;
            const left = t.capacity === undefined ? null : Math.max(0, t.capacity - (own(slotsTaken ?? {}, slotKey(s.uuid, date, t.uuid)) ?? 0));
            return (
              <button
                key={t.uuid}
                type="button"
                className={cx('r-tag', on && 'is-on')}
                aria-pressed={on}
                disabled={left === 0 && !on}
                onClick={() => onChange({ date, start: t.start, end: t.end })}
              >
                {t.start}–{t.end}
                {left === null ? null : left === 0 ? '（已约满）' : `（余${left}）`}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}

export function Location({ value, onChange, base, describedBy, invalid }: TWidgetProps<TSubjectOf<29>>) {
  const a = asRecord<string | number>(value);
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const has = typeof a.lat === 'number' && typeof a.lng === 'number';
  const locate = () => {
    if (!navigator.geolocation) return setState('failed');
    setState('busy');
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setState('idle');
        onChange({ ...a, lat: Number(p.coords.latitude.toFixed(6)), lng: Number(p.coords.longitude.toFixed(6)) });
      },
      () => setState('failed'),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };
  return (
    <div className="r-region">
      <label className="r-blank" htmlFor={`${base}-addr`}>
        <span className="r-blank-label">地址</span>
        <input
          id={`${base}-addr`}
          className="r-input"
          maxLength={500}
          placeholder="请输入所在地址"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          value={asString(a.address)}
          onChange={(e) => onChange({ ...a, address: e.target.value })}
        />
      </label>
      <div className="r-locate">
        <button type="button" className="r-btn r-btn-soft" onClick={locate} disabled={state === 'busy'}>
          {state === 'busy' ? '定位中…' : has ? '重新定位' : '获取当前位置'}
        </button>
        <span className="r-hint" aria-live="polite">
          {state === 'failed' ? '无法获取位置，请检查定位权限后重试' : has ? `已定位：${a.lat}, ${a.lng}` : '需要定位后才能提交'}
        </span>
      </div>
    </div>
  );
}
