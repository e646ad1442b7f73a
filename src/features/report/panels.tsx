import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { quotaQuery } from '../../api/report';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { REPORT_NS } from './report-i18n';
import styles from './report-styles';

export { CrossTabPanel } from './cross-tab-panel';
export { DataDetailPanel } from './data-detail-panel';
export { formatTime } from './detail-columns';
export { useDuration } from './duration';
export { ScorePanel } from './score-panel';

export function QuotaPanel({ questionId }: { questionId: string }) {
  const { t } = useTranslation(REPORT_NS);
  const quota = useQuery(quotaQuery(questionId));
  if (quota.isPending) return <LoadingState />;
  if (!quota.data) return <ErrorState title={t('loadError')} />;
  if (!quota.data.length) return <EmptyState title={t('quota.empty')} />;
  return (
    <section className={styles.card}>
      <header className={styles.cardHead}>
        <h3>{t('quota.title')}</h3>
      </header>
      <ul className={styles.quotas}>
        {quota.data.map((q) => {
          const share = q.limit ? Math.min(100, Math.round((q.used / q.limit) * 100)) : 100;
          return (
            <li key={q.id}>
              <div className={styles.quotaHead}>
                <span>{q.label}</span>
                <span>
                  {t('quota.used')} <strong>{q.used}</strong> / {t('quota.limit')} {q.limit}
                  {q.full ? <span className={styles.badgeWarn}>{t('quota.full')}</span> : null}
                </span>
              </div>
              <span className={styles.quotaBar} aria-hidden>
                <span style={{ width: `${share}%` }} className={q.full ? styles.quotaFull : undefined} />
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
