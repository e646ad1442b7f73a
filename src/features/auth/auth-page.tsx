import { CircleCheck, CircleX, LogIn, Monitor, TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../../../machines/shared/error-message';
import { loginByQr } from '../../api/user';
import { Button } from '../../ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { Avatar } from './avatar';
import styles from './auth-page.module.css';
import { useGo } from '../../app/navigation';
import { useSession } from '../../app/session';
import { useAuthCopy } from './use-auth-copy';

type TStep = 'marking' | 'ready' | 'confirming' | 'confirmed' | 'cancelled' | 'failed';

/** The scanned-code step: tell the server this phone saw the code, then confirm or cancel. */
function useQrConfirmation(qrId: string, enabled: boolean) {
  const [step, setStep] = useState<TStep>('marking');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setStep('marking');
    loginByQr({ qrId, confirm: false }).then(
      () => live && setStep('ready'),
      (failure: unknown) => {
        if (!live) return;
        setError(messageOf(failure));
        setStep('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [qrId, enabled, attempt]);

  const confirm = useCallback(async () => {
    setStep('confirming');
    try {
      await loginByQr({ qrId, confirm: true });
      setStep('confirmed');
    } catch (failure) {
      setError(messageOf(failure));
      setStep('failed');
    }
  }, [qrId]);

  return { step, error, confirm, cancel: () => setStep('cancelled'), retry: () => setAttempt((n) => n + 1) };
}

function Confirmation({ qrId }: { qrId: string }) {
  const { copy, fill } = useAuthCopy();
  const { user } = useSession();
  const { step, error, confirm, cancel, retry } = useQrConfirmation(qrId, true);

  if (step === 'marking') return <LoadingState label={copy.confirm.loading} />;
  if (step === 'failed') {
    return <ErrorState title={error ?? copy.qr.error} actions={<Button onClick={retry}>{copy.confirm.retry}</Button>} />;
  }
  if (step === 'confirmed') {
    return <EmptyState icon={<CircleCheck size={40} color="var(--color-success)" />} title={copy.confirm.confirmed} description={copy.confirm.confirmedText} />;
  }
  if (step === 'cancelled') {
    return <EmptyState icon={<CircleX size={40} />} title={copy.confirm.cancelled} description={copy.confirm.cancelledText} />;
  }
  return (
    <div className={styles.ask}>
      <span className={styles.monitor} aria-hidden>
        <Monitor size={44} strokeWidth={1.5} />
      </span>
      <h2 className={styles.askTitle}>{fill(copy.confirm.ask)}</h2>
      {user ? (
        <p className={styles.account}>
          {copy.confirm.account}
          <Avatar user={user} />
          <strong>{user.username}</strong>
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="primary" size="lg" block disabled={step === 'confirming'} onClick={() => void confirm()}>
          {copy.confirm.confirm}
        </Button>
        <Button variant="ghost" size="lg" block disabled={step === 'confirming'} onClick={cancel}>
          {copy.confirm.cancel}
        </Button>
      </div>
    </div>
  );
}

/** /auth?qr=<qrId>: what a logged-in phone shows after scanning the desktop's code. */
export function AuthPage() {
  const { copy } = useAuthCopy();
  const { status } = useSession();
  const go = useGo();
  const qrId = new URLSearchParams(go.search()).get('qr') ?? '';
  const loginHref = `/login?redirect=${encodeURIComponent(`/auth?qr=${qrId}`)}`;

  let body;
  if (!qrId) body = <ErrorState icon={<TriangleAlert size={32} />} title={copy.confirm.missing} description={copy.confirm.missingText} />;
  else if (status === 'checking') body = <LoadingState label={copy.confirm.loading} />;
  else if (status === 'anonymous') {
    body = (
      <EmptyState
        icon={<LogIn size={32} />}
        title={copy.confirm.needLogin}
        description={copy.confirm.needLoginText}
        actions={
          <Button variant="primary" onClick={() => go(loginHref)}>
            {copy.confirm.goLogin}
          </Button>
        }
      />
    );
  } else body = <Confirmation qrId={qrId} />;

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="auth-title">
        <h1 id="auth-title" className={styles.title}>
          {copy.confirm.title}
        </h1>
        {body}
      </section>
    </div>
  );
}

export default AuthPage;
