import { Link, useParams } from '@tanstack/react-router';
import { ArrowLeft, ArrowRight, Lightbulb } from 'lucide-react';
import { kindOf } from '../../app/kinds';
import { useBrand } from '../../app/use-route-entry';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/states';
import { CASES, caseByIndex, casePath, type TCase } from './cases-data';
import { fill, TEXTS } from './cases-texts';
import frame from '../../ui/public-page.module.css';
import styles from './cases.module.css';
import { usePageMeta } from '../../app/page-meta';
import { PLANS } from './plans-data';
import { TemplateUse } from './template-use';
import { useTemplateUse } from './use-template-use';

/** A whole number 1–12 from the path, else null (spec §2: 12 public case pages). */
export const caseIndexOf = (value: unknown): number | null => {
  const text = String(value ?? '');
  return /^\d{1,2}$/.test(text) ? Number(text) : null;
};

/** /CollaborationCasesDetail/{caseIndex}: the case's need, its steps on this product's screens and 使用此模板. */
export function CaseDetailPage() {
  const params = useParams({ strict: false }) as { caseIndex?: string };
  const index = caseIndexOf(params.caseIndex);
  const found = index === null ? undefined : caseByIndex(index);
  return found ? <CaseView key={found.index} item={found} /> : <CaseNotFound />;
}

function CaseNotFound() {
  usePageMeta(useBrand(), TEXTS.caseNotFound, TEXTS.caseNotFound);
  return (
    <div className={frame.page}>
      <EmptyState
        title={TEXTS.caseNotFound}
        description={TEXTS.caseNotFoundDesc}
        actions={
          <Button variant="primary" asChild>
            <Link to="/CollaborationCases/index.html">{TEXTS.backCases}</Link>
          </Button>
        }
      />
    </div>
  );
}

function CaseView({ item }: { item: TCase }) {
  const brand = useBrand();
  usePageMeta(brand, item.summary, item.title);
  const state = useTemplateUse([item.template]);
  const kind = kindOf(item.kind);
  const plans = PLANS.filter((p) => p.cases.includes(item.index));
  const prev = CASES.find((c) => c.index === item.index - 1);
  const next = CASES.find((c) => c.index === item.index + 1);
  return (
    <div className={frame.page}>
      <Link to="/CollaborationCases/index.html" className={styles.back}>
        <ArrowLeft size={16} aria-hidden />
        {TEXTS.backCases}
      </Link>
      <article className={styles.article}>
        <header className={styles.articleHead}>
          <p className={styles.tags}>
            <span>{item.industry}</span>
            {kind ? <span>{kind.name}</span> : null}
          </p>
          <h1 className={styles.articleTitle}>{item.title}</h1>
          <p className={frame.heroLead}>{item.summary}</p>
          <TemplateUse templateKey={item.template} state={state} />
        </header>
        <section className={styles.section} aria-labelledby="case-problem">
          <h2 id="case-problem">{TEXTS.problem}</h2>
          {item.problem.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </section>
        <section className={styles.section} aria-labelledby="case-steps">
          <h2 id="case-steps">{fill(TEXTS.steps, { brand: brand.name })}</h2>
          <ol className={styles.steps}>
            {item.steps.map((s) => (
              <li key={s.title}>
                <h3>{s.title}</h3>
                <p>{s.detail}</p>
              </li>
            ))}
          </ol>
        </section>
        <section className={styles.tipBox} aria-labelledby="case-tips">
          <h2 id="case-tips">
            <Lightbulb size={16} aria-hidden />
            {TEXTS.tips}
          </h2>
          <ul>
            {item.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </section>
        <div className={styles.useAgain}>
          <TemplateUse templateKey={item.template} state={state} />
          <p className={styles.templateNote}>{TEXTS.loginHint}</p>
        </div>
        {plans.length ? (
          <section className={styles.section} aria-labelledby="case-plans">
            <h2 id="case-plans">{TEXTS.related}</h2>
            <ul className={styles.linkList}>
              {plans.map((p) => (
                <li key={p.id}>
                  <Link to="/programme/detail.html" search={{ id: p.id }}>
                    {p.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
      <nav className={styles.pager} aria-label={TEXTS.casesTitle}>
        {prev ? (
          <Link to={casePath(prev.index)}>
            <ArrowLeft size={14} aria-hidden />
            {TEXTS.prevCase}：{prev.title}
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link to={casePath(next.index)}>
            {TEXTS.nextCase}：{next.title}
            <ArrowRight size={14} aria-hidden />
          </Link>
        ) : null}
      </nav>
      {state.dialog}
    </div>
  );
}

export default CaseDetailPage;
