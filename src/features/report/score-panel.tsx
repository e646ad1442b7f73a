import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TExamSubjectStat } from '../../../schemas/api/report';
import { rankQuery, scoreQuery } from '../../api/report';
import { cx } from '../../ui/cx';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { Chart } from '../../ui/chart';
import { barOption, rateOption } from './chart-options';
import { formatTime, subjectLabel } from './detail-columns';
import { useDuration } from './duration';
import { KindSwitch } from './kind-switch';
import { REPORT_NS } from './report-i18n';
import styles from './report-styles';

/** Per scored subject: full marks, average, sheets with full marks and the correct rate (chart or table). */
function SubjectScores({ subjects }: { subjects: TExamSubjectStat[] }) {
  const { t } = useTranslation(REPORT_NS);
  const [kind, setKind] = useState<'bar' | 'table'>('bar');
  return (
    <section className={styles.card} aria-labelledby="exam-subjects" data-testid="exam-subjects">
      <header className={styles.cardHead}>
        <h3 id="exam-subjects">{t('score.bySubject')}</h3>
        <KindSwitch kinds={['bar', 'table']} value={kind} onChange={setKind} label={t('score.bySubject')} />
      </header>
      <p className={styles.base}>{t('score.bySubjectDesc')}</p>
      {kind === 'bar' ? (
        <Chart
          label={t('score.bySubject')}
          option={rateOption(subjects.map((s) => ({ label: subjectLabel(s), rate: s.correctRate })))}
          height={Math.max(200, subjects.length * 40 + 60)}
        />
      ) : null}
      <div className={styles.scrollX} tabIndex={0}>
        <table className={styles.statTable}>
          <thead>
            <tr>
              <th scope="col">{t('score.subject')}</th>
              <th scope="col" className={styles.num}>
                {t('score.subjectFull')}
              </th>
              <th scope="col" className={styles.num}>
                {t('score.subjectAverage')}
              </th>
              <th scope="col" className={styles.num}>
                {t('score.fullCount')}
              </th>
              <th scope="col" className={styles.pctCol}>
                {t('score.correctRate')}
              </th>
            </tr>
          </thead>
          <tbody>
            {subjects.map((s) => (
              <tr key={s.uuid}>
                <td>{subjectLabel(s)}</td>
                <td className={styles.num}>{s.maxScore}</td>
                <td className={styles.num}>{s.average ?? '-'}</td>
                <td className={styles.num}>
                  {s.fullCount} / {s.count}
                </td>
                <td className={styles.pctCol}>
                  <span className={styles.pctBar} aria-hidden>
                    <span style={{ width: `${Math.min(s.correctRate, 100)}%` }} />
                  </span>
                  <span className={styles.pctText}>{s.correctRate.toFixed(2)}%</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** 考试成绩: figures, score distribution, per-subject correct rate and the rank list. */
export function ScorePanel({ questionId }: { questionId: string }) {
  const { t } = useTranslation(REPORT_NS);
  const duration = useDuration();
  const [page, setPage] = useState(1);
  const score = useQuery(scoreQuery(questionId));
  const rank = useQuery({ ...rankQuery(questionId, page), placeholderData: keepPreviousData });
  if (score.isPending) return <LoadingState />;
  if (!score.data) return <ErrorState title={t('loadError')} />;
  const s = score.data;
  if (!s.count) return <EmptyState title={t('score.empty')} />;
  return (
    <div className={styles.stack}>
      <dl className={cx(styles.figures, styles.figuresBig)}>
        <div>
          <dt>{t('score.count')}</dt>
          <dd>{s.count}</dd>
        </div>
        <div>
          <dt>{t('score.average')}</dt>
          <dd>{s.average ?? '-'}</dd>
        </div>
        <div>
          <dt>{t('score.highest')}</dt>
          <dd>{s.highest ?? '-'}</dd>
        </div>
        <div>
          <dt>{t('score.lowest')}</dt>
          <dd>{s.lowest ?? '-'}</dd>
        </div>
        <div>
          <dt>{t('score.full')}</dt>
          <dd>{s.maxTotal}</dd>
        </div>
      </dl>
      <section className={styles.card}>
        <header className={styles.cardHead}>
          <h3>{t('score.distribution')}</h3>
        </header>
        <Chart
          label={t('score.distribution')}
          option={barOption(
            s.buckets.map((b, i) => ({
              uuid: String(i),
              title: `${b.from}~${b.to}`,
              count: b.count,
              percent: s.count ? Math.round((b.count / s.count) * 10000) / 100 : 0,
            })),
          )}
        />
      </section>
      {s.subjects.length ? <SubjectScores subjects={s.subjects} /> : null}
      <section className={styles.card}>
        <header className={styles.cardHead}>
          <h3>{t('score.rank')}</h3>
        </header>
        <table className={styles.statTable}>
          <thead>
            <tr>
              <th scope="col">{t('score.rankNo')}</th>
              <th scope="col">{t('detail.score')}</th>
              <th scope="col">{t('detail.duration')}</th>
              <th scope="col">{t('detail.time')}</th>
            </tr>
          </thead>
          <tbody>
            {rank.data?.list.map((r) => (
              <tr key={r.sheetId}>
                <td>{r.rank}</td>
                <td>{r.score}</td>
                <td>{duration(r.durationSeconds)}</td>
                <td>{formatTime(r.createTime)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rank.data ? (
          <Pager
            page={page}
            pageSize={20}
            total={rank.data.total}
            onChange={setPage}
            totalLabel={t('pager.total', { total: rank.data.total })}
            label={t('pager.label')}
            previousLabel={t('pager.prev')}
            nextLabel={t('pager.next')}
          />
        ) : null}
      </section>
    </div>
  );
}
