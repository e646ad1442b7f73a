import { Eye, EyeOff, Copy, KeyRound, Pencil, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { TWebhookItem } from '../../../schemas/api/webhooks';
import { WEBHOOK_EVENT_LABELS } from '../../../schemas/webhooks/events';
import { deleteWebhook, resetWebhookSecret, sendTestEvent, type TWebhookOwner } from '../../api/webhooks';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { copyText } from '../../ui/copy-text';
import { cx } from '../../ui/cx';
import { formatDateTime } from '../../ui/format-time';
import { StatusPill } from '../../ui/status-pill';
import { toast } from '../../ui/toast';
import { deliveryBadge } from './delivery-state';
import styles from './webhooks-styles';

interface TProps {
  owner: TWebhookOwner;
  webhook: TWebhookItem;
  selected: boolean;
  onSelect: () => void;
  onEdit: () => void;
  onChanged: () => void;
}

const masked = (secret: string) => `${secret.slice(0, 10)}${'•'.repeat(16)}`;

/** One webhook: its URL, events, on/off (and why the platform switched it off), the latest delivery, the secret. */
export function WebhookCard({ owner, webhook, selected, onSelect, onEdit, onChanged }: TProps) {
  const [shown, setShown] = useState(false);
  const [confirm, setConfirm] = useState<'delete' | 'reset' | null>(null);
  const [busy, setBusy] = useState(false);
  const run = (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    work()
      .then(() => {
        toast.success(done);
        setConfirm(null);
        onChanged();
      })
      .catch((e: Error) => void toast.error(e.message))
      .finally(() => setBusy(false));
  };
  const last = webhook.lastDelivery;
  const lastBadge = last ? deliveryBadge({ state: last.state, attempts: last.status === null ? 0 : 1 }) : null;
  return (
    <article className={cx(styles.hookCard, selected && styles.hookSelected)} data-testid="webhook-card">
      <div className={styles.hookHead}>
        <button type="button" className={styles.hookUrl} onClick={onSelect} aria-pressed={selected} title="查看推送记录">
          {webhook.url}
        </button>
        {webhook.enabled ? (
          <StatusPill tone="success" dot>
            启用
          </StatusPill>
        ) : (
          <StatusPill tone="muted" dot>
            已停用
          </StatusPill>
        )}
      </div>
      {webhook.disabledReason ? <p className={styles.reason}>{webhook.disabledReason}</p> : null}
      <div className={styles.chips}>
        {webhook.events.map((e) => (
          <span key={e} className={styles.eventChip}>
            {WEBHOOK_EVENT_LABELS[e]}
          </span>
        ))}
      </div>
      <p className={styles.meta}>
        最近推送：
        {last && lastBadge ? (
          <>
            <StatusPill tone={lastBadge.tone}>{lastBadge.label}</StatusPill>
            {last.status !== null ? <span className={styles.code}>HTTP {last.status}</span> : null}
            <span>{formatDateTime(last.time)}</span>
          </>
        ) : (
          '暂无'
        )}
      </p>
      <div className={styles.secretRow}>
        <span className={styles.fieldLabel}>签名密钥</span>
        <code className={styles.secret} data-testid="webhook-secret">
          {shown ? webhook.secret : masked(webhook.secret)}
        </code>
        <Button size="sm" variant="ghost" onClick={() => setShown((s) => !s)} aria-label={shown ? '隐藏密钥' : '显示密钥'}>
          {shown ? <EyeOff size={14} aria-hidden /> : <Eye size={14} aria-hidden />}
          {shown ? '隐藏' : '显示'}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => void copyText(webhook.secret).then(() => toast.success('密钥已复制'))}>
          <Copy size={14} aria-hidden />
          复制
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setConfirm('reset')}>
          <KeyRound size={14} aria-hidden />
          重置
        </Button>
      </div>
      <div className={styles.tools}>
        <Button size="sm" disabled={busy} onClick={() => run(() => sendTestEvent(owner, webhook.webhookId).then(onSelect), '测试推送已发出')}>
          <Send size={14} aria-hidden />
          发送测试
        </Button>
        <Button size="sm" onClick={onEdit}>
          <Pencil size={14} aria-hidden />
          编辑
        </Button>
        <Button size="sm" variant="ghost" className={styles.danger} onClick={() => setConfirm('delete')}>
          <Trash2 size={14} aria-hidden />
          删除
        </Button>
      </div>
      <ConfirmDialog
        open={confirm === 'reset'}
        title="重置签名密钥"
        message="重置后旧密钥立即失效，之后的推送用新密钥签名。请同步更新接收端的密钥。"
        confirmLabel="确认重置"
        cancelLabel="取消"
        busy={busy}
        onConfirm={() => run(() => resetWebhookSecret(owner, webhook.webhookId), '密钥已重置，请同步更新接收端')}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        title="删除推送地址"
        tone="danger"
        message={`确定删除「${webhook.url}」吗？它的推送记录也会一并删除，此操作无法恢复。`}
        confirmLabel="删除"
        cancelLabel="取消"
        busy={busy}
        onConfirm={() => run(() => deleteWebhook(owner, webhook.webhookId), '删除成功')}
        onCancel={() => setConfirm(null)}
      />
    </article>
  );
}
