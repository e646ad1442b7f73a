import { Link } from '@tanstack/react-router';
import { ChevronDown, Gamepad2, Gift, Image, LayoutPanelTop, Smartphone, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../ui/cx';
import { DropdownItem, DropdownLabel, DropdownMenu } from '../../ui/dropdown-menu';
import { toast } from '../../ui/toast';
import { KINDS } from '../kinds';
import type { TWorkKind } from '../route-entry';
import styles from './header.module.css';

interface TMarketingTool {
  key: 'h5' | 'longPage' | 'poster' | 'game' | 'draw';
  icon: LucideIcon;
  /** Path on the external user site; absent = not offered there (always "coming soon"). */
  external?: string;
}

/** Spec §2: H5, long page and poster link out to the external user site; the rest are coming soon. */
const MARKETING_TOOLS: TMarketingTool[] = [
  { key: 'h5', icon: Smartphone, external: '/h5' },
  { key: 'longPage', icon: LayoutPanelTop, external: '/longPage' },
  { key: 'poster', icon: Image, external: '/poster' },
  { key: 'game', icon: Gamepad2 },
  { key: 'draw', icon: Gift },
];

const USER_SITE = import.meta.env.VITE_USER_SITE_URL?.replace(/\/$/, '');

function AppsMenu() {
  const { t } = useTranslation();
  const comingSoon = () => toast.info(t('msg.comingSoon'));
  return (
    <DropdownMenu
      align="start"
      className={styles.appsMenu}
      trigger={
        <button type="button" className={styles.navItem}>
          {t('nav.apps')}
          <ChevronDown size={14} aria-hidden />
        </button>
      }
    >
      <div className={styles.appsColumn}>
        <DropdownLabel>{t('nav.collect')}</DropdownLabel>
        <div className={styles.appsGrid}>
          {KINDS.map(({ kind, icon: Icon, landing, color }) => (
            <DropdownItem key={kind} className={styles.appItem} asChild>
              <Link to={landing}>
                <Icon style={{ color }} aria-hidden />
                <span>
                  {t(`apps.${appKey(kind)}`)}
                  <small>{t(`apps.${appKey(kind)}Desc`)}</small>
                </span>
              </Link>
            </DropdownItem>
          ))}
        </div>
      </div>
      <div className={styles.appsColumn}>
        <DropdownLabel>{t('nav.marketing')}</DropdownLabel>
        {MARKETING_TOOLS.map(({ key, icon: Icon, external }) =>
          USER_SITE && external ? (
            <DropdownItem key={key} className={styles.appItem} asChild>
              <a href={`${USER_SITE}${external}`} target="_blank" rel="noreferrer">
                <Icon aria-hidden />
                <span>{t(`apps.${key}`)}</span>
              </a>
            </DropdownItem>
          ) : (
            <DropdownItem key={key} className={styles.appItem} onSelect={comingSoon}>
              <Icon aria-hidden />
              <span>{t(`apps.${key}`)}</span>
              <em className={styles.soonTag}>{t('msg.comingSoon')}</em>
            </DropdownItem>
          ),
        )}
      </div>
    </DropdownMenu>
  );
}

/** The apps.* key of a work kind ('questionnaire' is presented as "survey"). */
function appKey(kind: TWorkKind): string {
  return kind === 'questionnaire' ? 'survey' : kind;
}

function MoreMenu() {
  const { t } = useTranslation();
  return (
    <DropdownMenu
      align="start"
      trigger={
        <button type="button" className={styles.navItem}>
          {t('nav.more')}
          <ChevronDown size={14} aria-hidden />
        </button>
      }
    >
      <DropdownItem onSelect={() => toast.info(t('msg.comingSoon'))}>{t('nav.sample')}</DropdownItem>
      <DropdownItem asChild>
        <Link to="/task.html">{t('nav.task')}</Link>
      </DropdownItem>
      <DropdownItem asChild>
        <Link to="/mutual.html">{t('nav.mutual')}</Link>
      </DropdownItem>
    </DropdownMenu>
  );
}

/** The marketing menu of spec §2's header. */
export function MainNav() {
  const { t } = useTranslation();
  return (
    <nav className={styles.nav} aria-label={t('nav.home')}>
      <Link to="/" className={styles.navItem} activeOptions={{ exact: true }}>
        {t('nav.home')}
      </Link>
      <AppsMenu />
      <Link to="/template/list.html" className={styles.navItem}>
        {t('nav.templates')}
      </Link>
      <Link to="/CollaborationCases/index.html" className={styles.navItem}>
        {t('nav.cases')}
      </Link>
      <Link to="/programme/index.html" className={styles.navItem}>
        {t('nav.programme')}
      </Link>
      <Link to="/help.html" className={styles.navItem}>
        {t('nav.help')}
      </Link>
      <MoreMenu />
    </nav>
  );
}

/** On work pages the header shows the kinds instead; the current work-page type is highlighted (spec §2). */
export function WorkNav({ kind }: { kind?: TWorkKind }) {
  const { t } = useTranslation();
  return (
    <nav className={styles.nav} aria-label={t('header.workbench')}>
      <Link to="/activeManagement.html" className={styles.workTitle}>
        {t('header.workbench')}
      </Link>
      {KINDS.map(({ kind: each, icon: Icon, manage }) => (
        <Link key={each} to={manage} className={cx(styles.navItem, styles.kindItem, each === kind && styles.kindActive)}>
          <Icon size={16} aria-hidden />
          {t(`kind.${each}`)}
        </Link>
      ))}
    </nav>
  );
}
