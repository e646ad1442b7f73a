import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { loadChunk } from '../chunk-loader';
import styles from './header.module.css';

/** Without its chunk (a failed load): the help link alone, no QR code. */
function HelpLinkOnly() {
  const { t } = useTranslation();
  return (
    <div className={styles.service}>
      <p className={styles.panelTitle}>{t('header.serviceTitle')}</p>
      <p className={styles.panelText}>
        <Link to="/help.html">{t('header.serviceHelp')}</Link>
      </p>
    </div>
  );
}

/**
 * The help popover's body loads when the popover opens: its QR code maker (qrcode.react, ~15 KB minified) stays out
 * of the entry chunk every first visit downloads (bench/first-paint.ts).
 */
const Panel = lazy(() =>
  loadChunk(() => import('./service-panel'), 'app/layout/service-panel').then(
    (m) => ({ default: m.ServicePanel }),
    () => ({ default: HelpLinkOnly }),
  ),
);

export function LazyServicePanel() {
  return (
    <Suspense fallback={<HelpLinkOnly />}>
      <Panel />
    </Suspense>
  );
}
