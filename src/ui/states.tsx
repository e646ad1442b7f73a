import { Inbox, LoaderCircle, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from './cx';
import styles from './states.module.css';

interface TStateProps {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  icon?: ReactNode;
  compact?: boolean;
  className?: string;
}

export function EmptyState({ title, description, actions, icon, compact, className }: TStateProps) {
  return (
    <div className={cx(styles.state, compact && styles.compact, className)}>
      <span className={styles.art} aria-hidden>
        {icon ?? <Inbox size={compact ? 24 : 32} strokeWidth={1.6} />}
      </span>
      <p className={styles.title}>{title}</p>
      {description ? <p className={styles.description}>{description}</p> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}

export function ErrorState({ title, description, actions, icon, compact, className }: TStateProps) {
  return (
    <div role="alert" className={cx(styles.state, styles.danger, compact && styles.compact, className)}>
      <span className={styles.art} aria-hidden>
        {icon ?? <TriangleAlert size={compact ? 24 : 32} strokeWidth={1.6} />}
      </span>
      <p className={styles.title}>{title}</p>
      {description ? <p className={styles.description}>{description}</p> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}

export function LoadingState({ label = '加载中…', compact, className }: { label?: string; compact?: boolean; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cx(styles.state, compact && styles.compact, className)}>
      <LoaderCircle className={styles.spinner} size={compact ? 22 : 28} color="var(--brand-primary)" aria-hidden />
      <span>{label}</span>
    </div>
  );
}
