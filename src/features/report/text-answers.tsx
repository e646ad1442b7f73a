import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TReportFilterInput, TSubjectStat } from '../../../schemas/api/report';
import { formatProjectTime } from '../../../schemas/project-time';
import { subjectTextsQuery } from '../../api/report';
import { Pager } from '../../ui/pager';
import { AnswerFiles } from './answer-files';
import { REPORT_NS } from './report-i18n';
import styles from './report-styles';

/** Text answers: frequent words (when counted) beside the latest answers, with all answers paged on demand. */
export function TextAnswers({ stat, questionId, filter }: { stat: TSubjectStat; questionId: string; filter?: TReportFilterInput }) {
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
              <li key={w.word} style={{ fontSize: `${12 + Math.round((w.count / max) * 12)}px` }} title={`${w.word} × ${w.count}`}>
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
          // Scrolls on its own: focusable so a keyboard can scroll it (WCAG 2.1.1).
          <ol tabIndex={0}>
            {texts.map((x) => (
              <li key={x.sheetId}>
                {x.files ? <AnswerFiles files={x.files} compact /> : <span className={styles.textBody}>{x.text}</span>}
                <time>{formatProjectTime(x.createTime)}</time>
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
