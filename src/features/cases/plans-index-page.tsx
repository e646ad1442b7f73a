import { Link } from '@tanstack/react-router';
import { ArrowRight, ListOrdered, Sparkles } from 'lucide-react';
import { fill, TEXTS } from './cases-texts';
import frame from '../../ui/public-page.module.css';
import styles from './cases.module.css';
import { useRouteDescription } from '../../app/page-meta';
import { PLANS, planTemplates } from './plans-data';
import { PublicHero } from './public-hero';

/** /programme/index.html: the activity plans, each a chain of steps and the templates they open. */
export function PlansIndexPage() {
  useRouteDescription();
  return (
    <div className={frame.page}>
      <PublicHero title={TEXTS.plansTitle} lead={TEXTS.plansLead} note={TEXTS.scenesNote} />
      <ul className={styles.grid}>
        {PLANS.map((p) => (
          <li key={p.id} className={styles.card}>
            <p className={styles.tags}>
              <span>{p.industry}</span>
            </p>
            <h2 className={styles.cardTitle}>{p.title}</h2>
            <p className={styles.cardText}>{p.summary}</p>
            <p className={styles.cardMeta}>
              <span>
                <ListOrdered size={13} aria-hidden />
                {fill(TEXTS.planSteps, { count: p.steps.length })}
              </span>
              <span>
                <Sparkles size={13} aria-hidden />
                {fill(TEXTS.planTemplates, { count: planTemplates(p).length })}
              </span>
            </p>
            <Link to="/programme/detail.html" search={{ id: p.id }} className={styles.cardLink}>
              {TEXTS.readPlan}
              <span className={styles.visuallyHidden}>：{p.title}</span>
              <ArrowRight size={14} aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default PlansIndexPage;
