import { Braces, Send, Timer } from 'lucide-react';
import { useState } from 'react';
import type { EventObject } from 'xstate';
import type { TAvailable, TStep } from '../../../machines/simulation/simulate';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import styles from './dev-flows-styles';
import { EventEditor } from './event-editor';

/** `{ type, field: 'phone', request: { via: 'blank' } }` → `field: "phone", request: {via: "blank"}` (the payload at a glance). */
export function payloadText(event: EventObject): string {
  return Object.entries(event)
    .filter(([key]) => key !== 'type')
    .map(([key, value]) => `${key}: ${(JSON.stringify(value) ?? 'undefined').replace(/"([A-Za-z_$][\w$]*)":/g, '$1: ')}`)
    .join(', ');
}

function RunningCalls({ calls, onSend }: { calls: TAvailable['calls']; onSend: (step: TStep) => void }) {
  return (
    <section className={styles.section} aria-label="运行中的调用">
      <h3 className={styles.sectionTitle}>运行中的调用 · 选择结果</h3>
      {calls.map((call) => (
        <div key={call.id} className={styles.call}>
          <p className={styles.callHead}>
            <code className={styles.mono}>{call.id}</code>
            <span className={styles.muted}>{call.does}</span>
          </p>
          <div className={styles.buttons} role="group" aria-label={`${call.id} 的结果`}>
            {call.outcomes.map((outcome) => (
              <Button
                key={outcome.name}
                size="sm"
                variant={outcome.kind === 'done' ? 'soft' : 'default'}
                className={cx(outcome.kind === 'error' && styles.errorOutcome)}
                disabled={!outcome.accepted}
                title={outcome.accepted ? `${call.id} → ${outcome.name}` : '状态机不处理这个结果'}
                onClick={() => onSend({ actor: call.id, outcome: outcome.name })}
              >
                {outcome.name}
              </Button>
            ))}
          </div>
        </div>
      ))}
    </section>
  );
}

function UserEvents({ events, onSend }: { events: TAvailable['events']; onSend: (step: TStep) => void }) {
  const [editing, setEditing] = useState<EventObject | null>(null);
  return (
    <section className={styles.section} aria-label="可发送的事件">
      <h3 className={styles.sectionTitle}>可发送的事件</h3>
      {events.length === 0 ? <p className={styles.muted}>这个状态不接受用户事件。</p> : null}
      <ul className={styles.eventList}>
        {events.flatMap(({ type, samples }) =>
          samples.map(({ event, accepted }, i) => {
            const payload = payloadText(event);
            return (
              <li key={`${type}-${i}`} className={styles.eventRow}>
                <Button
                  size="sm"
                  variant="primary"
                  className={styles.eventButton}
                  disabled={!accepted}
                  title={accepted ? JSON.stringify(event) : '条件不满足：状态机会拒绝这个事件'}
                  onClick={() => onSend({ event })}
                >
                  <Send size={12} aria-hidden />
                  {type}
                </Button>
                <span className={styles.payload} title={payload}>
                  {payload}
                </span>
                <Button size="sm" variant="ghost" icon aria-label={`编辑 ${type} 的数据`} title="编辑 JSON 后发送" onClick={() => setEditing(event)}>
                  <Braces size={14} aria-hidden />
                </Button>
              </li>
            );
          }),
        )}
      </ul>
      {editing ? (
        <EventEditor
          initial={editing}
          onCancel={() => setEditing(null)}
          onSend={(event) => {
            setEditing(null);
            onSend({ event });
          }}
        />
      ) : null}
    </section>
  );
}

/** What the tester can do now: choose outcomes of running stand-ins, send events, fire timers. */
export function EventPanel({ available, onSend }: { available: TAvailable; onSend: (step: TStep) => void }) {
  return (
    <>
      {available.calls.length ? <RunningCalls calls={available.calls} onSend={onSend} /> : null}
      <UserEvents events={available.events} onSend={onSend} />
      {available.timers.length ? (
        <section className={styles.section} aria-label="定时器">
          <h3 className={styles.sectionTitle}>定时器 · 不必等待</h3>
          <div className={styles.buttons}>
            {available.timers.map((timer) => (
              <Button key={timer.type} size="sm" title={timer.type} onClick={() => onSend({ event: { type: timer.type } })}>
                <Timer size={12} aria-hidden />
                {timer.label}
              </Button>
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}
