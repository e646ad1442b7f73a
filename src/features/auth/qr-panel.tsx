import { useSelector } from '@xstate/react';
import { CircleCheck, LoaderCircle, RefreshCw, Smartphone, TriangleAlert } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import type { ActorRefFrom } from 'xstate';
import type { qrLoginMachine } from '../../../machines/qr-login/qr-login.machine';
import { selectQrContent, selectQrError, selectQrView, type TQrView } from '../../../machines/qr-login/qr-login.selectors';
import { Button } from '../../ui/button';
import { FormMessages } from './auth-fields';
import styles from './auth.module.css';
import { useAuthCopy } from './use-auth-copy';

interface TQrPanelProps {
  actor: ActorRefFrom<typeof qrLoginMachine> | undefined;
  /** The phone confirmed; the login screen is loading the profile. */
  signingIn: boolean;
  /** A login-screen message (e.g. the profile could not be loaded). */
  error: string | null;
}

export function QrPanel({ actor, signingIn, error }: TQrPanelProps) {
  const { copy, fill } = useAuthCopy();
  const view: TQrView = useSelector(actor, (snapshot) => (snapshot ? selectQrView(snapshot) : 'loading'));
  const content = useSelector(actor, (snapshot) => (snapshot ? selectQrContent(snapshot) : null));
  const qrError = useSelector(actor, (snapshot) => (snapshot ? selectQrError(snapshot) : null));
  const shown: TQrView = signingIn ? 'confirmed' : view;
  const refresh = () => actor?.send({ type: 'qr.refresh' });

  const status: Record<TQrView, string> = {
    loading: copy.qr.loading,
    waiting: copy.qr.waiting,
    scanned: copy.qr.scanned,
    confirmed: copy.qr.confirmed,
    expired: copy.qr.expired,
    error: qrError ?? copy.qr.error,
  };
  const needsRefresh = shown === 'expired' || shown === 'error';

  return (
    <div className={styles.qr}>
      <div className={styles.qrBox} aria-busy={shown === 'loading'}>
        {content && shown !== 'error' ? (
          <QRCodeSVG value={content} size={170} level="M" marginSize={0} title={copy.tabs.qr} />
        ) : (
          <LoaderCircle size={28} className={shown === 'loading' ? styles.spin : undefined} color="var(--brand-primary)" aria-hidden />
        )}
        {shown === 'scanned' || shown === 'confirmed' ? (
          <div className={styles.qrOverlay}>
            <CircleCheck size={36} className={styles.qrOverlayIcon} aria-hidden />
            <span>{shown === 'scanned' ? copy.qr.scanned : copy.qr.confirmed}</span>
          </div>
        ) : null}
        {needsRefresh ? (
          <div className={styles.qrOverlay}>
            <TriangleAlert size={28} color="var(--color-warning)" aria-hidden />
            <Button variant="primary" size="sm" onClick={refresh}>
              <RefreshCw size={14} aria-hidden />
              {copy.qr.refresh}
            </Button>
          </div>
        ) : null}
      </div>
      <p role="status" className={styles.qrStatus}>
        {status[shown]}
      </p>
      <p className={styles.qrHint}>
        <Smartphone size={14} aria-hidden /> {fill(copy.qr.hint)}
      </p>
      {content && shown === 'waiting' ? (
        <p className={styles.qrLink}>
          {copy.qr.link}：
          <a href={content} target="_blank" rel="noreferrer">
            {content}
          </a>
        </p>
      ) : null}
      <FormMessages error={error} notice={null} />
    </div>
  );
}
