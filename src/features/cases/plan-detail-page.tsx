import { Link, useLocation } from '@tanstack/react-router';
import { ArrowLeft, Target } from 'lucide-react';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/states';
import { CASES, casePath } from './cases-data';
import { TEXTS } from './cases-texts';
import frame from '../../ui/public-page.module.css';
import styles from './cases.module.css';
import { usePageMeta } from '../../app/page-meta';
import { useBrand } from '../../app/use-route-entry';
import { planById, planTemplates, type TPlan } from './plans-data';
import { TemplateUse } from './template-use';
import { useTemplateUse } from './use-template-use';

/** /programme/detail.html?id=…: a plan's goal, its steps with the template each opens, and the cases behind it. */
export function PlanDetailPage() {
  const id = useLocation({ select: (l) => String((l.search as Record<string, unknown>).id ?? '') });
  const plan = planById(id);
  return plan ? <PlanView key={plan.id} plan={plan} /> : <PlanNotFound />;
}

function PlanNotFound() {
  usePageMeta(useBrand(), TEXTS.planNotFound, TEXTS.planNotFound);
  return (
    <div className={frame.page}>
      <EmptyState
        title={TEXTS.planNotFound}
        description={TEXTS.planNotFoundDesc}
        actions={
          <Button variant="primary" asChild>
            <Link to="/programme/index.html">{TEXTS.backPlans}</Link>
          </Button>
        }
      />
    </div>
  );
}

function PlanView({ plan }: { plan: TPlan }) {
  usePageMeta(useBrand(), plan.summary, plan.title);
  const state = useTemplateUse(planTemplates(plan));
  const cases = CASES.filter((c) => plan.cases.includes(c.index));
  return (
    <div className={frame.page}>
      <Link to="/programme/index.html" className={styles.back}>
        <ArrowLeft size={16} aria-hidden />
        {TEXTS.backPlans}
      </Link>
      <article className={styles.article}>
        <header className={styles.articleHead}>
          <p className={styles.tags}>
            <span>{plan.industry}</span>
          </p>
          <h1 className={styles.articleTitle}>{plan.title}</h1>
          <p className={frame.heroLead}>{plan.summary}</p>
        </header>
        <section className={styles.tipBox} aria-labelledby="plan-goal">
          <h2 id="plan-goal">
            <Target size={16} aria-hidden />
            {TEXTS.goal}
          </h2>
          <p>{plan.goal}</p>
        </section>
        <section className={styles.section} aria-labelledby="plan-steps">
          <h2 id="plan-steps">{TEXTS.planFlow}</h2>
          <ol className={styles.steps}>
            {plan.steps.map((s) => (
              <li key={s.title}>
                <h3>{s.title}</h3>
                <p>{s.detail}</p>
                {s.template ? <TemplateUse templateKey={s.template} state={state} /> : null}
              </li>
            ))}
          </ol>
          <p className={styles.templateNote}>{TEXTS.loginHint}</p>
        </section>
        {cases.length ? (
          <section className={styles.section} aria-labelledby="plan-cases">
            <h2 id="plan-cases">{TEXTS.planCases}</h2>
            <ul className={styles.linkList}>
              {cases.map((c) => (
                <li key={c.index}>
                  <Link to={casePath(c.index)}>{c.title}</Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
      {state.dialog}
    </div>
  );
}

export default PlanDetailPage;
