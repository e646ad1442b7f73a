import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TReportFilterInput, TSubjectStat } from '../../../schemas/api/report';
import { crossTabQuery, dataDetailQuery, quotaQuery, rankQuery, scoreQuery, type TDetailSort } from '../../api/report';
import { cx } from '../../ui/cx';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { plainText } from '../../ui/subject-preview';
import { Chart } from './chart';
import { barOption } from './chart-options';
import { REPORT_NS } from './report-i18n';
import styles from './report.module.css';

const subjectLabel = (s: { index: number | null; title: string }) => `${s.index ? `${s.index}. ` : ''}${plainText(s.title)}`;

export function useDuration() {
  const { t } = useTranslation(REPORT_NS);
  return (seconds: number) => {
    const s = Math.max(0, Math.round(seconds));
    if (s < 60) return t('duration.seconds', { s });
    if (s < 3600) return t('duration.minutes', { m: Math.floor(s / 60), s: String(s % 60).padStart(2, '0') });
    return t('duration.hours', { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
  };
}

export const formatTime = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

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
        <div className={styles.scrollX}>
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

const PAGE_SIZE = 20;

/** Server-paged, server-sorted table of sheets; a row opens the sheet. */
export function DataDetailPanel({ questionId, filter, exam }: { questionId: string; filter?: TReportFilterInput; exam: boolean }) {
  const { t } = useTranslation(REPORT_NS);
  const navigate = useNavigate();
  const duration = useDuration();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<TDetailSort>('createTime');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const detail = useQuery({ ...dataDetailQuery(questionId, { page, pageSize: PAGE_SIZE, sort, order, filter }), placeholderData: keepPreviousData });
  if (detail.isPending) return <LoadingState />;
  if (!detail.data) return <ErrorState title={t('loadError')} description={detail.error?.message} />;
  const { columns, list, total } = detail.data;
  if (!list.length) return <EmptyState title={t('detail.empty')} />;
  const open = (sheetId: string) => void navigate({ href: `/questionnaire/answerSheetDetail.html?questionId=${encodeURIComponent(questionId)}&sheetId=${encodeURIComponent(sheetId)}` });
  const sortHead = (key: TDetailSort, text: string) => (
    <th scope="col" aria-sort={sort === key ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        className={cx(styles.sortButton, sort === key && styles.sortOn)}
        onClick={() => {
          if (sort === key) setOrder(order === 'asc' ? 'desc' : 'asc');
          else {
            setSort(key);
            setOrder('desc');
          }
          setPage(1);
        }}
      >
        {text}
        {sort === key ? order === 'asc' ? <ArrowUp size={12} aria-label={t('detail.sortAsc')} /> : <ArrowDown size={12} aria-label={t('detail.sortDesc')} /> : null}
      </button>
    </th>
  );
  return (
    <div className={styles.detailWrap}>
      <div className={styles.scrollX}>
        <table className={styles.detailTable} data-testid="data-detail">
          <thead>
            <tr>
              <th scope="col">{t('detail.no')}</th>
              {sortHead('createTime', t('detail.time'))}
              {sortHead('duration', t('detail.duration'))}
              <th scope="col">{t('detail.source')}</th>
              {exam ? sortHead('score', t('detail.score')) : null}
              {columns.map((c) => (
                <th scope="col" key={c.uuid} title={plainText(c.title)}>
                  {subjectLabel(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.map((r, i) => (
              <tr key={r.sheetId} tabIndex={0} onClick={() => open(r.sheetId)} onKeyDown={(e) => e.key === 'Enter' && open(r.sheetId)} className={cx(r.suspect && styles.suspectRow)}>
                <td>
                  {(page - 1) * PAGE_SIZE + i + 1}
                  {r.suspect ? <span className={styles.badgeWarn}>{t('detail.suspect')}</span> : null}
                  {r.status === 0 ? <span className={styles.badge}>{t('detail.inBin')}</span> : null}
                </td>
                <td>{formatTime(r.createTime)}</td>
                <td>{duration(r.durationSeconds)}</td>
                <td>{t(`sources.${r.source}`, { defaultValue: r.source })}</td>
                {exam ? <td>{r.score ?? '-'}</td> : null}
                {columns.map((c) => (
                  <td key={c.uuid} className={styles.cell} title={r.cells[c.uuid]}>
                    {r.cells[c.uuid] || <span className={styles.muted}>-</span>}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} pageSize={PAGE_SIZE} total={total} onChange={setPage} totalLabel={t('pager.total', { total })} label={t('pager.label')} previousLabel={t('pager.prev')} nextLabel={t('pager.next')} />
    </div>
  );
}

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
        <div><dt>{t('score.count')}</dt><dd>{s.count}</dd></div>
        <div><dt>{t('score.average')}</dt><dd>{s.average ?? '-'}</dd></div>
        <div><dt>{t('score.highest')}</dt><dd>{s.highest ?? '-'}</dd></div>
        <div><dt>{t('score.lowest')}</dt><dd>{s.lowest ?? '-'}</dd></div>
        <div><dt>{t('score.full')}</dt><dd>{s.maxTotal}</dd></div>
      </dl>
      <section className={styles.card}>
        <header className={styles.cardHead}><h3>{t('score.distribution')}</h3></header>
        <Chart label={t('score.distribution')} option={barOption(s.buckets.map((b, i) => ({ uuid: String(i), title: `${b.from}~${b.to}`, count: b.count, percent: s.count ? Math.round((b.count / s.count) * 10000) / 100 : 0 })))} />
      </section>
      <section className={styles.card}>
        <header className={styles.cardHead}><h3>{t('score.rank')}</h3></header>
        <table className={styles.statTable}>
          <thead>
            <tr><th scope="col">{t('score.rankNo')}</th><th scope="col">{t('detail.score')}</th><th scope="col">{t('detail.duration')}</th><th scope="col">{t('detail.time')}</th></tr>
          </thead>
          <tbody>
            {rank.data?.list.map((r) => (
              <tr key={r.sheetId}><td>{r.rank}</td><td>{r.score}</td><td>{duration(r.durationSeconds)}</td><td>{formatTime(r.createTime)}</td></tr>
            ))}
          </tbody>
        </table>
        {rank.data ? <Pager page={page} pageSize={20} total={rank.data.total} onChange={setPage} totalLabel={t('pager.total', { total: rank.data.total })} label={t('pager.label')} previousLabel={t('pager.prev')} nextLabel={t('pager.next')} /> : null}
      </section>
    </div>
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
