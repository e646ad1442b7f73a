import type { ReactNode } from 'react';
import frame from '../../ui/public-page.module.css';
import styles from './cases.module.css';

/** The heading band of the case, plan and scene pages. */
export function PublicHero({ title, lead, note, children }: { title: string; lead: string; note?: string; children?: ReactNode }) {
  return (
    <div className={frame.hero}>
      <h1 className={frame.heroTitle}>{title}</h1>
      <p className={frame.heroLead}>{lead}</p>
      {note ? <p className={styles.heroNote}>{note}</p> : null}
      {children}
    </div>
  );
}
