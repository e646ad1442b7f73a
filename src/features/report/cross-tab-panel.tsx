import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TReportFilterInput, TSubjectStat } from '../../../schemas/api/report';
import { crossTabQuery } from '../../api/report';
import { LoadingState } from '../../ui/states';
import { plainText } from '../../ui/subject-preview';
import { Chart } from '../../ui/chart';
import { crossTabOption, type TCrossChartMode } from './cross-tab-chart';
import { subjectLabel } from './detail-columns';
import { KindSwitch } from './kind-switch';
import { REPORT_NS } from './report-i18n';
import styles from './report-styles';

const CHART_MODES = ['share', 'count'] as const;

/** Cross-tab of two choice subjects: a chart (row shares or counts), then counts with row and column percentages. */
export function CrossTabPanel({ questionId, subjects, filter }: { questionId: string; subjects: TSubjectStat[]; filter?: TReportFilterInput }) {
  const { t } = useTranslation(REPORT_NS);
  const choices = subjects.filter((s) => s.kind === 'choice');
  const [row, setRow] = useState(choices[0]?.uuid ?? '');
  const [col, setCol] = useState(choices[1]?.uuid ?? '');
  const [mode, setMode] = useState<TCrossChartMode>('share');
  const cross = useQuery({
    ...crossTabQuery(questionId, row, col, filter),
    placeholderData: keepPreviousData,
  });
  const data = cross.data;
  // One option per answer and mode: the chart redraws only when they change.
  const option = useMemo(() => (data ? crossTabOption(data, mode) : null), [data, mode]);
  if (choices.length < 2) return null;
  const title = (uuid: string) => plainText(choices.find((s) => s.uuid === uuid)?.title ?? '');
  return (
    <section className={styles.card} aria-labelledby="cross-title" data-testid="cross-tab">
      <header className={styles.cardHead}>
        <h3 id="cross-title">{t('cross.title')}</h3>
      </header>
      <p className={styles.base}>{t('cross.desc')}</p>
      <div className={styles.crossPick}>
        <SubjectPick label={t('cross.row')} choices={choices} value={row} onChange={setRow} />
        <SubjectPick label={t('cross.col')} choices={choices} value={col} onChange={setCol} />
      </div>
      {row === col ? (
        <p className={styles.muted}>{t('cross.pick')}</p>
      ) : !data ? (
        <LoadingState />
      ) : (
        <>
          <KindSwitch kinds={CHART_MODES} value={mode} onChange={setMode} label={t('cross.chartMode')} />
          <Chart option={option!} height={Math.max(200, 56 + data.rows.length * 44)} label={t('cross.chartLabel', { row: title(row), col: title(col) })} />
          <div className={styles.scrollX} tabIndex={0}>
            <table className={styles.statTable}>
              <thead>
                <tr>
                  <th scope="col" />
                  {data.columns.map((c) => (
                    <th scope="col" key={c.uuid} className={styles.num}>
                      {plainText(c.title)}
                    </th>
                  ))}
                  <th scope="col" className={styles.num}>
                    {t('cross.total')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((r, i) => (
                  <tr key={r.uuid}>
                    <th scope="row">{plainText(r.title)}</th>
                    {data.cells[i]!.map((cell, j) => (
                      <td key={data.columns[j]!.uuid} className={styles.num}>
                        <strong>{cell.count}</strong>
                        <span className={styles.cellPct}>
                          {t('cross.rowPct')} {cell.rowPercent}%
                        </span>
                        <span className={styles.cellPct}>
                          {t('cross.colPct')} {cell.colPercent}%
                        </span>
                      </td>
                    ))}
                    <td className={styles.num}>{data.rowTotals[i]}</td>
                  </tr>
                ))}
                <tr className={styles.totalRow}>
                  <th scope="row">{t('cross.total')}</th>
                  {data.colTotals.map((n, j) => (
                    <td key={data.columns[j]!.uuid} className={styles.num}>
                      {n}
                    </td>
                  ))}
                  <td className={styles.num}>{data.total}</td>
                </tr>
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/** One side of the cross-tab: which choice subject it reads. */
function SubjectPick({ label, choices, value, onChange }: { label: string; choices: TSubjectStat[]; value: string; onChange: (uuid: string) => void }) {
  return (
    <label>
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {choices.map((s) => (
          <option key={s.uuid} value={s.uuid}>
            {subjectLabel(s)}
          </option>
        ))}
      </select>
    </label>
  );
}
