import { useQuery } from '@tanstack/react-query';
import { Copy, Inbox, MessageSquareText, RefreshCw, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { messageOf } from '../../../machines/shared/error-message';
import { devOutboxQuery, type TOutboxMessage } from '../../api/user';
import { Button } from '../../ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import styles from './dev-outbox-styles';
import { useAuthCopy } from './use-auth-copy';

const codeIn = (text: string) => /\d{6}/.exec(text)?.[0] ?? null;

function formatTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString('zh-CN', { hour12: false });
}

function OutboxTable({ messages }: { messages: TOutboxMessage[] }) {
  const { copy } = useAuthCopy();
  const copyCode = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      toast.success(copy.outbox.copied);
    } catch {
      toast.error(code);
    }
  };
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{copy.outbox.phone}</th>
          <th scope="col">{copy.outbox.text}</th>
          <th scope="col">{copy.outbox.code}</th>
          <th scope="col">{copy.outbox.time}</th>
        </tr>
      </thead>
      <tbody>
        {messages.map((message) => {
          const code = codeIn(message.text);
          return (
            <tr key={message.id}>
              <td className={styles.phone}>{message.phone}</td>
              <td>{message.text}</td>
              <td>
                {code ? (
                  <button type="button" className={styles.code} onClick={() => void copyCode(code)} aria-label={`${copy.outbox.copy} ${code}`}>
                    {code}
                    <Copy size={12} aria-hidden />
                  </button>
                ) : null}
              </td>
              <td className={styles.time}>{formatTime(message.createdAt)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** /dev/outbox: the SMS the built-in provider "sent" (development and self-hosting without an SMS account). */
export function DevOutboxPage() {
  const { copy, fill } = useAuthCopy();
  const [draft, setDraft] = useState('');
  const [phone, setPhone] = useState('');
  const query = useQuery(devOutboxQuery(phone));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setPhone(draft.trim());
  };

  let body;
  if (query.isPending) body = <LoadingState label={copy.outbox.loading} />;
  else if (query.isError) body = <ErrorState title={copy.outbox.failed} description={messageOf(query.error)} />;
  else if (query.data.length === 0) body = <EmptyState icon={<Inbox size={32} />} title={copy.outbox.empty} description={copy.outbox.emptyText} />;
  else body = <OutboxTable messages={query.data} />;

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>
            <MessageSquareText size={22} aria-hidden />
            {copy.outbox.title}
          </h1>
          <p className={styles.subtitle}>{copy.outbox.subtitle}</p>
        </div>
      </header>
      <div className={styles.toolbar}>
        <form className={styles.filter} onSubmit={apply} role="search">
          <label htmlFor="outbox-phone" className={styles.label}>
            {copy.outbox.filter}
          </label>
          <input
            id="outbox-phone"
            className={styles.input}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            inputMode="numeric"
            placeholder={copy.outbox.filterPlaceholder}
          />
          <Button type="submit" variant="soft">
            <Search size={14} aria-hidden />
            {copy.outbox.apply}
          </Button>
          {phone ? (
            <Button
              variant="ghost"
              onClick={() => {
                setDraft('');
                setPhone('');
              }}
            >
              {copy.outbox.clear}
            </Button>
          ) : null}
        </form>
        <div className={styles.right}>
          {query.data ? <span className={styles.count}>{fill(copy.outbox.count, { count: query.data.length })}</span> : null}
          <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
            <RefreshCw size={14} className={query.isFetching ? styles.spin : undefined} aria-hidden />
            {copy.outbox.refresh}
          </Button>
        </div>
      </div>
      <div className={styles.panel}>{body}</div>
    </div>
  );
}

export default DevOutboxPage;
