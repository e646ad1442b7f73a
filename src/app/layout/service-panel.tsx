import { Link } from '@tanstack/react-router';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import styles from './header.module.css';

/** Help popover body: a QR code that opens the help centre on a phone, and a link to it. */
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
      <p className={styles.panelText}>
        <Link to="/help.html">{t('header.serviceHelp')}</Link>
      </p>
    </div>
  );
}
