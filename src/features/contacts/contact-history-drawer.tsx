import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { TContactHistoryItem } from '../../../schemas/api/contacts';
import { contactHistoryQuery } from '../../api/contacts';
import { Button } from '../../ui/button';
import { formatDateTime } from '../../ui/format-time';
import { StatusPill, type TPillTone } from '../../ui/status-pill';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { OptOutTags } from './contact-row';
import styles from './contacts-styles';

const STATES: Record<TContactHistoryItem['state'], [string, TPillTone]> = {
  queued: ['排队中', 'primary'],
  sending: ['发送中', 'primary'],
  sent: ['已发送', 'primary'],
  delivered: ['已送达', 'success'],
  failed: ['发送失败', 'danger'],
  refused: ['未发送', 'warning'],
  skipped: ['已跳过', 'muted'],
};
const CHANNELS = { sms: '短信', email: '邮件' } as const;

function HistoryItem({ m }: { m: TContactHistoryItem }) {
  const [label, tone] = STATES[m.state];
  return (
    <li className={styles.historyItem}>
      <div className={styles.historyHead}>
        <a className={styles.historyTitle} href={`/SMSReceipt.html?questionId=${encodeURIComponent(m.questionId)}`}>
          {m.projectTitle || '未命名项目'}
        </a>
        <StatusPill tone={tone}>{label}</StatusPill>
      </div>
      <p className={styles.historyMeta}>
        {CHANNELS[m.channel]} · {m.address} · {formatDateTime(m.sentAt ?? m.createdAt)}
      </p>
      {m.reason && (m.state === 'failed' || m.state === 'refused' || m.state === 'skipped') ? <p className={styles.historyReason}>{m.reason}</p> : null}
      <p className={styles.historyMeta}>
        {m.openedAt ? <StatusPill tone="primary">已打开</StatusPill> : <span className={styles.muted}>未打开</span>}{' '}
        {m.answeredAt ? <StatusPill tone="success">已作答 {formatDateTime(m.answeredAt)}</StatusPill> : <StatusPill tone="muted">未作答</StatusPill>}
      </p>
    </li>
  );
}

function HistoryBody({ contactId }: { contactId: number }) {
  const history = useQuery(contactHistoryQuery(contactId));
  if (history.isPending) return <LoadingState compact />;
  if (history.isError) {
    return (
      <ErrorState compact title="邀请记录加载失败" description={history.error.message} actions={<Button onClick={() => void history.refetch()}>重试</Button>} />
    );
  }
  const { contact, list, total } = history.data;
  const optedOut = contact.emailOptOut || contact.smsOptOut;
  return (
    <>
      <div className={styles.historyContact}>
        <strong className={styles.nameCell}>{contact.name}</strong>
        <OptOutTags contact={contact} />
        <p className={styles.historyMeta}>{[contact.phone, contact.email].filter(Boolean).join(' · ')}</p>
        {optedOut ? <p className={styles.historyNote}>已退订的渠道不会再收到邀请；只有联系人本人重新同意后才能恢复，通讯录中不能代为重新订阅。</p> : null}
      </div>
      {list.length ? (
        <>
          <p className={styles.historyMeta}>{total > list.length ? `共 ${total} 条，显示最近 ${list.length} 条` : `共 ${total} 条`}</p>
          <ul className={styles.historyList} aria-label="邀请记录">
            {list.map((m) => (
              <HistoryItem key={m.messageId} m={m} />
            ))}
          </ul>
        </>
      ) : (
        <EmptyState compact title="还没有邀请过这位联系人" description="通过短信或邮件发送问卷邀请后，这里会列出每一次发送及打开、作答情况。" />
      )}
    </>
  );
}

/** 记录: a drawer from the right with every invitation sent to the contact, across the caller's projects. */
export function ContactHistoryDrawer({ contactId, onClose }: { contactId: number | null; onClose: () => void }) {
  return (
    <RadixDialog.Root open={contactId !== null} onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.drawerOverlay} />
        <RadixDialog.Content className={styles.drawer}>
          <RadixDialog.Title className={styles.drawerTitle}>邀请记录</RadixDialog.Title>
          <RadixDialog.Description className="visually-hidden">这位联系人在各个项目中收到的短信和邮件邀请</RadixDialog.Description>
          <div className={styles.drawerBody}>{contactId !== null ? <HistoryBody contactId={contactId} /> : null}</div>
          <RadixDialog.Close className={styles.drawerClose} aria-label="关闭">
            <X size={18} aria-hidden />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
