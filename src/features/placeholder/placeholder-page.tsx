import { Link, useLocation } from '@tanstack/react-router';
import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { routeTitle } from '../../app/route-entry';
import { useBrand, useRouteEntry } from '../../app/use-route-entry';
import { Button } from '../../ui/button';
import styles from './placeholder-page.module.css';

/** Stands in for every screen not built yet (listed in docs/status.md): names itself and links back. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const entry = useRouteEntry();
  const brand = useBrand();
  const pathname = useLocation({ select: (location) => location.pathname });
  const title = entry ? routeTitle(entry, brand.coinName) : pathname;
  return (
    <section className={styles.page}>
      <div className={styles.card}>
        <span className={styles.art} aria-hidden>
          <Construction size={40} strokeWidth={1.5} />
        </span>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.status}>{t('placeholder.building')}</p>
        <p className={styles.description}>{t('placeholder.description')}</p>
        <p className={styles.path}>{entry?.path ?? pathname}</p>
        <div className={styles.actions}>
          <Button variant="primary" asChild>
            <Link to="/activeManagement.html">{t('placeholder.back')}</Link>
          </Button>
          <Button asChild>
            <Link to="/">{t('placeholder.home')}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

export default PlaceholderPage;
