import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import type { CSSProperties } from 'react';
import { kindOf } from '../../app/kinds';
import { casePath, type TCase } from './cases-data';
import { TEXTS } from './cases-texts';
import styles from './cases.module.css';

/** A case in a grid: industry and kind, title, one line, and the link to its page. */
export function CaseCard({ item }: { item: TCase }) {
  const kind = kindOf(item.kind);
  const Icon = kind?.icon;
  return (
    <li className={styles.card} style={{ '--kind-color': kind?.color ?? 'var(--brand-primary)' } as CSSProperties}>
      <div className={styles.cardHead}>
        <span className={styles.kindIcon} aria-hidden>
          {Icon ? <Icon size={20} /> : null}
        </span>
        <span className={styles.tags}>
          <span>{item.industry}</span>
          {kind ? <span>{kind.name}</span> : null}
        </span>
      </div>
      <h2 className={styles.cardTitle}>{item.title}</h2>
      <p className={styles.cardText}>{item.summary}</p>
      <Link to={casePath(item.index)} className={styles.cardLink}>
        {TEXTS.readCase}
        <span className={styles.visuallyHidden}>：{item.title}</span>
        <ArrowRight size={14} aria-hidden />
      </Link>
    </li>
  );
}
