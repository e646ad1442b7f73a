import { useTranslation } from 'react-i18next';
import type { TOptionStat, TSubjectStat } from '../../../schemas/api/report';
import { plainText } from '../../ui/subject-preview';
import { REPORT_NS } from './report-i18n';
import { alwaysMultiple, onPoints } from './stat-traits';
import styles from './report-styles';

function PercentCell({ percent }: { percent: number }) {
  return (
    <td className={styles.pctCol}>
      <span className={styles.pctBar} aria-hidden>
        <span style={{ width: `${Math.min(percent, 100)}%` }} />
      </span>
      <span className={styles.pctText}>{percent.toFixed(2)}%</span>
    </td>
  );
}

/** Option, count and percent with an inline bar. */
export function OptionTable({ options, firstHeader }: { options: TOptionStat[]; firstHeader: string }) {
  const { t } = useTranslation(REPORT_NS);
  return (
    <table className={styles.statTable}>
      <thead>
        <tr>
          <th scope="col">{firstHeader}</th>
          <th scope="col" className={styles.num}>
            {t('card.count')}
          </th>
          <th scope="col" className={styles.pctCol}>
            {t('card.percent')}
          </th>
        </tr>
      </thead>
      <tbody>
        {options.map((o) => (
          <tr key={o.uuid}>
            <td>{plainText(o.title)}</td>
            <td className={styles.num}>{o.count}</td>
            <PercentCell percent={o.percent} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Rows × columns with counts and row percents; matrix multiple adds each row's answers, matrix scale its mean and spread. */
export function MatrixTable({ stat }: { stat: TSubjectStat }) {
  const { t } = useTranslation(REPORT_NS);
  const scale = onPoints(stat);
  const multiple = alwaysMultiple(stat);
  return (
    <div className={styles.scrollX} tabIndex={0}>
      <table className={styles.statTable}>
        <thead>
          <tr>
            <th scope="col">{t('card.row')}</th>
            {stat.columns!.map((c) => (
              <th scope="col" key={c.uuid} className={styles.num}>
                {plainText(c.title)}
              </th>
            ))}
            {multiple ? (
              <th scope="col" className={styles.num}>
                {t('card.rowBase')}
              </th>
            ) : null}
            {scale ? (
              <th scope="col" className={styles.num}>
                {t('card.rowAverage')}
              </th>
            ) : null}
            {scale ? (
              <th scope="col" className={styles.num}>
                {t('card.sd')}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {stat.rows!.map((r) => (
            <tr key={r.uuid}>
              <td>{plainText(r.title)}</td>
              {r.cells.map((c) => (
                <td key={c.uuid} className={styles.num}>
                  {c.count}
                  <span className={styles.cellPct}>({c.percent.toFixed(2)}%)</span>
                </td>
              ))}
              {multiple ? <td className={styles.num}>{r.base}</td> : null}
              {scale ? <td className={styles.num}>{r.average ?? '-'}</td> : null}
              {scale ? <td className={styles.num}>{r.sd ?? '-'}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Ranking: options by average position, with how many sheets put each at each position. */
export function RankingTable({ stat }: { stat: TSubjectStat }) {
  const { t } = useTranslation(REPORT_NS);
  const ranking = stat.ranking ?? [];
  const places = ranking[0]?.positions.length ?? 0;
  return (
    <div className={styles.scrollX} tabIndex={0}>
      <table className={styles.statTable}>
        <thead>
          <tr>
            <th scope="col">{t('card.option')}</th>
            <th scope="col" className={styles.num}>
              {t('card.avgPosition')}
            </th>
            <th scope="col" className={styles.num}>
              {t('card.rankCount')}
            </th>
            {Array.from({ length: places }, (_, p) => (
              <th scope="col" key={p} className={styles.num}>
                {t('card.position', { n: p + 1 })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ranking.map((r) => (
            <tr key={r.uuid}>
              <td>{plainText(r.title)}</td>
              <td className={styles.num}>
                <strong>{r.avgPosition ?? '-'}</strong>
              </td>
              <td className={styles.num}>{r.count}</td>
              {r.positions.map((n, p) => (
                <td key={p} className={styles.num}>
                  {n}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Constant sum: average allotted per item, its share of the total, the lowest and highest amounts. */
export function SumTable({ stat }: { stat: TSubjectStat }) {
  const { t } = useTranslation(REPORT_NS);
  return (
    <div className={styles.scrollX} tabIndex={0}>
      <table className={styles.statTable}>
        <thead>
          <tr>
            <th scope="col">{t('card.item')}</th>
            <th scope="col" className={styles.num}>
              {t('card.sumAvg')}
            </th>
            <th scope="col" className={styles.num}>
              {t('card.min')}
            </th>
            <th scope="col" className={styles.num}>
              {t('card.max')}
            </th>
            <th scope="col" className={styles.pctCol}>
              {t('card.sumShare')}
            </th>
          </tr>
        </thead>
        <tbody>
          {(stat.sums ?? []).map((x) => (
            <tr key={x.uuid}>
              <td>{plainText(x.title)}</td>
              <td className={styles.num}>
                <strong>{x.avg}</strong>
              </td>
              <td className={styles.num}>{x.min}</td>
              <td className={styles.num}>{x.max}</td>
              <PercentCell percent={x.share} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
