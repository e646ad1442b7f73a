import type { TUserInfo } from '../../../schemas/api/user';
import styles from './auth-page.module.css';

export function Avatar({ user }: { user: Pick<TUserInfo, 'username' | 'headImg'> }) {
  return (
    <span className={styles.avatar} aria-hidden>
      {user.headImg ? <img src={user.headImg} alt="" /> : (user.username || '?').slice(0, 1).toUpperCase()}
    </span>
  );
}
