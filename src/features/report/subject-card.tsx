import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TReportFilterInput, TSubjectStat } from '../../../schemas/api/report';
import { SUBJECT_TYPE_NAMES } from '../../../schemas/subjects/subject-types';
import { plainText } from '../../ui/subject-preview';
import { chartFor, chartHeight, kindsOf, type TCardKind } from './card-kinds';
import { Chart } from '../../ui/chart';
import { KindSwitch } from './kind-switch';
import { REPORT_NS } from './report-i18n';
import styles from './report-styles';
import { ExamSummary, NpsSummary, NumberSummary } from './stat-summaries';
import { MatrixTable, OptionTable, RankingTable, SumTable } from './stat-tables';
import { alwaysMultiple, scoredChoice } from './stat-traits';
import { TextAnswers } from './text-answers';

/** The line under the title saying what the percentages are of. */
function baseLine(stat: TSubjectStat, t: (key: string, o?: Record<string, unknown>) => string): string | null {
  switch (stat.kind) {
    case 'choice':
      if (scoredChoice(stat)) return null;
      return stat.multiple ? t('card.baseMultiple', { count: stat.base }) : t('card.base', { count: stat.base });
    case 'matrix':
      return alwaysMultiple(stat) ? t('card.matrixMultipleBase', { count: stat.base }) : t('card.matrixBase', { count: stat.base });
    case 'ranking':
      return t('card.rankBase', { count: stat.base });
    case 'sum':
      return t('card.sumBase', { count: stat.base, total: stat.sumTotal });
    default:
      return null;
  }
}

/** One subject of the statement: header, chart chosen by type (switchable), its table, NPS, exam figures or texts. */
export function SubjectCard({ stat, questionId, filter }: { stat: TSubjectStat; questionId: string; filter?: TReportFilterInput }) {
  const { t } = useTranslation(REPORT_NS);
  const kinds = kindsOf(stat);
  const [kind, setKind] = useState<TCardKind>(kinds[0] ?? 'table');
  const title = plainText(stat.title);
  const typeName = SUBJECT_TYPE_NAMES[stat.subjectType as keyof typeof SUBJECT_TYPE_NAMES]?.zh ?? '';
  const option = useMemo(() => chartFor(stat, kind, { position: (n) => t('card.position', { n }) }), [kind, stat, t]);
  const evaluation = scoredChoice(stat);
  const base = baseLine(stat, t);

  return (
    <section className={styles.card} aria-labelledby={`s-${stat.uuid}`} data-testid="subject-card">
      <header className={styles.cardHead}>
        <h3 id={`s-${stat.uuid}`}>
          {stat.index ? <span className={styles.index}>{stat.index}.</span> : null}
          {title}
          <span className={styles.typeTag}>{typeName}</span>
        </h3>
        {kinds.length ? <KindSwitch kinds={kinds} value={kind} onChange={setKind} label={t('card.chartLabel', { title })} /> : null}
      </header>
      {base ? <p className={styles.base}>{base}</p> : null}
      <ExamSummary stat={stat} />
      {stat.nps ? <NpsSummary stat={stat} /> : null}
      {stat.kind === 'number' || evaluation ? <NumberSummary stat={stat} /> : null}
      {option ? <Chart option={option} label={t('card.chartLabel', { title })} height={chartHeight(stat, kind)} /> : null}
      {(stat.kind === 'number' || evaluation) && stat.distribution && kind === 'table' ? (
        <OptionTable options={stat.distribution} firstHeader={t('card.option')} />
      ) : null}
      {stat.kind === 'choice' && stat.options && !evaluation ? <OptionTable options={stat.options} firstHeader={t('card.option')} /> : null}
      {evaluation && stat.options?.length ? (
        <div className={styles.subBlock}>
          <h4>
            {t('card.labels')}
            <span className={styles.muted}>{t('card.labelsBase', { count: stat.base })}</span>
          </h4>
          <OptionTable options={stat.options} firstHeader={t('card.labels')} />
        </div>
      ) : null}
      {stat.kind === 'matrix' ? <MatrixTable stat={stat} /> : null}
      {stat.kind === 'ranking' ? <RankingTable stat={stat} /> : null}
      {stat.kind === 'sum' ? <SumTable stat={stat} /> : null}
      {stat.kind === 'text' ? <TextAnswers stat={stat} questionId={questionId} filter={filter} /> : null}
    </section>
  );
}
