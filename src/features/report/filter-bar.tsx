import { Plus, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseProjectTime } from '../../../schemas/project-time';
import type { TAnswerCondition, TReportFilterInput, TSubjectStat } from '../../../schemas/api/report';
import { Button } from '../../ui/button';
import { DateTimeField } from '../../ui/date-time-field';
import { ConditionRow, freshCondition } from './filter-condition';
import { REPORT_NS } from './report-i18n';
import styles from './report-styles';

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

/** The report's filter form: time range, source, suspect and scope, and answer conditions (all or any of them). */
export function FilterBar({ subjects, onApply }: { subjects: TSubjectStat[]; onApply: (filter: TReportFilterInput | undefined) => void }) {
  const { t } = useTranslation(REPORT_NS);
  const [d, setD] = useState<TDraft>(EMPTY);
  const conditionable = subjects.filter((s) => s.kind === 'choice' || s.kind === 'matrix' || s.kind === 'number');
  const set = (patch: Partial<TDraft>) => setD((x) => ({ ...x, ...patch }));
  const setCondition = (i: number, c: TAnswerCondition) => set({ conditions: d.conditions.map((x, j) => (j === i ? c : x)) });

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
      {d.conditions.map((c, i) => (
        <ConditionRow
          key={i}
          condition={c}
          subjects={conditionable}
          onChange={(next) => setCondition(i, next)}
          onRemove={() => set({ conditions: d.conditions.filter((_, j) => j !== i) })}
        />
      ))}
      <div className={styles.filterActions}>
        <Button
          size="sm"
          variant="ghost"
          disabled={!conditionable.length || d.conditions.length >= 20}
          onClick={() => set({ conditions: [...d.conditions, freshCondition(conditionable[0]!)] })}
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
