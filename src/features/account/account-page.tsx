import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { getLoginInfo, userKeys } from '../../api/user';
import { useGo } from '../../app/navigation';
import { useSession } from '../../app/session';
import type { TUserInfo } from '../../../schemas/api/user';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { formatDateTime } from '../../ui/format-time';
import { EmptyState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import styles from './account-styles';
import { ApiTokensPanel } from './api-tokens-panel';
import { AvatarRow } from './avatar-row';
import { DeleteAccountDialog } from './delete-account-dialog';
import { InvitePanel } from './invite-panel';
import { NameRow } from './name-row';
import { PasswordDialog } from './password-dialog';
import { PhoneDialog } from './phone-dialog';
import { QqRow } from './qq-row';
import { SessionsList } from './sessions-list';

/**
 * /account (账号设置, spec §2; public, so a visitor is asked to log in): the user's name, phone and level, and 账号安全 —
 * the password (change with the old one or an SMS code, which signs the other devices out) and the devices logged in.
 */
export function AccountPage() {
  const session = useSession();
  const go = useGo();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'password' | 'phone' | 'delete' | null>(null);
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
    setDialog(null);
    toast.success(user.hasPassword ? '密码修改成功，其他设备已退出登录' : '密码设置成功');
    void queryClient.invalidateQueries({ queryKey: userKeys.sessions() });
    void getLoginInfo().then((answer) => answer.userInfo && session.update(answer.userInfo));
  };

  const phoneChanged = (next: TUserInfo) => {
    setDialog(null);
    toast.success(user.phone ? '手机号已更换，请使用新手机号登录' : '手机号已绑定');
    session.update(next);
  };
  const deleted = () => {
    setDialog(null);
    session.expire();
    toast.success('账号已注销');
    go('/', { replace: true });
  };

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1>账号设置</h1>
          <p className={styles.intro}>管理个人资料、手机号、登录密码、登录设备和 API 令牌</p>
        </div>
      </header>
      <section className={styles.section} aria-labelledby="account-profile">
        <h2 id="account-profile">个人资料</h2>
        <dl className={styles.rows}>
          <AvatarRow user={user} onSaved={session.update} />
          <NameRow user={user} onSaved={session.update} />
          <div className={styles.row}>
            <dt>手机号</dt>
            <dd>
              <span className={styles.value} data-testid="account-phone">
                {user.phone || '未绑定'}
              </span>
              <Button size="sm" variant="ghost" onClick={() => setDialog('phone')}>
                {user.phone ? '更换手机号' : '绑定手机号'}
              </Button>
            </dd>
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
              <Button size="sm" onClick={() => setDialog('password')}>
                {user.hasPassword ? '修改密码' : '设置密码'}
              </Button>
            </dd>
          </div>
          <QqRow />
        </dl>
        <SessionsList />
      </section>
      <ApiTokensPanel />
      <InvitePanel />
      <section className={cx(styles.section, styles.dangerZone)} aria-labelledby="account-delete">
        <h2 id="account-delete">注销账号</h2>
        <div className={styles.inline}>
          <p className={styles.muted}>注销后，你创建的项目和数据将被删除，账号无法恢复。</p>
          <Button size="sm" variant="danger" onClick={() => setDialog('delete')}>
            注销账号
          </Button>
        </div>
      </section>
      {dialog === 'password' ? (
        <PasswordDialog hasPassword={user.hasPassword} phone={user.phone} onClose={() => setDialog(null)} onDone={passwordChanged} />
      ) : null}
      {dialog === 'phone' ? <PhoneDialog user={user} onClose={() => setDialog(null)} onDone={phoneChanged} /> : null}
      {dialog === 'delete' ? <DeleteAccountDialog user={user} onClose={() => setDialog(null)} onDone={deleted} /> : null}
    </div>
  );
}
