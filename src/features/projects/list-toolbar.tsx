import { LayoutGrid, List } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../ui/cx';
import { FilterBar, FilterTabs, SearchBox } from '../../ui/filter-bar';
import { PROJECTS_NS } from './projects-i18n';
import styles from './project-list-styles';
import { SORTS, STATUS_TABS, type TLayoutMode, type TSort, type TStatusTab } from './use-list-controls';

export interface TListToolbarProps {
  kindName: string;
  tab: TStatusTab;
  onTab: (tab: TStatusTab) => void;
  keyword: string;
  onKeyword: (keyword: string) => void;
  sort: TSort;
  onSort: (sort: TSort) => void;
  layout: TLayoutMode;
  onLayout: (layout: TLayoutMode) => void;
}

/** Status tabs, title search, sort and the list / card switch of a project list. */
export function ListToolbar({ kindName, tab, onTab, keyword, onKeyword, sort, onSort, layout, onLayout }: TListToolbarProps) {
  const { t } = useTranslation(PROJECTS_NS);
  return (
    <FilterBar>
      <FilterTabs label={t('list.tabsLabel')} tabs={STATUS_TABS.map((each) => ({ value: each, label: t(`list.tabs.${each}`) }))} value={tab} onChange={onTab} />
      <div className={styles.tools}>
        <SearchBox label={t('list.searchLabel')} placeholder={t('list.search', { kind: kindName })} value={keyword} onChange={onKeyword} />
        <label className={styles.sort}>
          <span>{t('list.sort.label')}</span>
          <select value={sort} onChange={(event) => onSort(event.target.value as TSort)}>
            {SORTS.map((each) => (
              <option key={each} value={each}>
                {t(`list.sort.${each}`)}
              </option>
            ))}
          </select>
        </label>
        <div className={styles.layoutSwitch} role="group" aria-label={t('list.layout.label')}>
          <button
            type="button"
            aria-pressed={layout === '1'}
            className={cx(layout === '1' && styles.pressed)}
            onClick={() => onLayout('1')}
            title={t('list.layout.list')}
          >
            <List size={16} aria-hidden />
            <span className="visually-hidden">{t('list.layout.list')}</span>
          </button>
          <button
            type="button"
            aria-pressed={layout === '2'}
            className={cx(layout === '2' && styles.pressed)}
            onClick={() => onLayout('2')}
            title={t('list.layout.card')}
          >
            <LayoutGrid size={16} aria-hidden />
            <span className="visually-hidden">{t('list.layout.card')}</span>
          </button>
        </div>
      </div>
    </FilterBar>
  );
}
