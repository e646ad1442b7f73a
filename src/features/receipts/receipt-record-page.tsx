import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import type { TContactSmsDetail } from '../../../schemas/api/receipts';
import { contactDetailQuery } from '../../api/receipts';
import { Button } from '../../ui/button';
import { formatDateTime } from '../../ui/format-time';
import { ManageHeader, ManagePage } from '../../ui/manage-page';
import { StatusPill } from '../../ui/status-pill';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { CHANNEL_NAMES, MessageTag } from './receipt-tags';
import styles from './receipts-styles';

const time = (value: string | null) => (value ? formatDateTime(value) : '—');

function Contact({ detail }: { detail: TContactSmsDetail }) {
  const c = detail.contact;
  return (
    <section className={styles.card} aria-label="联系人">
      <h2 className={styles.cardTitle}>{c.name}</h2>
      <dl className={styles.facts}>
        <dt>手机号</dt>
        <dd>
          {c.phone ?? '—'} {c.smsOptedOut ? <StatusPill tone="neutral">短信已退订</StatusPill> : null}
        </dd>
        <dt>邮箱</dt>
        <dd>
          {c.email ?? '—'} {c.emailOptedOut ? <StatusPill tone="neutral">邮件已退订</StatusPill> : null}
        </dd>
        <dt>打开链接</dt>
        <dd>{detail.openedAt ? time(detail.openedAt) : '未打开'}</dd>
        <dt>作答</dt>
        <dd>{detail.answeredAt ? `已作答 ${time(detail.answeredAt)}` : '未作答'}</dd>
      </dl>
    </section>
  );
}

function Messages({ detail }: { detail: TContactSmsDetail }) {
  if (!detail.messages.length) return <EmptyState compact title="没有发送记录" />;
  return (
    <section className={styles.card} aria-label="发送记录">
      <h2 className={styles.cardTitle}>发送记录（{detail.messages.length}）</h2>
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="record-table">
          <thead>
            <tr>
              <th>方式</th>
              <th>发送到</th>
              <th>内容</th>
              <th>状态</th>
              <th>发送时间</th>
              <th>送达时间</th>
            </tr>
          </thead>
          <tbody>
            {detail.messages.map((m) => (
              <tr key={m.id}>
                <td>{CHANNEL_NAMES[m.channel]}</td>
                <td className={styles.name}>{m.address}</td>
                <td className={styles.content}>{m.subject ? `【${m.subject}】${m.content}` : m.content}</td>
                <td>
                  <MessageTag state={m.state} />
                  {m.reason ? <span className={styles.reason}>{m.reason}</span> : null}
                </td>
                <td className={styles.muted}>{time(m.sentAt ?? m.createdAt)}</td>
                <td className={styles.muted}>{time(m.deliveredAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** /SMSReceiptRecord.html?questionId=…&contactId=… (短信回执记录): one contact's messages for the project, newest first. */
export function ReceiptRecordPage() {
  const search = useLocation({ select: (l) => l.search as Record<string, unknown> });
  const questionId = String(search.questionId ?? '');
  const contactId = Number(search.contactId ?? 0);
  const detail = useQuery(contactDetailQuery(questionId, Number.isInteger(contactId) ? contactId : 0));
  if (!questionId || !(contactId > 0)) return <EmptyState title="缺少项目或联系人" description="请从邀请回执的列表进入发送记录。" />;
  return (
    <ManagePage>
      <ManageHeader back={{ to: `/SMSReceipt.html?questionId=${encodeURIComponent(questionId)}`, label: '返回邀请回执' }} title="发送记录" />
      {detail.isPending ? (
        <LoadingState />
      ) : detail.isError ? (
        <ErrorState
          title="发送记录加载失败"
          description={detail.error.message}
          actions={
            <Button variant="primary" onClick={() => void detail.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <div className={styles.stack}>
          <Contact detail={detail.data} />
          <Messages detail={detail.data} />
        </div>
      )}
    </ManagePage>
  );
}

export default ReceiptRecordPage;
