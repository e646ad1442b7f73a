import { useTranslation } from 'react-i18next';
import type { TDetailColumn, TDetailRow } from '../../../schemas/api/report';
import { plainText } from '../../ui/subject-preview';
import { ANSWERS_NS } from './answers-i18n';
import styles from './answers-styles';
import { useDuration } from './use-duration';
import { useRelativeTime } from './use-relative-time';

const label = (c: TDetailColumn) => `${c.index ? `${c.index}. ` : ''}${plainText(c.title)}`;

interface TAnswerTableProps {
  rows: TDetailRow[];
  columns: TDetailColumn[];
  exam: boolean;
  selected: ReadonlySet<string>;
  onToggle: (sheetId: string) => void;
  onToggleAll: (all: boolean) => void;
  onOpen: (sheetId: string) => void;
}

/**
 * The sheets with their answers, one column per subject. 序号 is the row's place in the list, as 数据详情 numbers
 * the same list (newest first unless sorted otherwise); a click anywhere but the checkbox opens the sheet.
 */
export function AnswerTable({ rows, columns, exam, selected, onToggle, onToggleAll, onOpen }: TAnswerTableProps) {
  const { t } = useTranslation(ANSWERS_NS);
  const when = useRelativeTime();
  const duration = useDuration();
  const all = rows.length > 0 && rows.every((r) => selected.has(r.sheetId));
  return (
    <table className={styles.table} data-testid="answer-list">
      <thead>
        <tr>
          <th scope="col" className={styles.check}>
            <input type="checkbox" aria-label={t('list.selectAll')} checked={all} onChange={(e) => onToggleAll(e.target.checked)} />
          </th>
          <th scope="col">{t('list.no')}</th>
          <th scope="col">{t('list.time')}</th>
          <th scope="col">{t('list.duration')}</th>
          <th scope="col">{t('list.source')}</th>
          <th scope="col">{t('list.state')}</th>
          {exam ? <th scope="col">{t('list.score')}</th> : null}
          {columns.map((c) => (
            <th key={c.uuid} scope="col" className={styles.answerHead} title={label(c)}>
              {label(c)}
            </th>
          ))}
          <th scope="col">{t('records.action')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => {
          const time = when(row.createTime);
          return (
            <tr key={row.sheetId} className={styles.clickable} onClick={() => onOpen(row.sheetId)}>
              <td className={styles.check} onClick={(e) => e.stopPropagation()}>
                <input
                  type="checkbox"
                  aria-label={t('list.selectRow', { no: i + 1 })}
                  checked={selected.has(row.sheetId)}
                  onChange={() => onToggle(row.sheetId)}
                />
              </td>
              <td className={styles.num}>{i + 1}</td>
              <td>
                <time dateTime={row.createTime} title={time.absolute}>
                  {time.relative}
                </time>
                <span className={styles.sub}>{time.absolute}</span>
              </td>
              <td className={styles.num}>{duration(row.durationSeconds)}</td>
              <td>{t(`source.${row.source}`, { defaultValue: row.source })}</td>
              <td>
                {row.suspect ? (
                  <span className={styles.suspect} title={row.suspectReason ? t('list.suspectReason', { reason: row.suspectReason }) : t('list.suspectTitle')}>
                    {t('list.suspect')}
                  </span>
                ) : (
                  <span className={styles.valid}>{t('list.valid')}</span>
                )}
              </td>
              {exam ? <td className={styles.num}>{row.score ?? '—'}</td> : null}
              {columns.map((c) => {
                const text = row.cells[c.uuid] ?? '';
                return (
                  <td key={c.uuid} className={styles.answerCell} title={text}>
                    {text || <span className={styles.muted}>-</span>}
                  </td>
                );
              })}
              <td>
                <button
                  type="button"
                  className={styles.link}
                  onClick={(e) => {
                    e.stopPropagation();
                    onOpen(row.sheetId);
                  }}
                >
                  {t('list.open')}
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
