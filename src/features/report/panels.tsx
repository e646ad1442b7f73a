import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TReportFilterInput, TSubjectStat } from '../../../schemas/api/report';
import { crossTabQuery, quotaQuery } from '../../api/report';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { plainText } from '../../ui/subject-preview';
import { subjectLabel } from './detail-columns';
import { REPORT_NS } from './report-i18n';
import styles from './report.module.css';

export { DataDetailPanel } from './data-detail-panel';
export { formatTime } from './detail-columns';
export { useDuration } from './duration';
export { ScorePanel } from './score-panel';

/** Cross-tab of two choice subjects, counts with row and column percentages. */
export function CrossTabPanel({ questionId, subjects, filter }: { questionId: string; subjects: TSubjectStat[]; filter?: TReportFilterInput }) {
  const { t } = useTranslation(REPORT_NS);
  const choices = subjects.filter((s) => s.kind === 'choice');
  const [row, setRow] = useState(choices[0]?.uuid ?? '');
  const [col, setCol] = useState(choices[1]?.uuid ?? '');
  const cross = useQuery({ ...crossTabQuery(questionId, row, col, filter), placeholderData: keepPreviousData });
  if (choices.length < 2) return null;
  const data = cross.data;
  return (
    <section className={styles.card} aria-labelledby="cross-title" data-testid="cross-tab">
      <header className={styles.cardHead}>
        <h3 id="cross-title">{t('cross.title')}</h3>
      </header>
      <p className={styles.base}>{t('cross.desc')}</p>
      <div className={styles.crossPick}>
        <label>
          <span>{t('cross.row')}</span>
          <select value={row} onChange={(e) => setRow(e.target.value)}>
            {choices.map((s) => <option key={s.uuid} value={s.uuid}>{subjectLabel(s)}</option>)}
          </select>
        </label>
        <label>
          <span>{t('cross.col')}</span>
          <select value={col} onChange={(e) => setCol(e.target.value)}>
            {choices.map((s) => <option key={s.uuid} value={s.uuid}>{subjectLabel(s)}</option>)}
          </select>
        </label>
      </div>
      {row === col ? (
        <p className={styles.muted}>{t('cross.pick')}</p>
      ) : !data ? (
        <LoadingState />
      ) : (
        <div className={styles.scrollX} tabIndex={0}>
          <table className={styles.statTable}>
            <thead>
              <tr>
                <th scope="col" />
                {data.columns.map((c) => <th scope="col" key={c.uuid} className={styles.num}>{plainText(c.title)}</th>)}
                <th scope="col" className={styles.num}>{t('cross.total')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r, i) => (
                <tr key={r.uuid}>
                  <th scope="row">{plainText(r.title)}</th>
                  {data.cells[i]!.map((cell, j) => (
                    <td key={data.columns[j]!.uuid} className={styles.num}>
                      <strong>{cell.count}</strong>
                      <span className={styles.cellPct}>{t('cross.rowPct')} {cell.rowPercent}%</span>
                      <span className={styles.cellPct}>{t('cross.colPct')} {cell.colPercent}%</span>
                    </td>
                  ))}
                  <td className={styles.num}>{data.rowTotals[i]}</td>
                </tr>
              ))}
              <tr className={styles.totalRow}>
                <th scope="row">{t('cross.total')}</th>
                {data.colTotals.map((n, j) => <td key={data.columns[j]!.uuid} className={styles.num}>{n}</td>)}
                <td className={styles.num}>{data.total}</td>
              </tr>
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function QuotaPanel({ questionId }: { questionId: string }) {
  const { t } = useTranslation(REPORT_NS);
  const quota = useQuery(quotaQuery(questionId));
  if (quota.isPending) return <LoadingState />;
  if (!quota.data) return <ErrorState title={t('loadError')} />;
  if (!quota.data.length) return <EmptyState title={t('quota.empty')} />;
  return (
    <section className={styles.card}>
      <header className={styles.cardHead}><h3>{t('quota.title')}</h3></header>
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
              <span className={styles.quotaBar} aria-hidden><span style={{ width: `${share}%` }} className={q.full ? styles.quotaFull : undefined} /></span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
