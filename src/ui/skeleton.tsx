import { cx } from './cx';
import styles from './skeleton.module.css';

/** A grey shimmering block that holds the place of content still loading. */
export function Skeleton({ width, height = 14, className, round }: { width?: number | string; height?: number; className?: string; round?: boolean }) {
  return <span aria-hidden className={cx(styles.block, round && styles.round, className)} style={{ width, height }} />;
}
