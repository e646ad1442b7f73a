import { Plus, RotateCcw, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseProjectTime } from '../../../schemas/project-time';
import type { TAnswerCondition, TReportFilterInput, TSubjectStat } from '../../../schemas/api/report';
import { Button } from '../../ui/button';
import { DateTimeField } from '../../ui/date-time-field';
import { plainText } from '../../ui/subject-preview';
import { REPORT_NS } from './report-i18n';
import styles from './report.module.css';

export const SOURCE_KEYS = ['link', 'qr', 'embed', 'wechat', 'preview'] as const;
type TSource = (typeof SOURCE_KEYS)[number];

interface TDraft {
  from: string;
  to: string;
  source: '' | TSource;
  suspect: 'all' | 'exclude' | 'only';
  scope: 'valid' | 'bin' | 'all';
  match: 'all' | 'any';
  conditions: TAnswerCondition[];
}

const EMPTY: TDraft = { from: '', to: '', source: '', suspect: 'all', scope: 'valid', match: 'all', conditions: [] };

/** The draft as the calls take it; undefined when it filters nothing (the unfiltered report reads counters). */
export function toFilter(d: TDraft): TReportFilterInput | undefined {
  const f: TReportFilterInput = {};
  // The picker's times are the project's zone, like every time the report shows.
  if (d.from && parseProjectTime(d.from)) f.from = parseProjectTime(d.from);
  if (d.to && parseProjectTime(d.to)) f.to = parseProjectTime(d.to);
  if (d.source) f.sources = [d.source];
  if (d.suspect !== 'all') f.suspect = d.suspect;
  if (d.scope !== 'valid') f.scope = d.scope;
  if (d.conditions.length) {
    f.conditions = d.conditions;
    f.match = d.match;
  }
  return Object.keys(f).length ? f : undefined;
}

/** Parts a condition can name: options of choice subjects, row:column of matrices. */
function choicesOf(s: TSubjectStat): { value: string; label: string }[] {
  if (s.options && s.kind === 'choice') return s.options.map((o) => ({ value: o.uuid, label: plainText(o.title) }));
  if (s.kind === 'matrix')
    return s.rows!.flatMap((r) => s.columns!.map((c) => ({ value: `${r.uuid}:${c.uuid}`, label: `${plainText(r.title)} - ${plainText(c.title)}` })));
  return [];
}

const label = (s: TSubjectStat) => `${s.index ? `${s.index}. ` : ''}${plainText(s.title)}`;

