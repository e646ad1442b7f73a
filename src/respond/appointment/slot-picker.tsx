import { useEffect, useState } from 'react';
import type { TTimeSlot, TWeeksView } from '../../../schemas/api/appointment';
import { addDays, monthDay, zoneNote } from './appointment-format';
import { usePlaces } from './use-places';

/** The respondent's choice: a calendar (resource '' when the project has none), a slot, a party, the waitlist. */
export interface TSlotChoice {
  resourceKey: string;
  date: string;
  start: string;
  end: string;
  partySize: number;
  waitlist: boolean;
}

export interface TSlotPickerProps {
  questionId: string;
  value: Partial<TSlotChoice>;
  onChange: (value: Partial<TSlotChoice>) => void;
  /** 'reschedule': the party is fixed, a full slot cannot be chosen (a move never waits), the current slot is marked. */
  mode?: 'book' | 'reschedule';
  current?: { resourceKey: string; date: string; start: string };
  labelledBy?: string;
}

const HEAD = ['一', '二', '三', '四', '五', '六', '日'];

/** Blank cells before the first day so the grid's columns are Monday … Sunday. */
const leadingBlanks = (weekday: number) => Array.from({ length: weekday - 1 }, (_, i) => i);

function DayGrid({ view, date, onPick }: { view: TWeeksView; date: string; onPick: (date: string) => void }) {
  const first = view.days[0];
  return (
    <div className="ap-grid" role="group" aria-label="预约日期">
      {HEAD.map((h) => (
        <span key={h} className="ap-wd" aria-hidden>
          {h}
        </span>
      ))}
      {first ? leadingBlanks(first.weekday).map((i) => <span key={`b${i}`} aria-hidden />) : null}
      {view.days.map((d) => {
        const day = Number(d.date.slice(8));
        const full = d.open && d.remaining === 0;
        const label = `${monthDay(d.date)}${d.date === view.today ? '（今天）' : ''}，${!d.open ? (d.slots ? '不可预约' : '休息') : full ? '已约满，可候补' : `剩余${d.remaining}个名额`}`;
        return (
          <button
            key={d.date}
            type="button"
            className={`ap-day${d.open ? '' : ' is-off'}${full ? ' is-full' : ''}${d.date === date ? ' is-on' : ''}${d.date === view.today ? ' is-today' : ''}`}
            disabled={!d.open}
            aria-pressed={d.date === date}
            aria-label={label}
            data-date={d.date}
            onClick={() => onPick(d.date)}
          >
            <span className="ap-day-n">{day === 1 || d === first ? `${Number(d.date.slice(5, 7))}/${day}` : day}</span>
            <span className="ap-day-left">{!d.open ? (!d.slots ? '休' : d.date === view.today ? '已过' : '不可约') : full ? '满' : `余${d.remaining}`}</span>
          </button>
        );
      })}
    </div>
  );
}

type SlotLook = { kind: 'open'; text: string } | { kind: 'full'; text: string } | { kind: 'off'; text: string } | { kind: 'current'; text: string };

function lookOf(slot: TTimeSlot, party: number, mode: 'book' | 'reschedule', isCurrent: boolean): SlotLook {
  if (isCurrent) return { kind: 'current', text: '当前时段' };
  if (!slot.bookable) return { kind: 'off', text: slot.reason || '不可预约' };
  if (slot.remaining >= party) return { kind: 'open', text: `剩余${slot.remaining}` };
  if (mode === 'reschedule') return { kind: 'off', text: slot.remaining ? `仅剩${slot.remaining}个名额` : '已约满' };
  return { kind: 'full', text: slot.waiting ? `已约满 · 候补${slot.waiting}人` : '已约满 · 可候补' };
}

/**
 * The calendar of the coming four weeks with each day's places, the chosen day's slots with theirs, the party
 * size and the resource when the project has them. A full slot offers its waitlist (chosen: the booking waits);
 * a slot that cannot be booked says why.
 */
