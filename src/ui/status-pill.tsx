import type { ReactNode } from 'react';
import { cx } from './cx';
import styles from './status-pill.module.css';

export type TPillTone = 'success' | 'warning' | 'danger' | 'primary' | 'violet' | 'neutral' | 'muted';

interface TStatusPillProps {
  tone: TPillTone;
  /** A dot in the words' colour before them (the project states). */
  dot?: boolean;
  /** The screen's own class: where the pill sits, or --pill-padding / --pill-line-height / --pill-weight. */
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
}

/** A state in a rounded pill, coloured by its tone (status-pill.module.css): projects, sign-ups, bookings, orders. */
export function StatusPill({ tone, dot, className, children, 'data-testid': testId }: TStatusPillProps) {
  return (
    <span className={cx(styles.pill, styles[tone], className)} data-testid={testId}>
      {dot ? <span className={styles.dot} aria-hidden /> : null}
      {children}
    </span>
  );
}
