import type { ReactNode } from 'react';
import { Search } from 'lucide-react';
import { cx } from './cx';
import styles from './filter-bar.module.css';

export interface TFilterTab<T> {
  value: T;
  label: string;
}

/** Segmented tabs over a list (状态, 分类…): one is selected; choosing another calls `onChange`. */
export function FilterTabs<T>({ label, tabs, value, onChange }: { label: string; tabs: readonly TFilterTab<T>[]; value: T; onChange: (value: T) => void }) {
  return (
    <div className={styles.tabs} role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={String(tab.value ?? 'all')}
          type="button"
          role="tab"
          aria-selected={value === tab.value}
          className={cx(styles.tab, value === tab.value && styles.tabActive)}
          onClick={() => onChange(tab.value)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** The search box of a list: a magnifier, a hidden label for screen readers and the input. */
export function SearchBox({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className={styles.search}>
      <Search size={16} aria-hidden />
      <span className="visually-hidden">{label}</span>
      <input type="search" value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

/** The row above a list: tabs on the left, search and tools on the right, wrapping on narrow screens. */
export function FilterBar({ children }: { children: ReactNode }) {
  return <div className={styles.toolbar}>{children}</div>;
}
