import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cx } from './cx';
import styles from './pager.module.css';

export interface TPagerProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** "共 {{total}} 条" in the current language. */
  totalLabel: string;
  label: string;
  previousLabel: string;
  nextLabel: string;
}

/** Page numbers with a window of five around the current page. Hidden when everything fits on one page. */
export function Pager({ page, pageSize, total, onChange, totalLabel, label, previousLabel, nextLabel }: TPagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const first = Math.max(1, Math.min(page - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => first + i);
  return (
    <nav className={styles.pager} aria-label={label}>
      <span className={styles.total}>{totalLabel}</span>
      <button type="button" className={styles.page} onClick={() => onChange(page - 1)} disabled={page <= 1} aria-label={previousLabel}>
        <ChevronLeft size={16} aria-hidden />
      </button>
      {numbers.map((n) => (
        <button
          key={n}
          type="button"
          className={cx(styles.page, n === page && styles.current)}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onChange(n)}
        >
          {n}
        </button>
      ))}
      <button type="button" className={styles.page} onClick={() => onChange(page + 1)} disabled={page >= pages} aria-label={nextLabel}>
        <ChevronRight size={16} aria-hidden />
      </button>
    </nav>
  );
}
