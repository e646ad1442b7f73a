import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES } from '../../i18n';
import { KINDS } from '../kinds';
import { useBrand } from '../use-route-entry';
import styles from './footer.module.css';

export function Footer() {
  const { t, i18n } = useTranslation();
  const brand = useBrand();
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div>
          <div className={styles.brand}>
            <img src="/logo.svg" alt="" />
            {brand.name}
          </div>
          <p className={styles.intro}>{t('footer.intro')}</p>
        </div>
        <div className={styles.column}>
          <h2>{t('footer.product')}</h2>
          <ul>
            {KINDS.slice(0, 5).map(({ kind, landing }) => (
              <li key={kind}>
                <Link to={landing}>{t(`apps.${kind === 'questionnaire' ? 'survey' : kind}`)}</Link>
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.column}>
          <h2>{t('footer.resources')}</h2>
          <ul>
            <li>
              <Link to="/template/list.html">{t('nav.templates')}</Link>
            </li>
            <li>
              <Link to="/CollaborationCases/index.html">{t('nav.cases')}</Link>
            </li>
            <li>
              <Link to="/programme/index.html">{t('nav.programme')}</Link>
            </li>
            <li>
              <Link to="/scene.html">{t('nav.scene')}</Link>
            </li>
            <li>
              <Link to="/help.html">{t('nav.help')}</Link>
            </li>
          </ul>
        </div>
        <div className={styles.column}>
          <h2>{t('footer.about')}</h2>
          <ul>
            <li>
              <Link to="/agreement.html" hash="contact">
                {t('footer.contact')}
              </Link>
            </li>
            <li>
              <Link to="/member/index.html">{t('header.member')}</Link>
            </li>
            <li>
              <Link to="/agreement.html">{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to="/privacy.html">{t('footer.privacy')}</Link>
            </li>
          </ul>
        </div>
      </div>
      <div className={styles.bottom}>
        <span>
          © {year} {brand.name} · {t('footer.rights')}
        </span>
        <div className={styles.languages} role="group" aria-label={t('header.language')}>
          {LANGUAGES.map((language) => (
            <button key={language.code} type="button" aria-pressed={i18n.language === language.code} onClick={() => changeLanguage(language.code)}>
              {language.label}
            </button>
          ))}
        </div>
      </div>
    </footer>
  );
}
