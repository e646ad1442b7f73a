import { useTranslation } from 'react-i18next';
import type { TQuotaStat } from '../../../schemas/api/report';
import { StatusPill } from '../../ui/status-pill';
import { OPTION_QUOTAS_NS } from './option-quotas-i18n';
import styles from './option-quotas-styles';
import { QuotaLimitField } from './quota-limit-field';

/** A quota's fill as a bar: used / total, amber when full. */
function FillBar({ quota }: { quota: TQuotaStat }) {
  const { t } = useTranslation(OPTION_QUOTAS_NS);
  const share = quota.limit ? Math.min(100, Math.round((quota.used / quota.limit) * 100)) : 100;
  return (
    <div className={styles.fill}>
      <div className={styles.fillHead}>
        <span data-testid="quota-fill">{t('fill', { used: quota.used, limit: quota.limit })}</span>
        <span>{share}%</span>
      </div>
      <span
        className={styles.bar}
        role="progressbar"
        aria-label={quota.label}
        aria-valuemin={0}
        aria-valuemax={quota.limit}
        aria-valuenow={Math.min(quota.used, quota.limit)}
      >
        <span style={{ width: `${share}%` }} className={quota.full ? styles.barFull : undefined} />
      </span>
    </div>
  );
}

/** Every quota with its condition, its full behaviour, its fill and its target (editable with edit power). */
export function QuotaTable({ questionId, rows, canEdit }: { questionId: string; rows: readonly TQuotaStat[]; canEdit: boolean }) {
  const { t } = useTranslation(OPTION_QUOTAS_NS);
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th>{t('columns.quota')}</th>
            <th>{t('columns.onFull')}</th>
            <th>{t('columns.fill')}</th>
            <th>{t('columns.limit')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((q) => (
            <tr key={q.id} data-testid="quota-row">
              <td>
                <div className={styles.label}>{q.label}</div>
                {q.condition ? <div className={styles.sub}>{t('condition', { text: q.condition })}</div> : null}
              </td>
              <td>
                <div>{t(`onFull.${q.onFull ?? 'hideOption'}`)}</div>
                {q.message ? <div className={styles.sub}>“{q.message}”</div> : null}
              </td>
              <td>
                <FillBar quota={q} />
                <div className={styles.sub}>
                  <StatusPill tone={q.full ? 'warning' : 'success'} dot>
                    {q.full ? t('full') : t('open')}
                  </StatusPill>
                </div>
              </td>
              <td>{canEdit ? <QuotaLimitField questionId={questionId} quota={q} /> : <span>{q.limit}</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
