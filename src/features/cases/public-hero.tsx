import type { ReactNode } from 'react';
import styles from './cases.module.css';

/** The heading band of the case, plan and scene pages. */
export function PublicHero({ title, lead, note, children }: { title: string; lead: string; note?: string; children?: ReactNode }) {
  return (
    <div className={styles.hero}>
      <h1 className={styles.heroTitle}>{title}</h1>
      <p className={styles.heroLead}>{lead}</p>
      {note ? <p className={styles.heroNote}>{note}</p> : null}
      {children}
    </div>
  );
}
