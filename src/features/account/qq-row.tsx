import { useMutation, useQuery } from '@tanstack/react-query';
import { qqLoginQuery, startQqLogin } from '../../api/user-account';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import styles from './account-styles';

/**
 * QQ登录 in 账号安全, only when the server has QQ互联's keys: binding leaves for QQ's authorisation, which comes
 * back to /qqLogin and binds the QQ to this (logged-in) account; from then on that QQ logs it in.
 */
export function QqRow() {
  const available = useQuery(qqLoginQuery());
  const start = useMutation({ mutationFn: startQqLogin, onError: (error: Error) => toast.error(error.message) });
  if (!available.data) return null;
  const leaving = start.isPending || start.isSuccess;
  return (
    <div className={styles.row}>
      <dt>QQ登录</dt>
      <dd>
        <span className={styles.muted}>绑定QQ后可用QQ直接登录</span>
        <Button size="sm" onClick={() => start.mutate()} disabled={leaving} aria-busy={leaving || undefined}>
          {leaving ? '正在前往QQ授权…' : '绑定QQ'}
        </Button>
      </dd>
    </div>
  );
}
