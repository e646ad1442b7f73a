import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TAnswerCondition, TSubjectStat } from '../../../schemas/api/report';
import { Button } from '../../ui/button';
import { plainText } from '../../ui/subject-preview';
import { REPORT_NS } from './report-i18n';
import styles from './report-styles';

/** Parts a condition can name: options of choice subjects, row:column of matrices. */
function choicesOf(s: TSubjectStat): { value: string; label: string }[] {
  if (s.options && s.kind === 'choice') return s.options.map((o) => ({ value: o.uuid, label: plainText(o.title) }));
  if (s.kind === 'matrix')
    return s.rows!.flatMap((r) => s.columns!.map((c) => ({ value: `${r.uuid}:${c.uuid}`, label: `${plainText(r.title)} - ${plainText(c.title)}` })));
  return [];
}

const label = (s: TSubjectStat) => `${s.index ? `${s.index}. ` : ''}${plainText(s.title)}`;

/** A new condition on a subject: a number greater than 0, or its first option chosen. */
export function freshCondition(s: TSubjectStat): TAnswerCondition {
  return s.kind === 'number' ? { op: 'greater', subject: s.uuid, value: 0 } : { op: 'chose', subject: s.uuid, option: choicesOf(s)[0]?.value ?? '' };
}

/** One answer condition of the filter: its subject, then a comparison with a number or an option chosen or not. */
export function ConditionRow({
  condition: c,
  subjects,
  onChange,
  onRemove,
}: {
  condition: TAnswerCondition;
  subjects: TSubjectStat[];
  onChange: (next: TAnswerCondition) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation(REPORT_NS);
  const subject = subjects.find((s) => s.uuid === c.subject);
  return (
    <div className={styles.condition} data-testid="condition">
      <select aria-label={t('filter.subject')} value={c.subject} onChange={(e) => onChange(freshCondition(subjects.find((s) => s.uuid === e.target.value)!))}>
        {subjects.map((s) => (
          <option key={s.uuid} value={s.uuid}>
            {label(s)}
          </option>
        ))}
      </select>
      {subject?.kind === 'number' ? (
        <>
          <select
            aria-label={t('filter.value')}
            value={c.op}
            onChange={(e) => onChange({ op: e.target.value as 'greater', subject: c.subject, value: 'value' in c ? c.value : 0 })}
          >
            <option value="greater">{t('filter.greater')}</option>
            <option value="less">{t('filter.less')}</option>
            <option value="equals">{t('filter.equals')}</option>
          </select>
          <input
            type="number"
            aria-label={t('filter.value')}
            value={'value' in c ? c.value : 0}
            onChange={(e) => onChange({ op: c.op as 'greater', subject: c.subject, value: Number(e.target.value) || 0 })}
          />
        </>
      ) : (
        <>
          <select
            aria-label={t('filter.chose')}
            value={c.op}
            onChange={(e) => onChange({ op: e.target.value as 'chose', subject: c.subject, option: 'option' in c ? c.option : '' })}
          >
            <option value="chose">{t('filter.chose')}</option>
            <option value="notChose">{t('filter.notChose')}</option>
          </select>
          <select
            aria-label={t('filter.option')}
            value={'option' in c ? c.option : ''}
            onChange={(e) => onChange({ op: c.op as 'chose', subject: c.subject, option: e.target.value })}
          >
            {subject
              ? choicesOf(subject).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))
              : null}
          </select>
        </>
      )}
      <Button variant="ghost" size="sm" icon aria-label={t('filter.remove')} onClick={onRemove}>
        <X size={14} aria-hidden />
      </Button>
    </div>
  );
}