export function SlotPicker({ questionId, value, onChange, mode = 'book', current, labelledBy }: TSlotPickerProps) {
  const party = value.partySize ?? 1;
  const resourceKey = value.resourceKey;
  // With resources, a day's slots are read once the respondent has chosen whose (weeks tell whether there are any).
  const [hasResources, setHasResources] = useState(false);
  const { weeks, times } = usePlaces(questionId, value.date ?? '', resourceKey, !hasResources || resourceKey !== undefined);
  const resourceCount = weeks.kind === 'ready' ? weeks.data.resources.length : 0;
  useEffect(() => setHasResources(resourceCount > 0), [resourceCount]);
  const chosenSlot = times?.kind === 'ready' ? times.data.find((s) => s.start === value.start && s.resourceKey === (value.resourceKey ?? '')) : undefined;
  // Places read again (focus, a refused booking): a chosen slot that filled meanwhile waits, one that freed books.
  const shouldWait = chosenSlot && chosenSlot.bookable ? chosenSlot.remaining < party : null;
  useEffect(() => {
    if (mode === 'book' && shouldWait !== null && Boolean(value.waitlist) !== shouldWait) onChange({ ...value, waitlist: shouldWait });
  }, [mode, shouldWait, value, onChange]);

  if (weeks.kind === 'loading') return <p className="ap-state">正在读取可预约的日期…</p>;
  if (weeks.kind === 'error')
    return (
      <p className="ap-state is-error" role="alert">
        {weeks.message}
      </p>
    );
  const view = weeks.data;
  const needsResource = view.resources.length > 0;
  const lastDay = view.days.length ? view.days[view.days.length - 1]!.date : addDays(view.today, 27);
  // The calendar chosen so far stays; with resources, none is assumed until the respondent picks one.
  const pickDay = (date: string) => onChange({ ...(value.resourceKey !== undefined ? { resourceKey: value.resourceKey } : {}), partySize: party, date });
  const pickSlot = (slot: TTimeSlot, look: SlotLook) =>
    onChange({ resourceKey: slot.resourceKey, date: slot.date, start: slot.start, end: slot.end, partySize: party, waitlist: look.kind === 'full' });
  const setParty = (n: number) => {
    const size = Math.max(1, Math.min(view.partySizeMax, n));
    const fits = chosenSlot ? chosenSlot.remaining >= size : true;
    onChange({ ...value, partySize: size, ...(value.start ? { waitlist: !fits } : {}) });
  };

  return (
    <div className="ap-picker" aria-labelledby={labelledBy}>
      {needsResource ? (
        <div className="ap-row">
          <span className="ap-label">预约对象</span>
          <div className="ap-chips" role="group" aria-label="预约对象">
            {view.resources.map((r) => (
              <button
                key={r.key}
                type="button"
                className={`ap-chip${value.resourceKey === r.key ? ' is-on' : ''}`}
                aria-pressed={value.resourceKey === r.key}
                onClick={() => onChange({ resourceKey: r.key, partySize: party, ...(value.date ? { date: value.date } : {}) })}
              >
                {r.name}
              </button>
            ))}
          </div>
        </div>
      ) : null}
      {mode === 'book' && view.partySizeMax > 1 ? (
        <div className="ap-row">
          <span className="ap-label" id={`${questionId}-party`}>
            预约人数
          </span>
          <div className="ap-stepper" role="group" aria-labelledby={`${questionId}-party`}>
            <button type="button" aria-label="减少人数" disabled={party <= 1} onClick={() => setParty(party - 1)}>
              −
            </button>
            <output aria-live="polite">{party}人</output>
            <button type="button" aria-label="增加人数" disabled={party >= view.partySizeMax} onClick={() => setParty(party + 1)}>
              +
            </button>
          </div>
          <span className="ap-note">最多{view.partySizeMax}人</span>
        </div>
      ) : null}
      <p className="ap-range">
        {monthDay(view.today)} – {monthDay(lastDay)} 可预约日期{zoneNote(view.timeZone)}
      </p>
      {view.days.some((d) => d.open) ? <DayGrid view={view} date={value.date ?? ''} onPick={pickDay} /> : <p className="ap-state">未来四周暂无可预约的日期</p>}
      {needsResource && value.resourceKey === undefined && value.date ? <p className="ap-state">请先选择预约对象</p> : null}
      {value.date && (!needsResource || value.resourceKey !== undefined) ? (
        <section className="ap-times" aria-label={`${monthDay(value.date)}的时段`}>
          <h3 className="ap-times-title">{monthDay(value.date)} 的时段</h3>
          {times === null || times.kind === 'loading' ? <p className="ap-state">正在读取剩余名额…</p> : null}
          {times?.kind === 'error' ? (
            <p className="ap-state is-error" role="alert">
              {times.message}
            </p>
          ) : null}
          {times?.kind === 'ready' && !times.data.length ? <p className="ap-state">当天没有可预约的时段</p> : null}
          {times?.kind === 'ready' ? (
            <div className="ap-slots">
              {times.data.map((slot) => {
                const isCurrent = Boolean(current && current.date === slot.date && current.start === slot.start && current.resourceKey === slot.resourceKey);
                const look = lookOf(slot, party, mode, isCurrent);
                const on = value.start === slot.start && value.date === slot.date && (value.resourceKey ?? '') === slot.resourceKey;
                return (
                  <button
                    key={`${slot.resourceKey}|${slot.start}`}
                    type="button"
                    className={`ap-slot is-${look.kind}${on ? ' is-on' : ''}`}
                    disabled={look.kind === 'off' || look.kind === 'current'}
                    aria-pressed={on}
                    data-start={slot.start}
                    onClick={() => pickSlot(slot, look)}
                  >
                    <strong>
                      {slot.start}–{slot.end}
                    </strong>
                    <span>{look.text}</span>
                  </button>
                );
              })}
            </div>
          ) : null}
          {chosenSlot && value.waitlist && mode === 'book' ? (
            <p className="ap-wait" role="status">
              该时段已约满，提交后将加入候补{chosenSlot.waiting ? `（前面有${chosenSlot.waiting}人）` : ''}；有名额空出时按候补顺序自动转为预约。
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
