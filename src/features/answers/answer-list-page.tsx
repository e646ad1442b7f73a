import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { questionInfoQuery } from '../../api/question';
import { answerListQuery } from '../../api/write';
import { Button } from '../../ui/button';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { ANSWERS_NS } from './answers-i18n';
import styles from './answers.module.css';
import { useRelativeTime } from './use-relative-time';

const PAGE_SIZE = 20;

/** "1分05秒": how long a respondent took. */
export function useDuration() {
  const { t } = useTranslation(ANSWERS_NS);
  return (seconds: number) => {
    const s = Math.max(0, Math.round(seconds));
    if (s < 60) return t('duration.seconds', { s });
    if (s < 3600) return t('duration.minutes', { m: Math.floor(s / 60), s: String(s % 60).padStart(2, '0') });
    return t('duration.hours', { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
  };
}

/** /answerList.html?questionId=…: the creator's newest answer sheets. */
export function AnswerListPage() {
  const { t } = useTranslation(ANSWERS_NS);
  const questionId = useLocation({ select: (l) => String((l.search as Record<string, unknown>).questionId ?? '') });
  const [page, setPage] = useState(1);
  const info = useQuery(questionInfoQuery(questionId));
  const answers = useQuery({ ...answerListQuery(questionId, page, PAGE_SIZE), placeholderData: keepPreviousData });
  const when = useRelativeTime();
  const duration = useDuration();
  const exam = info.data?.questionType === 2;
  const release = `/questionnaire/release.html?questionId=${encodeURIComponent(questionId)}`;

  if (!questionId) return <EmptyState title={t('list.missing')} />;
  let content;
  if (answers.isPending) content = <LoadingState />;
  else if (answers.isError && !answers.data) {
    content = (
      <ErrorState
        title={t('error')}
        description={answers.error?.message}
        actions={
          <Button variant="primary" onClick={() => void answers.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else if (!answers.data?.list.length) {
    content = (
      <EmptyState
        title={t('list.empty')}
        description={t('list.emptyDesc')}
        actions={
          <Button variant="primary" asChild>
            <Link to={release}>{t('list.toRelease')}</Link>
          </Button>
        }
      />
    );
  } else {
    const { list, total } = answers.data;
    content = (
      <>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('list.no')}</th>
              <th scope="col">{t('list.time')}</th>
              <th scope="col">{t('list.duration')}</th>
              <th scope="col">{t('list.source')}</th>
              <th scope="col">{t('list.state')}</th>
              {exam ? <th scope="col">{t('list.score')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {list.map((row, i) => {
              const time = when(row.createTime);
              return (
                <tr key={row.sheetId}>
                  <td className={styles.num}>{total - (page - 1) * PAGE_SIZE - i}</td>
                  <td>
                    <time dateTime={row.createTime} title={time.absolute}>
                      {time.relative}
                    </time>
                    <span className={styles.sub}>{time.absolute}</span>
                  </td>
                  <td className={styles.num}>{duration(row.durationSeconds)}</td>
                  <td>{t(`source.${row.source}`, { defaultValue: row.source })}</td>
                  <td>
                    {row.suspect ? (
                      <span className={styles.suspect} title={t('list.suspectTitle')}>
                        {t('list.suspect')}
                      </span>
                    ) : (
                      <span className={styles.valid}>{t('list.valid')}</span>
                    )}
                  </td>
                  {exam ? <td className={styles.num}>{row.score ?? '—'}</td> : null}
                </tr>
              );
            })}
          </tbody>
        </table>
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={total}
          onChange={setPage}
          totalLabel={t('list.total', { total })}
          label={t('pager')}
          previousLabel={t('previous')}
          nextLabel={t('next')}
        />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <Button variant="ghost" size="sm" asChild>
            <Link to={release}>
              <ArrowLeft size={14} aria-hidden />
              {t('list.back')}
            </Link>
          </Button>
          <h1>
            {t('list.title')}
            {info.data ? <span className={styles.project}> · {info.data.title}</span> : null}
          </h1>
          {answers.data ? <p className={styles.intro}>{t('list.total', { total: answers.data.total })}</p> : null}
        </div>
      </header>
      <section className={styles.panel}>{content}</section>
    </div>
  );
}

export default AnswerListPage;
