import { useState } from 'react';
import type { TWebhookItem } from '../../../schemas/api/webhooks';
import { WEBHOOK_EVENT_LABELS, type TWebhookEvent } from '../../../schemas/webhooks/events';
import { saveWebhook, type TWebhookOwner } from '../../api/webhooks';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';
import { webhookFormProblems, type TWebhookForm } from './webhook-form';
import styles from './webhooks-styles';

interface TProps {
  owner: TWebhookOwner;
  /** The events the project's kind produces. */
  offered: TWebhookEvent[];
  /** null: a new webhook. */
  webhook: TWebhookItem | null;
  open: boolean;
  onClose: () => void;
  onSaved: (saved: TWebhookItem) => void;
}

/** 添加推送地址 / 编辑推送地址: the URL, the events of the project's kind, and 启用. */
export function WebhookDialog(props: TProps) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => (open ? null : props.onClose())}
      title={props.webhook ? '编辑推送地址' : '添加推送地址'}
      description="事件发生后，系统会向该地址发送 POST 请求（JSON），并附带签名。"
      width={520}
    >
      {props.open ? <WebhookFormBody key={props.webhook?.webhookId ?? 'new'} {...props} /> : null}
    </Dialog>
  );
}

function WebhookFormBody({ owner, offered, webhook, onClose, onSaved }: TProps) {
  const [form, setForm] = useState<TWebhookForm>({
    url: webhook?.url ?? '',
    events: webhook?.events ?? [offered[0] ?? 'sheet.accepted'],
    enabled: webhook?.enabled ?? true,
  });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState('');
  const problems = tried ? webhookFormProblems(form) : {};
  const toggle = (event: TWebhookEvent, on: boolean) =>
    setForm((f) => ({ ...f, events: on ? offered.filter((e) => e === event || f.events.includes(e)) : f.events.filter((e) => e !== event) }));
  const submit = () => {
    setTried(true);
    setServerError('');
    const found = webhookFormProblems(form);
    if (found.url || found.events) return;
    setBusy(true);
    saveWebhook({ ...owner, webhookId: webhook?.webhookId, url: form.url.trim(), events: form.events, enabled: form.enabled })
      .then((saved) => {
        toast.success('保存成功');
        onSaved(saved);
      })
      .catch((e: Error) => setServerError(e.message))
      .finally(() => setBusy(false));
  };
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label className={styles.field}>
        <span className={styles.fieldLabel}>推送地址</span>
        <input
          className={styles.input}
          type="url"
          inputMode="url"
          placeholder="https://example.com/webhooks/wenjuan"
          value={form.url}
          aria-invalid={Boolean(problems.url)}
          onChange={(e) => setForm((f) => ({ ...f, url: e.target.value }))}
        />
        {problems.url ? <span className={styles.error}>{problems.url}</span> : <span className={styles.hint}>仅支持 http:// 或 https:// 的公网地址</span>}
      </label>
      <fieldset className={styles.events}>
        <legend className={styles.fieldLabel}>推送事件</legend>
        {offered.map((event) => (
          <label key={event} className={styles.check}>
            <input type="checkbox" checked={form.events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} />
            {WEBHOOK_EVENT_LABELS[event]}
            <code className={styles.eventCode}>{event}</code>
          </label>
        ))}
        {problems.events ? <span className={styles.error}>{problems.events}</span> : null}
      </fieldset>
      <label className={styles.switchRow}>
        <span>
          启用
          <small className={styles.hint}>停用后不再推送新事件，推送记录保留</small>
        </span>
        <input type="checkbox" role="switch" aria-label="启用" checked={form.enabled} onChange={(e) => setForm((f) => ({ ...f, enabled: e.target.checked }))} />
      </label>
      {serverError ? (
        <p className={styles.error} role="alert">
          {serverError}
        </p>
      ) : null}
      <div className={styles.footer}>
        <Button type="button" onClick={onClose}>
          取消
        </Button>
        <Button type="submit" variant="primary" disabled={busy}>
          保存
        </Button>
      </div>
    </form>
  );
}
