import { Link } from '@tanstack/react-router';
import { Headset } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Popover } from '../../ui/popover';
import styles from './header.module.css';
import { LazyServicePanel } from './service-panel-lazy';

/** Logged out: consult, login and free-use buttons (spec §2). */
export function GuestActions() {
  const { t } = useTranslation();
  return (
    <>
      <Popover
        width={240}
        label={t('header.serviceTitle')}
        trigger={
          <button type="button" className={`${styles.iconButton} ${styles.optional}`}>
            <Headset size={18} aria-hidden />
            {t('header.consult')}
          </button>
        }
      >
        <LazyServicePanel />
      </Popover>
      <Button asChild>
        <Link to="/login">{t('header.login')}</Link>
      </Button>
      <Button variant="primary" asChild className={styles.optional}>
        <Link to="/activeManagement.html">{t('header.freeUse')}</Link>
      </Button>
    </>
  );
}
