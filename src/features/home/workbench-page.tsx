import { Link } from '@tanstack/react-router';
import { Coins, Crown, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MEMBER_LEVELS } from '../../../schemas/api/user';
import { brandProjectTypes, kindsOfBrand } from '../../app/kinds';
import { useBrand } from '../../app/use-route-entry';
import { Button } from '../../ui/button';
import { EmptyState, LoadingState } from '../../ui/states';
import { useSession } from '../../app/session';
import { ProjectStats, RecentProjects } from './workbench-projects';
import { RecentVotes } from './workbench-votes';
import styles from './workbench.module.css';

/**
 * /activeManagement.html: the workbench: who you are, counts, create buttons per kind and recent projects. Each brand
 * opens on its own kinds: their create buttons first, then 投票通's votes, or 接龙通's chains, payments and
 * appointments as its recent projects.
 */
export function WorkbenchPage() {
  const { t, i18n } = useTranslation();
  const brand = useBrand();
  const { user, status } = useSession();
  const kinds = kindsOfBrand(brand);
  const ownTypes = brandProjectTypes(brand);
  if (status === 'checking') return <LoadingState label={t('state.loading')} />;
  const name = user?.username ?? '';
  const level = MEMBER_LEVELS.find((each) => each.memberLevel === user?.memberLevel) ?? MEMBER_LEVELS[0];
  return (
    <div className={styles.page}>
      <section className={styles.welcome}>
        <span className={styles.avatar} aria-hidden>
          {user?.headImg ? <img src={user.headImg} alt="" /> : name.slice(0, 1).toUpperCase()}
        </span>
        <div>
          <h1 className={styles.hello}>{t('workbench.hello', { name })}</h1>
          <p className={styles.sub}>{t('workbench.welcome', { brand: brand.name })}</p>
        </div>
        <div className={styles.cards}>
          <div className={styles.card}>
            <span>{t('workbench.member')}</span>
            <strong>
              <Crown size={18} className={styles.memberIcon} aria-hidden />
              {user?.memberName}
            </strong>
            <Link to="/member/index.html">{t('workbench.upgrade')}</Link>
          </div>
          <div className={styles.card}>
            <span>{t('workbench.coin', { coin: brand.coinName })}</span>
            <strong>
              <Coins size={18} className={styles.coinIcon} aria-hidden />
              {user?.coin ?? 0}
            </strong>
            <Link to="/task.html">{t('workbench.earn', { coin: brand.coinName })}</Link>
          </div>
        </div>
      </section>

      <ProjectStats />

      <section className={styles.panel}>
        <div className={styles.panelHead}>
          <h2>{t('workbench.quickCreate')}</h2>
          <span className={styles.limits}>
            {level.name} · {t('workbench.limits', { max: level.maxNumber, count: level.subjectCount })}
          </span>
        </div>
        <div className={styles.kinds}>
          {kinds.map(({ kind, icon: Icon, color, create }) => (
            <Link key={kind} to={create} className={styles.kind}>
              <span className={styles.kindTile} style={{ background: color }} aria-hidden>
                <Icon size={22} />
              </span>
              {t(`apps.${kind === 'questionnaire' ? 'survey' : kind}`)}
              <small>{t(`apps.${kind === 'questionnaire' ? 'survey' : kind}Desc`)}</small>
            </Link>
          ))}
        </div>
      </section>

      {brand.leadKinds.includes('voting') ? <RecentVotes /> : null}

      <section className={styles.panel}>
        <div className={styles.panelHead}>
          <h2>
            {ownTypes
              ? t('workbench.recentOf', {
                  kinds: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(brand.leadKinds.map((kind) => t(`kind.${kind}`))),
                })
              : t('workbench.recent')}
          </h2>
          <Button variant="primary" size="sm" asChild>
            <Link to="/questionnaire/create.html">
              <Plus size={14} aria-hidden />
              {t('workbench.create')}
            </Link>
          </Button>
        </div>
        <RecentProjects
          questionTypes={ownTypes}
          empty={
            <EmptyState
              title={t('workbench.empty')}
              description={t('workbench.emptyDesc')}
              actions={
                <>
                  <Button variant="primary" asChild>
                    <Link to="/questionnaire/create.html">{t('workbench.createNow')}</Link>
                  </Button>
                  <Button asChild>
                    <Link to="/template/list.html">{t('workbench.browseTemplates')}</Link>
                  </Button>
                </>
              }
            />
          }
        />
      </section>
    </div>
  );
}

export default WorkbenchPage;
