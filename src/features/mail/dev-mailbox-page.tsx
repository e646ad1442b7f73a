import { useQuery } from '@tanstack/react-query';
import { Inbox, Mail, RefreshCw, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TMailboxMessage } from '../../../schemas/api/dev-mail';
import { devMailboxQuery } from '../../api/receipts';
import { Button } from '../../ui/button';
import { formatDateTime } from '../../ui/format-time';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import styles from './dev-mailbox.module.css';

function MailCard({ mail }: { mail: TMailboxMessage }) {
  const [html, setHtml] = useState(true);
  return (
    <article className={styles.mail} data-testid="mailbox-mail">
      <header className={styles.mailHead}>
        <strong>{mail.subject}</strong>
        <span className={styles.muted}>
          {mail.fromName} → {mail.to} · {formatDateTime(mail.createdAt)}
        </span>
        <Button size="sm" variant="ghost" onClick={() => setHtml(!html)}>
          {html ? '看纯文本' : '看HTML'}
        </Button>
      </header>
      {/* The HTML part as a mail client shows it: no scripts, no same-origin access. */}
      {html ? (
        <iframe className={styles.frame} title={mail.subject} sandbox="allow-popups" srcDoc={mail.html} />
      ) : (
        <pre className={styles.text}>{mail.text}</pre>
      )}
    </article>
  );
}

/** /dev/mailbox: the e-mail the development outbox "sent" (no SMTP server configured), newest first. */
export function DevMailboxPage() {
  const [draft, setDraft] = useState('');
  const [to, setTo] = useState('');
  const query = useQuery(devMailboxQuery(to));
  const apply = (event: FormEvent) => (event.preventDefault(), setTo(draft.trim()));
  let body;
  if (query.isPending) body = <LoadingState label="正在加载邮件…" />;
  else if (query.isError) body = <ErrorState title="发件箱加载失败" description={query.error.message} />;
  else if (!query.data.length) body = <EmptyState icon={<Inbox size={32} />} title="发件箱是空的" description="未配置SMTP时，发出的邀请邮件会保存在这里。" />;
  else body = query.data.map((mail) => <MailCard key={mail.id} mail={mail} />);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>
        <Mail size={22} aria-hidden />
        开发邮件发件箱
      </h1>
      <p className={styles.muted}>未配置 SMTP_HOST 时，邀请邮件不会真正发出，只保存在这里（仅开发环境）。</p>
      <div className={styles.toolbar}>
        <form className={styles.filter} onSubmit={apply} role="search">
          <input aria-label="按收件人筛选" className={styles.input} value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="收件人邮箱" />
          <Button type="submit" variant="soft">
            <Search size={14} aria-hidden />
            筛选
          </Button>
        </form>
        <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RefreshCw size={14} aria-hidden />
          刷新
        </Button>
      </div>
      <div className={styles.list}>{body}</div>
    </div>
  );
}

export default DevMailboxPage;
