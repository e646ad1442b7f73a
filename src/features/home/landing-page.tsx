import { Link } from '@tanstack/react-router';
import { ChartColumn, CircleCheck, Settings2, ShieldCheck, Sparkles } from 'lucide-react';
import { kindOf } from '../../app/kinds';
import { useBrand, useRouteEntry, useRouteEntryAt } from '../../app/use-route-entry';
import { Button } from '../../ui/button';
import { CtaBand, StepsSection } from './home-sections';
import styles from './home.module.css';
import { useHomeCopy } from './use-home-copy';

const FEATURE_ICONS = [Sparkles, Settings2, ShieldCheck, ChartColumn];

/** The /index/* category landing pages; the kind comes from the route table. */
export function LandingPage() {
  const { copy, t } = useHomeCopy();
  const brand = useBrand();
  const entry = useRouteEntry();
  const kind = kindOf(entry?.kind) ?? kindOf('questionnaire')!;
  const content = copy.kinds[kind.kind];
  const Icon = kind.icon;
  // A kind whose own creation page is not built yet (votes) starts from a questionnaire, which has the choices.
  const create = useRouteEntryAt(kind.create)?.placeholder ? '/questionnaire/create.html' : kind.create;
  return (
    <>
      <section className={`${styles.hero} ${styles.landingHero}`}>
        <div className={styles.heroInner}>
          <div>
            <span className={styles.landingIcon} style={{ background: kind.color }} aria-hidden>
              <Icon size={32} />
            </span>
            <h1 className={styles.heroTitle}>
              <span className={styles.heroBrand}>
                {brand.name} · {entry?.title}
              </span>
              {content.headline}
            </h1>
            <p className={styles.heroText}>{content.desc}</p>
            <div className={styles.heroActions}>
              <Button variant="primary" size="lg" asChild>
                <Link to={create}>{copy.landing.create}</Link>
              </Button>
              <Button size="lg" asChild>
                <Link to="/template/list.html">{copy.landing.templates}</Link>
              </Button>
            </div>
          </div>
          <div className={styles.landingArt} aria-hidden>
            <div className={styles.phone}>
              <div className={styles.screen}>
                <div className={styles.screenHead} style={{ background: kind.color }}>
                  <strong>{content.scenes[0]}</strong>
                  <span>{brand.name}</span>
                </div>
                <div className={styles.screenBody}>
                  {content.features.map((feature) => (
                    <span key={feature.title} className={styles.screenRow}>
                      <CircleCheck size={16} color={kind.color} />
                      {feature.title}
                    </span>
                  ))}
                  <span className={styles.screenButton} style={{ background: kind.color }}>
                    {copy.landing.create}
                  </span>
                </div>
              </div>
            </div>
            <span className={`${styles.sceneBubble} ${styles.bubbleLeft}`}>
              <CircleCheck size={16} />
              {content.scenes[1]}
            </span>
            <span className={`${styles.sceneBubble} ${styles.bubbleRight}`}>
              <CircleCheck size={16} />
              {content.scenes[2]}
            </span>
          </div>
        </div>
      </section>
      <section className={styles.section}>
        <div className={styles.sectionHead}>
          <h2>{t('landing.featuresTitle', { brand: brand.name })}</h2>
        </div>
        <div className={`${styles.features} ${styles.featureGrid4}`}>
          {content.features.map((feature, index) => {
            const FeatureIcon = FEATURE_ICONS[index] ?? Sparkles;
            return (
              <div key={feature.title} className={`${styles.feature} ${styles.featureBordered}`}>
                <FeatureIcon size={28} strokeWidth={1.6} aria-hidden />
                <h3>{feature.title}</h3>
                <p>{feature.desc}</p>
              </div>
            );
          })}
        </div>
      </section>
      <section className={styles.section}>
        <div className={styles.sectionHead}>
          <h2>{copy.landing.scenesTitle}</h2>
        </div>
        <div className={styles.chips}>
          {content.scenes.map((scene) => (
            <span key={scene} className={styles.chip}>
              {scene}
            </span>
          ))}
        </div>
      </section>
      <StepsSection title={copy.landing.stepsTitle} />
      <section className={styles.section}>
        <div className={styles.sectionHead}>
          <h2>{copy.landing.faqTitle}</h2>
        </div>
        <div className={styles.faq}>
          {content.faq.map((item) => (
            <div key={item.q} className={styles.faqItem}>
              <h3>{item.q}</h3>
              <p>{item.a}</p>
            </div>
          ))}
        </div>
      </section>
      <CtaBand title={copy.landing.ctaTitle} to={create} />
    </>
  );
}

export default LandingPage;
