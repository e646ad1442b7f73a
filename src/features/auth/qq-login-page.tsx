import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { messageOf } from '../../../machines/shared/error-message';
import { bindingUser } from '../../api/user-account';
import { useGo } from '../../app/navigation';
import { useSession } from '../../app/session';
import { Button } from '../../ui/button';
import { ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import styles from './auth-page.module.css';
import { useAuthCopy } from './use-auth-copy';

type TFailure = { title: string; text: string };

/**
 * /qqLogin?code=&state=: where QQ互联 sends the browser back. bindingUser decides: logged in, the QQ is bound to
 * this account (back to 账号设置); logged out, the account bound to that QQ is logged in (on to /index). The
 * code is handed over once: the server spends the state with it.
 */
export function QqLoginPage() {
  const { copy } = useAuthCopy();
  const session = useSession();
  const go = useGo();
  const [failure, setFailure] = useState<TFailure | null>(null);
  const handed = useRef(false);

  useEffect(() => {
    if (handed.current) return;
    handed.current = true;
    const params = new URLSearchParams(go.search());
    const code = params.get('code');
    const state = params.get('state');
    if (!code || !state) return setFailure({ title: copy.qqLogin.cancelled, text: copy.qqLogin.cancelledText });
    bindingUser({ type: 'qq', code, state }).then(
      (answer) => {
        if (answer.result === 'login') {
          session.login(answer.userInfo);
          toast.success(copy.success.login);
          return go('/index', { replace: true });
        }
        session.update(answer.userInfo);
        toast.success(copy.qqLogin.bound);
        go('/account', { replace: true });
      },
      (error: unknown) => setFailure({ title: copy.qqLogin.failed, text: messageOf(error) }),
    );
    // Only the address QQ sent the browser back with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const back = session.user ? { to: '/account', label: copy.qqLogin.backAccount } : { to: '/login', label: copy.qqLogin.backLogin };
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="qq-login-title">
        <h1 id="qq-login-title" className={styles.title}>
          {copy.qqLogin.title}
        </h1>
        {failure ? (
          <ErrorState
            icon={<TriangleAlert size={32} />}
            title={failure.title}
            description={failure.text}
            actions={
              <Button variant="primary" onClick={() => go(back.to, { replace: true })}>
                {back.label}
              </Button>
            }
          />
        ) : (
          <LoadingState label={copy.qqLogin.working} />
        )}
      </section>
    </div>
  );
}

export default QqLoginPage;
