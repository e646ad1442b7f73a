import { Skeleton } from '../../ui/skeleton';
import styles from './project-list-styles';
import type { TLayoutMode } from './use-list-controls';

/** Grey shapes of the items while the first page loads. */
export function ListSkeleton({ layout, count = 6, label }: { layout: TLayoutMode; count?: number; label: string }) {
  const items = Array.from({ length: count }, (_, i) => i);
  return (
    <div role="status" aria-label={label} aria-busy="true">
      <ul className={layout === '1' ? styles.rows : styles.grid}>
        {items.map((i) =>
          layout === '1' ? (
            <li key={i} className={styles.row}>
              <div className={styles.rowMain}>
                <Skeleton width="45%" height={16} />
                <Skeleton width="30%" height={12} />
              </div>
              <Skeleton width={64} height={22} round />
              <Skeleton width={80} height={14} />
            </li>
          ) : (
            <li key={i} className={styles.card}>
              <Skeleton width={64} height={22} round />
              <Skeleton width="80%" height={18} />
              <Skeleton width="50%" height={12} />
              <Skeleton width="100%" height={44} />
              <Skeleton width="100%" height={28} />
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
