import { Link } from '@tanstack/react-router';
import { kindOf } from '../../app/kinds';
import { useBrand } from '../../app/use-route-entry';
import { CASES, casePath } from './cases-data';
import { fill, TEXTS } from './cases-texts';
import frame from '../../ui/public-page.module.css';
import chip from '../../ui/chip.module.css';
import styles from './cases.module.css';
import { useRouteDescription } from '../../app/page-meta';
import { PLANS } from './plans-data';
import { PublicHero } from './public-hero';
import { SCENES, type TScene } from './scenes-data';

/** /scene.html: 应用场景 by industry — each industry's cases, plans and the project kinds that fit. */
export function ScenePage() {
  const brand = useBrand();
  useRouteDescription();
  return (
    <div className={frame.page}>
      <PublicHero title={TEXTS.sceneTitle} lead={fill(TEXTS.sceneLead, { brand: brand.name })}>
        <nav className={styles.chips} aria-label={TEXTS.sceneNav}>
          {SCENES.map((s) => (
            <a key={s.anchor} href={`#${s.anchor}`} className={chip.chip}>
              {s.industry}
            </a>
          ))}
        </nav>
      </PublicHero>
      {SCENES.map((s) => (
        <SceneSection key={s.anchor} scene={s} />
      ))}
      <p className={styles.centre}>
        <Link to="/template/list.html" className={styles.cardLink}>
          {TEXTS.freeTemplates}
        </Link>
      </p>
    </div>
  );
}

function SceneSection({ scene }: { scene: TScene }) {
  const cases = CASES.filter((c) => c.industry === scene.industry);
  const plans = PLANS.filter((p) => p.industry === scene.industry);
  return (
    <section id={scene.anchor} className={styles.scene} aria-labelledby={`${scene.anchor}-title`}>
      <h2 id={`${scene.anchor}-title`}>{scene.industry}</h2>
      <p className={styles.cardText}>{scene.intro}</p>
      <div className={styles.sceneColumns}>
        <div>
          <h3>{TEXTS.sceneCases}</h3>
          <ul className={styles.linkList}>
            {cases.map((c) => (
              <li key={c.index}>
                <Link to={casePath(c.index)}>{c.title}</Link>
              </li>
            ))}
          </ul>
          <Link to="/CollaborationCases/index.html" search={{ industry: scene.industry }} className={styles.more}>
            {TEXTS.casesTitle} · {scene.industry}
          </Link>
        </div>
        <div>
          <h3>{TEXTS.scenePlans}</h3>
          <ul className={styles.linkList}>
            {plans.map((p) => (
              <li key={p.id}>
                <Link to="/programme/detail.html" search={{ id: p.id }}>
                  {p.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3>{TEXTS.sceneKinds}</h3>
          <ul className={styles.kindList}>
            {scene.kinds.map((k) => {
              const kind = kindOf(k);
              if (!kind) return null;
              const Icon = kind.icon;
              return (
                <li key={k}>
                  <Link to={kind.landing}>
                    <Icon size={16} color={kind.color} aria-hidden />
                    <span>{kind.name}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </section>
  );
}

export default ScenePage;
