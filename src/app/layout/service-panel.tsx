import { Link } from '@tanstack/react-router';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import styles from './header.module.css';

/** Customer-service popover body: a QR code to the help centre, service hours and a link to the docs. */
export function ServicePanel() {
  const { t } = useTranslation();
  const helpUrl = `${typeof location === 'undefined' ? '' : location.origin}/help.html`;
  return (
    <div className={styles.service}>
      <p className={styles.panelTitle}>{t('header.serviceTitle')}</p>
      <div className={styles.qr}>
        <QRCodeSVG value={helpUrl} size={132} marginSize={0} aria-label={t('header.serviceTitle')} />
      </div>
      <p className={styles.panelText}>{t('header.serviceDesc')}</p>
      <p className={styles.panelText}>{t('header.serviceHours')}</p>
      <p className={styles.panelText}>
        <Link to="/help.html">{t('header.serviceHelp')}</Link>
      </p>
    </div>
  );
}
