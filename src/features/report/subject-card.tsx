import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TOptionStat, TReportFilterInput, TSubjectStat } from '../../../schemas/api/report';
import { SUBJECT_TYPE_NAMES } from '../../../schemas/subjects/subject-types';
import { subjectTextsQuery } from '../../api/report';
import { Pager } from '../../ui/pager';
import { plainText } from '../../ui/subject-preview';
import { cx } from '../../ui/cx';
import { Chart } from './chart';
import { barOption, distributionOption, pieOption, stackedOption } from './chart-options';
import { REPORT_NS } from './report-i18n';
import styles from './report.module.css';

type TKind = 'bar' | 'pie' | 'table' | 'stacked';

const kindsOf = (s: TSubjectStat): TKind[] => {
  if (s.kind === 'matrix') return ['stacked', 'bar', 'table'];
  if (s.kind === 'number') return ['bar', 'table'];
  return s.multiple ? ['bar', 'table'] : ['bar', 'pie', 'table'];
};

function OptionTable({ options, firstHeader }: { options: TOptionStat[]; firstHeader: string }) {
  const { t } = useTranslation(REPORT_NS);
  return (
    <table className={styles.statTable}>
      <thead>
        <tr>
          <th scope="col">{firstHeader}</th>
          <th scope="col" className={styles.num}>{t('card.count')}</th>
          <th scope="col" className={styles.pctCol}>{t('card.percent')}</th>
        </tr>
      </thead>
      <tbody>
        {options.map((o) => (
          <tr key={o.uuid}>
            <td>{plainText(o.title)}</td>
            <td className={styles.num}>{o.count}</td>
            <td className={styles.pctCol}>
              <span className={styles.pctBar} aria-hidden>
                <span style={{ width: `${Math.min(o.percent, 100)}%` }} />
              </span>
              <span className={styles.pctText}>{o.percent.toFixed(2)}%</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MatrixTable({ stat }: { stat: TSubjectStat }) {
  const { t } = useTranslation(REPORT_NS);
  const scale = stat.subjectType === 18;
  return (
    <div className={styles.scrollX}>
      <table className={styles.statTable}>
        <thead>
          <tr>
            <th scope="col">{t('card.row')}</th>
            {stat.columns!.map((c) => (
              <th scope="col" key={c.uuid} className={styles.num}>
                {plainText(c.title)}
              </th>
            ))}
            {scale ? <th scope="col" className={styles.num}>{t('card.rowAverage')}</th> : null}
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
              {scale ? <td className={styles.num}>{r.average ?? '-'}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function NumberSummary({ stat }: { stat: TSubjectStat }) {
  const { t } = useTranslation(REPORT_NS);
  const n = stat.number;
  if (!n) return null;
  return (
    <dl className={styles.figures}>
      <div>
        <dt>{t('card.answered')}</dt>
        <dd>{n.count}</dd>
      </div>
      <div>
        <dt>{t('card.average')}</dt>
        <dd>{n.avg ?? '-'}</dd>
      </div>
      <div>
        <dt>{t('card.min')}</dt>
        <dd>{n.min ?? '-'}</dd>
      </div>
      <div>
        <dt>{t('card.max')}</dt>
        <dd>{n.max ?? '-'}</dd>
      </div>
    </dl>
  );
}

function NpsSummary({ stat }: { stat: TSubjectStat }) {
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
        <li><i className={styles.promoters} />{t('card.nps.promoters')} {nps.promoters}（{share(nps.promoters)}%）</li>
        <li><i className={styles.passives} />{t('card.nps.passives')} {nps.passives}（{share(nps.passives)}%）</li>
        <li><i className={styles.detractors} />{t('card.nps.detractors')} {nps.detractors}（{share(nps.detractors)}%）</li>
      </ul>
    </div>
  );
}

function TextAnswers({ stat, questionId, filter }: { stat: TSubjectStat; questionId: string; filter?: TReportFilterInput }) {
  const { t } = useTranslation(REPORT_NS);
  const [page, setPage] = useState(0);
  const more = useQuery({ ...subjectTextsQuery(questionId, stat.uuid, page || 1, filter), enabled: page > 0 });
  const texts = page > 0 && more.data ? more.data.list : (stat.texts ?? []);
  const max = stat.words?.[0]?.count ?? 1;
  return (
    <div className={styles.textBlock}>
      {stat.words?.length ? (
        <div className={styles.words} aria-label={t('card.words')}>
          <h4>{t('card.words')}</h4>
          <ul>
            {stat.words.slice(0, 30).map((w) => (
              <li key={w.word} style={{ fontSize: `${12 + Math.round((w.count / max) * 12)}px`, opacity: 0.55 + (w.count / max) * 0.45 }} title={`${w.word} × ${w.count}`}>
                {w.word}
                <sup>{w.count}</sup>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className={styles.texts}>
        <h4>{t('card.texts')}</h4>
        {texts.length ? (
          <ol>
            {texts.map((x) => (
              <li key={x.sheetId}>
                <span className={styles.textBody}>{x.text}</span>
                <time>{new Date(x.createTime).toLocaleString('zh-CN', { hour12: false })}</time>
              </li>
            ))}
          </ol>
        ) : (
          <p className={styles.muted}>{t('card.noTexts')}</p>
        )}
        {page === 0 && (stat.texts?.length ?? 0) >= 20 ? (
          <button type="button" className={styles.linkButton} onClick={() => setPage(1)}>
            {t('card.more')}
          </button>
        ) : null}
        {page > 0 && more.data ? (
          <Pager
            page={page}
            pageSize={20}
            total={more.data.total}
            onChange={setPage}
            totalLabel={t('pager.total', { total: more.data.total })}
            label={t('pager.label')}
            previousLabel={t('pager.prev')}
            nextLabel={t('pager.next')}
          />
        ) : null}
      </div>
    </div>
  );
}

/** One subject of the statement: header, chart chosen by type (switchable), table, NPS or texts. */
export function SubjectCard({ stat, questionId, filter }: { stat: TSubjectStat; questionId: string; filter?: TReportFilterInput }) {
  const { t } = useTranslation(REPORT_NS);
  const kinds = kindsOf(stat);
  const [kind, setKind] = useState<TKind>(kinds[0]!);
  const title = plainText(stat.title);
  const typeName = SUBJECT_TYPE_NAMES[stat.subjectType as keyof typeof SUBJECT_TYPE_NAMES]?.zh ?? '';
  const option = useMemo(() => {
    if (kind === 'table') return null;
    if (stat.kind === 'choice' && stat.options) return kind === 'pie' ? pieOption(stat.options) : barOption(stat.options, stat.options.length > 6);
    if (stat.kind === 'matrix') return kind === 'stacked' ? stackedOption(stat) : barOption(stat.rows!.map((r) => ({ uuid: r.uuid, title: r.title, count: r.base, percent: 0 })), true);
    if (stat.kind === 'number' && stat.distribution) return distributionOption(stat.distribution);
    return null;
  }, [kind, stat]);

  return (
    <section className={styles.card} aria-labelledby={`s-${stat.uuid}`} data-testid="subject-card">
      <header className={styles.cardHead}>
        <h3 id={`s-${stat.uuid}`}>
          {stat.index ? <span className={styles.index}>{stat.index}.</span> : null}
          {title}
          <span className={styles.typeTag}>{typeName}</span>
        </h3>
        {stat.kind !== 'text' ? (
          <div className={styles.kinds} role="group" aria-label={t('card.chartLabel', { title })}>
            {kinds.map((k) => (
              <button key={k} type="button" className={cx(styles.kind, k === kind && styles.kindOn)} aria-pressed={k === kind} onClick={() => setKind(k)}>
                {t(`card.kind.${k}`)}
              </button>
            ))}
          </div>
        ) : null}
      </header>
      {stat.kind === 'choice' || stat.kind === 'matrix' ? (
        <p className={styles.base}>{stat.multiple ? t('card.baseMultiple', { count: stat.base }) : t('card.base', { count: stat.base })}</p>
      ) : null}
      {stat.nps ? <NpsSummary stat={stat} /> : null}
      {stat.kind === 'number' || stat.subjectType === 38 ? <NumberSummary stat={stat} /> : null}
      {option ? <Chart option={option} label={t('card.chartLabel', { title })} height={stat.kind === 'matrix' ? Math.max(240, stat.rows!.length * 48 + 80) : 280} /> : null}
      {stat.kind === 'choice' && stat.options ? <OptionTable options={stat.options} firstHeader={t('card.option')} /> : null}
      {stat.kind === 'matrix' ? <MatrixTable stat={stat} /> : null}
      {stat.kind === 'number' && stat.distribution && kind === 'table' ? <OptionTable options={stat.distribution} firstHeader={t('card.option')} /> : null}
      {stat.kind === 'text' ? <TextAnswers stat={stat} questionId={questionId} filter={filter} /> : null}
    </section>
  );
}
