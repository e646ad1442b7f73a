import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './manage-page.module.css';

/** The page of one project's own management screen (a chain's list, a check-in's records, bookings…). */
export function ManagePage({ children }: { children: ReactNode }) {
  return <div className={styles.page}>{children}</div>;
}

/**
 * Its head: the way back to the kind's list, the project's title with a line or two under it (`meta`), and the
 * page's actions on the right.
 */
export function ManageHeader({ back, title, meta, actions }: { back: { to: string; label: string }; title: string; meta?: ReactNode; actions?: ReactNode }) {
  return (
    <>
      <Link to={back.to} className={styles.back}>
        <ArrowLeft size={16} aria-hidden />
        {back.label}
      </Link>
      <header className={styles.head}>
        <div className={styles.headMain}>
          <h1 className={styles.title}>{title}</h1>
          {meta}
        </div>
        <div className={styles.headActions}>{actions}</div>
      </header>
    </>
  );
}
