import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { TFeedbackItem } from '../../../schemas/api/site';
import { ApiError } from '../../api/client';
import { FEEDBACK_PAGE_SIZE, feedbackKeys, feedbackListQuery, handleFeedback } from '../../api/site';
import { Button, EmptyState, ErrorState, formatDateTime, LoadingState, Pager } from '../../ui';
import { fill } from './help-texts';
import { FEEDBACK_SCREEN as T } from './feedback-texts';
import styles from './feedback-screen.module.css';

type TFilter = 'all' | 'open';
type TPage = { list: TFeedbackItem[]; total: number };

/** 帮助反馈 (/help/feedback.html, issue 48 item 1): the site operator reads the help centre's 意见反馈 and marks it 已处理. */
export function FeedbackScreenPage() {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<TFilter>('all');
  const query = useQuery(feedbackListQuery(page));
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>{T.title}</h1>
          <p className={styles.lead}>{T.lead}</p>
        </div>
        {query.isSuccess ? <FilterButtons value={filter} onChange={setFilter} /> : null}
      </header>
      <FeedbackBody query={query} page={page} filter={filter} onPage={setPage} />
    </div>
  );
}

function FilterButtons({ value, onChange }: { value: TFilter; onChange: (next: TFilter) => void }) {
  return (
    <div className={styles.filter} role="group" aria-label={T.filter}>
      {(['all', 'open'] as const).map((key) => (
        <Button key={key} size="sm" variant={value === key ? 'primary' : 'default'} aria-pressed={value === key} onClick={() => onChange(key)}>
          {key === 'all' ? T.all : T.open}
        </Button>
      ))}
    </div>
  );
}

function FeedbackBody({
  query,
  page,
  filter,
  onPage,
}: {
  query: ReturnType<typeof useQuery<TPage>>;
  page: number;
  filter: TFilter;
  onPage: (page: number) => void;
}) {
  if (query.isPending) return <LoadingState label={T.loading} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.resultCode === '403') return <ErrorState title={T.refused} description={T.refusedDesc} />;
    return <ErrorState title={T.loadError} description={T.loadErrorDesc} actions={<Button onClick={() => void query.refetch()}>{T.retry}</Button>} />;
  }
  const shown = filter === 'open' ? query.data.list.filter((item) => item.handledTime === null) : query.data.list;
  return (
    <>
      {shown.length === 0 ? (
        <EmptyState title={filter === 'open' && query.data.total > 0 ? T.emptyOpen : T.empty} description={T.emptyDesc} />
      ) : (
        <ul className={styles.list} aria-label={T.listLabel}>
          {shown.map((item) => (
            <FeedbackRow key={item.feedbackId} item={item} page={page} />
          ))}
        </ul>
      )}
      {query.data.total > FEEDBACK_PAGE_SIZE ? (
        <Pager
          page={page}
          pageSize={FEEDBACK_PAGE_SIZE}
          total={query.data.total}
          onChange={onPage}
          totalLabel={fill(T.total, { count: query.data.total })}
          label={T.pager}
          previousLabel={T.previous}
          nextLabel={T.next}
        />
      ) : null}
    </>
  );
}

/** One feedback; 标为已处理 shows 已处理 only once the server has answered, a refusal stays on the row. */
function FeedbackRow({ item, page }: { item: TFeedbackItem; page: number }) {
  const queryClient = useQueryClient();
  const mark = useMutation({
    mutationFn: () => handleFeedback(item.feedbackId),
    onSuccess: ({ handledTime }) =>
      queryClient.setQueryData<TPage>(feedbackKeys.list(page), (old) =>
        old ? { ...old, list: old.list.map((f) => (f.feedbackId === item.feedbackId ? { ...f, handledTime } : f)) } : old,
      ),
  });
  return (
    <li className={styles.item}>
      <p className={styles.article}>
        {item.articleId !== null && item.articleTitle !== null ? (
          <Link to="/help.html" search={{ articleId: item.articleId }}>
            {item.articleTitle}
          </Link>
        ) : (
          T.wholeCentre
        )}
      </p>
      <p className={styles.content}>{item.content}</p>
      <div className={styles.meta}>
        <span>{item.contact ? fill(T.contact, { contact: item.contact }) : T.noContact}</span>
        <time dateTime={item.createTime}>{formatDateTime(item.createTime)}</time>
        {item.handledTime ? (
          <span className={styles.done}>{fill(T.handledAt, { time: formatDateTime(item.handledTime) })}</span>
        ) : (
          <span className={styles.state}>{T.unhandled}</span>
        )}
      </div>
      {item.handledTime ? null : (
        <div className={styles.actions}>
          <Button size="sm" disabled={mark.isPending} onClick={() => mark.mutate()}>
            {mark.isPending ? T.handling : T.handle}
          </Button>
          {mark.isError ? (
            <p role="alert" className={styles.problem}>
              {mark.error.message}
            </p>
          ) : null}
        </div>
      )}
    </li>
  );
}