export function FilterBar({ subjects, onApply }: { subjects: TSubjectStat[]; onApply: (filter: TReportFilterInput | undefined) => void }) {
  const { t } = useTranslation(REPORT_NS);
  const [d, setD] = useState<TDraft>(EMPTY);
  const conditionable = subjects.filter((s) => s.kind === 'choice' || s.kind === 'matrix' || s.kind === 'number');
  const set = (patch: Partial<TDraft>) => setD((x) => ({ ...x, ...patch }));
  const setCondition = (i: number, c: TAnswerCondition) => set({ conditions: d.conditions.map((x, j) => (j === i ? c : x)) });

  const fresh = (s: TSubjectStat): TAnswerCondition =>
    s.kind === 'number' ? { op: 'greater', subject: s.uuid, value: 0 } : { op: 'chose', subject: s.uuid, option: choicesOf(s)[0]?.value ?? '' };

  return (
    <form
      className={styles.filterBar}
      aria-label={t('filter.title')}
      onSubmit={(e) => {
        e.preventDefault();
        onApply(toFilter(d));
      }}
    >
      <div className={styles.filterRow}>
        <label>
          <span>{t('filter.from')}</span>
          <DateTimeField mode="datetime" label={t('filter.from')} value={d.from} onChange={(from) => set({ from })} />
        </label>
        <label>
          <span>{t('filter.to')}</span>
          <DateTimeField mode="datetime" label={t('filter.to')} value={d.to} onChange={(to) => set({ to })} />
        </label>
        <label>
          <span>{t('filter.source')}</span>
          <select value={d.source} onChange={(e) => set({ source: e.target.value as TDraft['source'] })}>
            <option value="">{t('filter.allSources')}</option>
            {SOURCE_KEYS.map((k) => (
              <option key={k} value={k}>
                {t(`sources.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('filter.suspect')}</span>
          <select value={d.suspect} onChange={(e) => set({ suspect: e.target.value as TDraft['suspect'] })}>
            <option value="all">{t('filter.suspectAll')}</option>
            <option value="exclude">{t('filter.suspectExclude')}</option>
            <option value="only">{t('filter.suspectOnly')}</option>
          </select>
        </label>
        <label>
          <span>{t('filter.scope')}</span>
          <select value={d.scope} onChange={(e) => set({ scope: e.target.value as TDraft['scope'] })}>
            <option value="valid">{t('filter.scopeValid')}</option>
            <option value="bin">{t('filter.scopeBin')}</option>
            <option value="all">{t('filter.scopeAll')}</option>
          </select>
        </label>
      </div>
      {d.conditions.map((c, i) => {
        const subject = conditionable.find((s) => s.uuid === c.subject);
        return (
          <div className={styles.condition} key={i} data-testid="condition">
            <select
              aria-label={t('filter.subject')}
              value={c.subject}
              onChange={(e) => setCondition(i, fresh(conditionable.find((s) => s.uuid === e.target.value)!))}
            >
              {conditionable.map((s) => (
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
                  onChange={(e) => setCondition(i, { op: e.target.value as 'greater', subject: c.subject, value: 'value' in c ? c.value : 0 })}
                >
                  <option value="greater">{t('filter.greater')}</option>
                  <option value="less">{t('filter.less')}</option>
                  <option value="equals">{t('filter.equals')}</option>
                </select>
                <input
                  type="number"
                  aria-label={t('filter.value')}
                  value={'value' in c ? c.value : 0}
                  onChange={(e) => setCondition(i, { op: c.op as 'greater', subject: c.subject, value: Number(e.target.value) || 0 })}
                />
              </>
            ) : (
              <>
                <select
                  aria-label={t('filter.chose')}
                  value={c.op}
                  onChange={(e) => setCondition(i, { op: e.target.value as 'chose', subject: c.subject, option: 'option' in c ? c.option : '' })}
                >
                  <option value="chose">{t('filter.chose')}</option>
                  <option value="notChose">{t('filter.notChose')}</option>
                </select>
                <select
                  aria-label={t('filter.option')}
                  value={'option' in c ? c.option : ''}
                  onChange={(e) => setCondition(i, { op: c.op as 'chose', subject: c.subject, option: e.target.value })}
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
            <Button variant="ghost" size="sm" icon aria-label={t('filter.remove')} onClick={() => set({ conditions: d.conditions.filter((_, j) => j !== i) })}>
              <X size={14} aria-hidden />
            </Button>
          </div>
        );
      })}
      <div className={styles.filterActions}>
        <Button
          size="sm"
          variant="ghost"
          disabled={!conditionable.length || d.conditions.length >= 20}
          onClick={() => set({ conditions: [...d.conditions, fresh(conditionable[0]!)] })}
        >
          <Plus size={14} aria-hidden />
          {t('filter.addCondition')}
        </Button>
        {d.conditions.length > 1 ? (
          <select aria-label={t('filter.matchAll')} value={d.match} onChange={(e) => set({ match: e.target.value as 'all' | 'any' })}>
            <option value="all">{t('filter.matchAll')}</option>
            <option value="any">{t('filter.matchAny')}</option>
          </select>
        ) : null}
        <span className={styles.grow} />
        <Button
          size="sm"
          onClick={() => {
            setD(EMPTY);
            onApply(undefined);
          }}
        >
          <RotateCcw size={14} aria-hidden />
          {t('filter.reset')}
        </Button>
        <Button size="sm" variant="primary" type="submit">
          {t('filter.apply')}
        </Button>
      </div>
    </form>
  );
}
