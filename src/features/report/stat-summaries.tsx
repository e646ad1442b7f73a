import { useTranslation } from 'react-i18next';
import type { TSubjectStat } from '../../../schemas/api/report';
import { REPORT_NS } from './report-i18n';
import styles from './report-styles';

/** Answered, average, spread, lowest and highest of a number subject (ratings, scales, sliders, evaluation stars). */
export function NumberSummary({ stat }: { stat: TSubjectStat }) {
  const { t } = useTranslation(REPORT_NS);
  const n = stat.number;
  if (!n) return null;
  const figures: [string, number | null][] = [
    [t('card.answered'), n.count],
    [t('card.average'), n.avg],
    [t('card.sd'), n.sd],
    [t('card.min'), n.min],
    [t('card.max'), n.max],
  ];
  return (
    <dl className={styles.figures}>
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value ?? '-'}</dd>
        </div>
      ))}
    </dl>
  );
}

export function NpsSummary({ stat }: { stat: TSubjectStat }) {
  const { t } = useTranslation(REPORT_NS);
  const nps = stat.nps!;
  const share = (n: number) => (nps.count ? Math.round((n / nps.count) * 1000) / 10 : 0);
  return (
    <div className={styles.nps} data-testid="nps">
      <div className={styles.npsScore}>
        <span>{t('card.nps.score')}</span>
        <strong className={nps.score >= 0 ? styles.good : styles.bad}>{nps.score}</strong>
      </div>
      <div className={styles.npsBar} aria-hidden>
        <span className={styles.detractors} style={{ width: `${share(nps.detractors)}%` }} />
        <span className={styles.passives} style={{ width: `${share(nps.passives)}%` }} />
        <span className={styles.promoters} style={{ width: `${share(nps.promoters)}%` }} />
      </div>
      <ul className={styles.npsLegend}>
        <li>
          <i className={styles.promoters} />
          {t('card.nps.promoters')} {nps.promoters}（{share(nps.promoters)}%）
        </li>
        <li>
          <i className={styles.passives} />
          {t('card.nps.passives')} {nps.passives}（{share(nps.passives)}%）
        </li>
        <li>
          <i className={styles.detractors} />
          {t('card.nps.detractors')} {nps.detractors}（{share(nps.detractors)}%）
        </li>
      </ul>
    </div>
  );
}

/** Exams: the subject's correct rate, average score and full-mark count across the set. */
export function ExamSummary({ stat }: { stat: TSubjectStat }) {
  const { t } = useTranslation(REPORT_NS);
  const e = stat.exam;
  if (!e) return null;
  return (
    <ul className={styles.examLine} data-testid="exam-line">
      <li>
        {t('card.exam.rate')} <strong className={e.correctRate >= 60 ? styles.good : styles.bad}>{e.correctRate}%</strong>
      </li>
      <li>
        {t('card.exam.average')} <strong>{e.average ?? '-'}</strong> / {e.maxScore}
      </li>
      <li>
        {t('card.exam.full')} <strong>{e.fullCount}</strong> / {e.count}
      </li>
    </ul>
  );
}
