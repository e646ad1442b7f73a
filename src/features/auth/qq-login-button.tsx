import { useMutation, useQuery } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { qqLoginQuery, startQqLogin } from '../../api/user-account';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import styles from './auth.module.css';
import { useAuthCopy } from './use-auth-copy';

/**
 * QQ登录 under the login forms, present only when the server has QQ互联's keys (getQQLogin answers an address);
 * otherwise nothing shows. The click asks for a fresh state and leaves for QQ, which comes back to /qqLogin.
 */
export function QqLoginButton() {
  const { copy } = useAuthCopy();
  const available = useQuery(qqLoginQuery());
  const start = useMutation({ mutationFn: startQqLogin, onError: (error: Error) => toast.error(error.message) });
  if (!available.data) return null;
  return (
    <div className={styles.thirdParty}>
      <span className={styles.muted}>{copy.qqLogin.other}</span>
      <Button size="sm" onClick={() => start.mutate()} disabled={start.isPending || start.isSuccess} aria-busy={start.isPending || undefined}>
        {start.isPending || start.isSuccess ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
        {start.isPending || start.isSuccess ? copy.qqLogin.starting : copy.qqLogin.button}
      </Button>
    </div>
  );
}
