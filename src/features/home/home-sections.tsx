import { Link } from '@tanstack/react-router';
import { Button } from '../../ui/button';
import styles from './home.module.css';
import { useHomeCopy } from './use-home-copy';

export function StepsSection({ title }: { title?: string }) {
  const { copy } = useHomeCopy();
  return (
    <section className={styles.section}>
      <div className={styles.sectionHead}>
        <h2>{title ?? copy.steps.title}</h2>
      </div>
      <ol className={styles.steps} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {copy.steps.items.map((step, index) => (
          <li key={step.title} className={styles.step}>
            <span className={styles.stepNumber}>{index + 1}</span>
            <h3>{step.title}</h3>
            <p>{step.desc}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function CtaBand({ title, to = '/activeManagement.html' }: { title?: string; to?: string }) {
  const { copy } = useHomeCopy();
  return (
    <section className={styles.cta}>
      <h2>{title ?? copy.cta.title}</h2>
      <p>{copy.cta.desc}</p>
      <Button size="lg" asChild>
        <Link to={to}>{copy.cta.action}</Link>
      </Button>
    </section>
  );
}
