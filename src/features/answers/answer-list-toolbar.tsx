import { RotateCcw, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SOURCES } from '../../../schemas/api/write';
import type { TReportFilterInput } from '../../../schemas/api/report';
import { parseProjectTime } from '../../../schemas/project-time';
import { Button } from '../../ui/button';
import { DateTimeField } from '../../ui/date-time-field';
import { useDebounced } from '../../ui/use-debounced';
import { ANSWERS_NS } from './answers-i18n';
import styles from './answers-styles';

export interface TListDraft {
  search: string;
  from: string;
  to: string;
  source: string;
  suspect: 'all' | 'exclude' | 'only';
}

export const EMPTY_DRAFT: TListDraft = { search: '', from: '', to: '', source: '', suspect: 'all' };

/** The request filter of the toolbar's values; undefined when nothing narrows the list. Times are Beijing time. */
export function draftFilter(d: TListDraft): TReportFilterInput | undefined {
  const f: TReportFilterInput = {};
  if (d.search.trim()) f.search = d.search.trim();
  if (d.from && parseProjectTime(d.from)) f.from = parseProjectTime(d.from);
  if (d.to && parseProjectTime(d.to)) f.to = parseProjectTime(d.to);
  if (d.source) f.sources = [d.source as (typeof SOURCES)[number]];
  if (d.suspect !== 'all') f.suspect = d.suspect;
  return Object.keys(f).length ? f : undefined;
}

/** Search (as you type, debounced), time range, source and the invalid flag; every change applies at once. */
export function AnswerListToolbar({ onChange }: { onChange: (draft: TListDraft) => void }) {
  const { t } = useTranslation(ANSWERS_NS);
  const [draft, setDraft] = useState<TListDraft>(EMPTY_DRAFT);
  const [search, setSearch] = useState('');
  const settled = useDebounced(search, 300);
  useEffect(() => {
    onChange({ ...draft, search: settled });
  }, [draft, settled, onChange]);
  const set = (patch: Partial<TListDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const changed = search !== '' || JSON.stringify(draft) !== JSON.stringify(EMPTY_DRAFT);

  return (
    <div className={styles.toolbar} role="search">
      <label className={styles.searchBox}>
        <Search size={14} aria-hidden />
        <input
          type="search"
          aria-label={t('filter.search')}
          placeholder={t('filter.searchPlaceholder')}
          value={search}
          maxLength={100}
          onChange={(e) => setSearch(e.target.value)}
        />
      </label>
      <label className={styles.field}>
        <span>{t('filter.from')}</span>
        <DateTimeField mode="datetime" label={t('filter.from')} value={draft.from} onChange={(from) => set({ from })} />
      </label>
      <label className={styles.field}>
        <span>{t('filter.to')}</span>
        <DateTimeField mode="datetime" label={t('filter.to')} value={draft.to} onChange={(to) => set({ to })} />
      </label>
      <label className={styles.field}>
        <span>{t('filter.source')}</span>
        <select value={draft.source} onChange={(e) => set({ source: e.target.value })}>
          <option value="">{t('filter.allSources')}</option>
          {SOURCES.map((s) => (
            <option key={s} value={s}>
              {t(`source.${s}`, { defaultValue: s })}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span>{t('filter.state')}</span>
        <select value={draft.suspect} onChange={(e) => set({ suspect: e.target.value as TListDraft['suspect'] })}>
          <option value="all">{t('filter.allStates')}</option>
          <option value="exclude">{t('filter.onlyValid')}</option>
          <option value="only">{t('filter.onlyInvalid')}</option>
        </select>
      </label>
      {changed ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setDraft(EMPTY_DRAFT);
            setSearch('');
          }}
        >
          <RotateCcw size={14} aria-hidden />
          {t('list.resetFilter')}
        </Button>
      ) : null}
    </div>
  );
}
