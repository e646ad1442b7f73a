import { Link } from '@tanstack/react-router';
import { ArrowRight, ChartColumn, CircleCheck, GitBranch, LayoutTemplate, PenLine, Share2, ShieldCheck, Sparkles, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { KINDS } from '../../app/kinds';
import { useBrand } from '../../app/use-route-entry';
import { useSession } from '../../app/session';
import { Button } from '../../ui/button';
import { Tabs } from '../../ui/tabs';
import styles from './home.module.css';
import { useHomeCopy } from './use-home-copy';
import { CtaBand, StepsSection } from './home-sections';

const FEATURE_ICONS = [PenLine, GitBranch, Share2, ChartColumn, Users, ShieldCheck];
const MOCK_PERCENTS = [58, 31, 8, 3];

function SurveyMock() {
  const { copy } = useHomeCopy();
  return (
    <div className={styles.mock} aria-hidden>
      <div className={styles.mockBar}>
        <span />
        <span />
        <span />
      </div>
      <p className={styles.mockTitle}>{copy.hero.mockTitle}</p>
      <p className={styles.mockQuestion}>{copy.hero.mockQuestion}</p>
      {copy.hero.mockOptions.map((option, index) => (
        <div key={option} className={styles.mockOption}>
          <span>{option}</span>
          <span className={styles.mockTrack}>
            <span className={styles.mockFill} style={{ display: 'block', width: `${MOCK_PERCENTS[index]}%` }} />
          </span>
          <span className={styles.mockPercent}>{MOCK_PERCENTS[index]}%</span>
        </div>
      ))}
      <div className={styles.mockStats}>
        <div className={styles.mockStat}>
          <span>{copy.hero.mockCollected}</span>
          <strong>{copy.hero.mockCollectedValue}</strong>
        </div>
        <div className={styles.mockStat}>
          <span>{copy.hero.mockRate}</span>
          <strong>{copy.hero.mockRateValue}</strong>
        </div>
      </div>
      <div className={styles.floating}>
        <CircleCheck size={20} />
        {copy.hero.mockToast}
      </div>
    </div>
  );
}

/** 接龙通's hero: a sign-up chain as its phone page shows it (numbered entries, places taken, the waitlist). */
function ChainMock() {
  const { copy } = useHomeCopy();
  const chain = copy.hero.chainMock;
  return (
    <div className={styles.mock} aria-hidden data-testid="hero-chain">
      <div className={styles.mockBar}>
        <span />
        <span />
        <span />
      </div>
      <p className={styles.mockTitle}>{chain.title}</p>
      <p className={styles.mockQuestion}>{chain.rule}</p>
      {chain.entries.map((entry, index) => (
        <div key={entry} className={styles.mockEntry}>
          <span className={styles.mockEntryNo}>{index + 1}</span>
          <span>{entry}</span>
        </div>
      ))}
      <div className={styles.mockStats}>
        <div className={styles.mockStat}>
          <span>{chain.joined}</span>
          <strong>{chain.joinedValue}</strong>
        </div>
        <div className={styles.mockStat}>
          <span>{chain.waitlist}</span>
          <strong>{chain.waitlistValue}</strong>
        </div>
      </div>
      <div className={styles.floating}>
        <CircleCheck size={20} />
        {chain.toast}
      </div>
    </div>
  );
}

function Hero() {
  const { copy, t } = useHomeCopy();
  const { i18n } = useTranslation();
  const brand = useBrand();
  const { status } = useSession();
  const loggedIn = status === 'authenticated';
  return (
    <section className={styles.hero}>
      <div className={styles.heroInner}>
        <div>
          <span className={styles.badge}>
            <Sparkles size={14} aria-hidden />
            {copy.hero.badge}
          </span>
          <h1 className={styles.heroTitle}>
            <span className={styles.heroBrand}>{i18n.language === 'en' ? brand.name : (brand.slogan.split(' - ')[1] ?? brand.name)}</span>
            {copy.hero.title}
            <span className={styles.accent}>{copy.hero.titleAccent}</span>
          </h1>
          <p className={styles.heroText}>{t('hero.subtitle', { brand: brand.name })}</p>
          <div className={styles.heroActions}>
            <Button variant="primary" size="lg" asChild>
              <Link to="/activeManagement.html">{loggedIn ? copy.hero.workbench : copy.hero.primary}</Link>
            </Button>
            <Button size="lg" asChild>
              <Link to="/template/list.html">{copy.hero.secondary}</Link>
            </Button>
          </div>
        </div>
        {brand.id === 'jielong' ? <ChainMock /> : <SurveyMock />}
      </div>
    </section>
  );
}

function Stats() {
  const { copy } = useHomeCopy();
  return (
    <div className={styles.statsWrap}>
      <div className={styles.stats}>
        {copy.stats.map((stat) => (
          <div key={stat.label} className={styles.stat}>
            <strong>{stat.value}</strong>
            <span>{stat.label}</span>
          </div>
        ))}
      </div>
    </div>
  );
}

function Products() {
  const { copy } = useHomeCopy();
  const { t } = useTranslation();
  return (
    <section className={styles.section}>
      <div className={styles.sectionHead}>
        <h2>{copy.products.title}</h2>
        <p>{copy.products.subtitle}</p>
      </div>
      <div className={styles.products}>
        {KINDS.map(({ kind, icon: Icon, color, landing }) => (
          <Link key={kind} to={landing} className={styles.product}>
            <span className={styles.tile} style={{ background: color }} aria-hidden>
              <Icon size={24} />
            </span>
            <h3>{copy.kinds[kind].name}</h3>
            <p>{copy.kinds[kind].desc}</p>
            <span className={styles.more}>
              {copy.products.more}
              <ArrowRight size={14} aria-hidden />
            </span>
          </Link>
        ))}
        <Link to="/template/list.html" className={`${styles.product} ${styles.productAll}`}>
          <span className={styles.tile} aria-hidden>
            <LayoutTemplate size={24} />
          </span>
          <h3>{t('nav.templates')}</h3>
          <span className={styles.more}>
            {copy.products.more}
            <ArrowRight size={14} aria-hidden />
          </span>
        </Link>
      </div>
    </section>
  );
}

function Features() {
  const { copy } = useHomeCopy();
  return (
    <div className={styles.sectionTinted}>
      <section className={styles.section}>
        <div className={styles.sectionHead}>
          <h2>{copy.features.title}</h2>
          <p>{copy.features.subtitle}</p>
        </div>
        <div className={styles.features}>
          {copy.features.items.map((feature, index) => {
            const Icon = FEATURE_ICONS[index] ?? Sparkles;
            return (
              <div key={feature.title} className={styles.feature}>
                <Icon size={28} strokeWidth={1.6} aria-hidden />
                <h3>{feature.title}</h3>
                <p>{feature.desc}</p>
              </div>
            );
          })}
        </div>
      </section>
    </div>
  );
}

function Scenes() {
  const { copy } = useHomeCopy();
  return (
    <section className={`${styles.section} ${styles.scenes}`}>
      <div className={styles.sectionHead}>
        <h2>{copy.scenes.title}</h2>
      </div>
      <Tabs
        label={copy.scenes.title}
        tabs={copy.scenes.tabs.map((tab) => ({
          value: tab.key,
          label: tab.label,
          content: (
            <div className={styles.scene}>
              <div>
                <h3>{tab.title}</h3>
                <p>{tab.desc}</p>
              </div>
              <div className={styles.points}>
                {tab.points.map((point) => (
                  <span key={point} className={styles.point}>
                    <CircleCheck size={18} aria-hidden />
                    {point}
                  </span>
                ))}
              </div>
            </div>
          ),
        }))}
      />
    </section>
  );
}

/** The marketing home page at /, /index and /home. */
export function HomePage() {
  return (
    <>
      <Hero />
      <Stats />
      <Products />
      <Features />
      <StepsSection />
      <Scenes />
      <CtaBand />
    </>
  );
}

export default HomePage;
