import { useId, useState, type FormEvent } from 'react';
import type { EventObject } from 'xstate';
import { Button } from '../../ui/button';
import styles from './dev-flows-styles';

/** Reads an event typed as JSON: an object with a string `type`. */
export function parseEvent(text: string): { event: EventObject } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: '不是有效的 JSON' };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { error: '事件应是一个 JSON 对象' };
  if (typeof (value as { type?: unknown }).type !== 'string' || !(value as { type: string }).type) return { error: '事件需要字符串字段 "type"' };
  return { event: value as EventObject };
}

/** A small JSON form for an event that carries data, prefilled from the registry's sample. */
export function EventEditor({ initial, onSend, onCancel }: { initial: EventObject; onSend: (event: EventObject) => void; onCancel: () => void }) {
  const id = useId();
  const [text, setText] = useState(() => JSON.stringify(initial, null, 2));
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseEvent(text);
    if ('error' in parsed) setError(parsed.error);
    else onSend(parsed.event);
  };
  return (
    <form className={styles.editor} onSubmit={submit}>
      <label htmlFor={id} className={styles.editorLabel}>
        事件 JSON
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        rows={Math.min(12, text.split('\n').length + 1)}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.buttons}>
        <Button type="submit" size="sm" variant="primary">
          发送
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          取消
        </Button>
      </div>
    </form>
  );
}
