import { useState } from 'react';
import { ZProjectSettings, type TProjectSettings } from '../../../../schemas/api/settings';
import { DateTimeField } from '../../../ui/date-time-field';
import { useEditorApi } from '../use-editor';
import styles from './setting.module.css';

type Key = keyof TProjectSettings;

/** The patch applied to the current settings, checked with ZProjectSettings; the first problem, or null. */
function problemOf(settings: TProjectSettings, patch: Partial<TProjectSettings>): string | null {
  const next = { ...settings, ...patch };
  const parsed = ZProjectSettings.safeParse(next);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0] ?? '');
    if (/Limit$|maxAnswers|examMinutes/.test(key)) return issue.code === 'too_small' ? '请输入大于0的整数' : '数值超出范围';
    return issue.message;
  }
  if (next.startTime && next.endTime && next.endTime <= next.startTime) return '结束时间须晚于开始时间';
  return null;
}

/**
 * The settings form's state and field makers: each field commits its key when it is valid (checked with the whole
 * settings, the problem shown under the field), and number and text fields keep a draft until they lose focus.
 */
export function useSettingFields(settings: TProjectSettings, readOnly: boolean) {
  const api = useEditorApi();
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [drafts, setDrafts] = useState<Partial<Record<Key, string>>>({});

  const commit = (key: Key, patch: Partial<TProjectSettings>) => {
    const problem = problemOf(settings, patch);
    setErrors((e) => ({ ...e, [key]: problem ?? undefined }));
    if (!problem) api.updateSettings(patch);
  };
  const error = (key: Key) =>
    errors[key] ? (
      <p className={styles.error} role="alert">
        {errors[key]}
      </p>
    ) : null;

  const toggle = (key: Key, label: string, hint?: string) => (
    <label className={styles.switchRow}>
      <span>
        {label}
        {hint ? <small>{hint}</small> : null}
      </span>
      <input
        type="checkbox"
        role="switch"
        disabled={readOnly}
        checked={Boolean(settings[key])}
        onChange={(event) => commit(key, { [key]: event.target.checked })}
        aria-label={label}
      />
    </label>
  );
  const count = (key: Key, label: string, unit: string, placeholder = '不限') => (
    <div className={styles.field}>
      <label className={styles.fieldRow}>
        <span>{label}</span>
        <span className={styles.inputWrap}>
          <input
            inputMode="numeric"
            disabled={readOnly}
            aria-label={label}
            placeholder={placeholder}
            value={drafts[key] ?? (settings[key] === null ? '' : String(settings[key]))}
            onChange={(event) => setDrafts((d) => ({ ...d, [key]: event.target.value.replace(/\D+/g, '') }))}
            onBlur={() => {
              const text = drafts[key];
              if (text === undefined) return;
              setDrafts((d) => ({ ...d, [key]: undefined }));
              commit(key, { [key]: text === '' ? null : Number(text) });
            }}
          />
          <em>{unit}</em>
        </span>
      </label>
      {error(key)}
    </div>
  );
  const text = (key: 'password' | 'shareTitle', label: string, placeholder: string) => (
    <div className={styles.field}>
      <label className={styles.fieldRow}>
        <span>{label}</span>
        <input
          className={styles.wide}
          disabled={readOnly}
          aria-label={label}
          placeholder={placeholder}
          value={drafts[key] ?? settings[key]}
          onChange={(event) => setDrafts((d) => ({ ...d, [key]: event.target.value }))}
          onBlur={() => {
            const value = drafts[key];
            if (value === undefined) return;
            setDrafts((d) => ({ ...d, [key]: undefined }));
            commit(key, { [key]: value.trim() });
          }}
        />
      </label>
      {error(key)}
    </div>
  );
  const time = (key: 'startTime' | 'endTime', label: string) => (
    <label className={styles.fieldRow}>
      <span>{label}</span>
      <DateTimeField
        mode="datetime"
        disabled={readOnly}
        label={label}
        value={settings[key]?.slice(0, 16) ?? ''}
        onChange={(value) => commit(key, { [key]: value || null })}
      />
    </label>
  );

  return { drafts, setDrafts, commit, error, toggle, count, text, time };
}
