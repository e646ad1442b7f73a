import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { getLoginInfo, userKeys } from '../../api/user';
import { useGo } from '../../app/navigation';
import { useSession } from '../../app/session';
import { Button } from '../../ui/button';
import { formatDateTime } from '../../ui/format-time';
import { EmptyState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import styles from './account-styles';
import { NameRow } from './name-row';
import { PasswordDialog } from './password-dialog';
import { SessionsList } from './sessions-list';

/**
 * /account (账号设置, spec §2; public, so a visitor is asked to log in): the user's name, phone and level, and 账号安全 —
 * the password (change with the old one or an SMS code, which signs the other devices out) and the devices logged in.
 */
export function AccountPage() {
  const session = useSession();
  const go = useGo();
  const queryClient = useQueryClient();
  const [editingPassword, setEditingPassword] = useState(false);
  const user = session.user;

  if (session.status === 'checking') return <LoadingState />;
  if (!user)
    return (
      <EmptyState
        title="登录后管理账号"
        description="登录后可修改用户名、密码，查看登录设备"
        actions={
          <Button variant="primary" onClick={() => go(`/login?redirect=${encodeURIComponent('/account')}`)}>
            去登录
          </Button>
        }
      />
    );
  const passwordChanged = () => {
    setEditingPassword(false);
    toast.success(user.hasPassword ? '密码修改成功，其他设备已退出登录' : '密码设置成功');
    void queryClient.invalidateQueries({ queryKey: userKeys.sessions() });
    void getLoginInfo().then((answer) => answer.userInfo && session.update(answer.userInfo));
  };

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1>账号设置</h1>
          <p className={styles.intro}>管理个人资料、登录密码和登录设备</p>
        </div>
      </header>
      <section className={styles.section} aria-labelledby="account-profile">
        <h2 id="account-profile">个人资料</h2>
        <dl className={styles.rows}>
          <NameRow user={user} onSaved={session.update} />
          <div className={styles.row}>
            <dt>手机号</dt>
            <dd className={styles.value}>{user.phone}</dd>
          </div>
          <div className={styles.row}>
            <dt>会员版本</dt>
            <dd>
              <span>{user.memberName}</span>
              {user.memberLevel > 1 && user.expDate ? <span className={styles.muted}>至 {formatDateTime(user.expDate)}</span> : null}
              <Button size="sm" variant="ghost" asChild>
                <Link to="/member/index.html">会员中心</Link>
              </Button>
            </dd>
          </div>
        </dl>
      </section>
      <section className={styles.section} aria-labelledby="account-security">
        <h2 id="account-security">账号安全</h2>
        <dl className={styles.rows}>
          <div className={styles.row}>
            <dt>登录密码</dt>
            <dd>
              <span data-testid="password-state">{user.hasPassword ? '已设置' : '未设置'}</span>
              <Button size="sm" onClick={() => setEditingPassword(true)}>
                {user.hasPassword ? '修改密码' : '设置密码'}
              </Button>
            </dd>
          </div>
        </dl>
        <SessionsList />
      </section>
      {editingPassword ? (
        <PasswordDialog hasPassword={user.hasPassword} phone={user.phone} onClose={() => setEditingPassword(false)} onDone={passwordChanged} />
      ) : null}
    </div>
  );
}
