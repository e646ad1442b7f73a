import { useTranslation } from 'react-i18next';
import type { TSheetDetail } from '../../../schemas/api/report';
import { plainText } from '../../ui/subject-preview';
import { AnswerFiles } from './answer-files';
import { formatTime } from './detail-columns';
import { useDuration } from './duration';
import { REPORT_NS } from './report-i18n';
import styles from './report-styles';

/** One answer sheet's figures (submitted, time taken, source, score) and its answers, with scores and files. */
export function SheetBody({ sheet: s }: { sheet: TSheetDetail }) {
  const { t } = useTranslation(REPORT_NS);
  const duration = useDuration();
  return (
    <>
      <dl className={styles.figures}>
        <div>
          <dt>{t('sheet.submitted')}</dt>
          <dd className={styles.small}>{formatTime(s.createTime)}</dd>
        </div>
        <div>
          <dt>{t('sheet.duration')}</dt>
          <dd className={styles.small}>{duration(s.durationSeconds)}</dd>
        </div>
        <div>
          <dt>{t('sheet.source')}</dt>
          <dd className={styles.small}>{t(`sources.${s.source}`, { defaultValue: s.source })}</dd>
        </div>
        {s.score !== null ? (
          <div>
            <dt>{t('sheet.score')}</dt>
            <dd className={styles.small}>
              {s.score}
              {s.maxScore !== null ? ` / ${s.maxScore}` : ''}
            </dd>
          </div>
        ) : null}
      </dl>
      <ol className={styles.answers}>
        {s.answers.map((a) => (
          <li key={a.uuid} className={styles.card}>
            <h3>
              {a.index ? <span className={styles.index}>{a.index}.</span> : null}
              {plainText(a.title)}
              {a.score !== null ? (
                <span className={styles.typeTag}>
                  {a.score} / {a.maxScore}
                </span>
              ) : null}
            </h3>
            {a.files?.length ? (
              <div className={styles.answerText}>
                <AnswerFiles files={a.files} />
              </div>
            ) : (
              <p className={styles.answerText}>{a.text || <span className={styles.muted}>{t('sheet.noAnswer')}</span>}</p>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
