import { useTranslation } from 'react-i18next';
import { writeRecordQuery } from '../../api/write';
import { kindOfType } from '../../app/kinds';
import { Button } from '../../ui/button';
import { MyOrdersPanel } from '../../orders/my-orders-panel';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { usePagedList } from '../../ui/use-paged-list';
import { ANSWERS_NS } from './answers-i18n';
import styles from './answers-styles';
import { useRelativeTime } from './use-relative-time';

const PAGE_SIZE = 20;

/** /questionnaire/writeRecord.html: what the logged-in user has filled in, newest first, with exam scores. */
export function WriteRecordPage() {
  const { t } = useTranslation(ANSWERS_NS);
  const records = usePagedList(writeRecordQuery, PAGE_SIZE);
  const when = useRelativeTime();

  let content;
  if (records.loading) content = <LoadingState />;
  else if (records.failed) {
    content = (
      <ErrorState
        title={t('error')}
        actions={
          <Button variant="primary" onClick={() => void records.query.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else if (!records.list.length) content = <EmptyState title={t('records.empty')} description={t('records.emptyDesc')} />;
  else {
    content = (
      <>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('records.name')}</th>
              <th scope="col">{t('records.kind')}</th>
              <th scope="col">{t('records.score')}</th>
              <th scope="col">{t('records.time')}</th>
              <th scope="col">{t('records.action')}</th>
            </tr>
          </thead>
          <tbody>
            {records.list.map((r) => {
              const time = when(r.createTime);
              const kind = kindOfType(r.questionType);
              return (
                <tr key={r.sheetId}>
                  <td className={styles.name}>{r.title}</td>
                  <td>{kind ? t(`kind.${kind.kind}`, { ns: 'translation' }) : '—'}</td>
                  <td>{r.score === null ? '—' : <span className={styles.score}>{t('records.scoreValue', { score: r.score })}</span>}</td>
                  <td>
                    <time dateTime={r.createTime} title={time.absolute}>
                      {time.relative}
                    </time>
                  </td>
                  <td>
                    <a href={`/s/${encodeURIComponent(r.questionId)}`} target="_blank" rel="noopener noreferrer">
                      {t('records.again')}
                    </a>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <Pager
          {...records.pager}
          totalLabel={t('list.total', { total: records.total })}
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
          <h1>{t('records.title')}</h1>
          <p className={styles.intro}>{t('records.intro')}</p>
        </div>
      </header>
      <section className={styles.panel}>{content}</section>
      <MyOrdersPanel className={styles.panel} />
    </div>
  );
}

export default WriteRecordPage;
