import { useQuery } from '@tanstack/react-query';
import { voteAuthInfoListQuery } from '../../api/component';
import styles from './voting-styles';

/**
 * 微信授权 votes (issue 47): whether the owner has an authorised official account to use, and the choice among
 * them. Without one the identity option stays off and the hint says where to bind one.
 */
export function useWechatAccounts() {
  const query = useQuery(voteAuthInfoListQuery());
  return { accounts: query.data?.list ?? [], configured: query.data?.configured ?? false, loading: query.isPending };
}

export function WechatIdentityHint({ configured }: { configured: boolean }) {
  return (
    <span data-testid="wechat-identity-hint">
      {configured ? '微信授权投票需要先绑定一个已认证的服务号：' : '微信授权投票需要管理员先配置微信开放平台，再绑定公众号：'}
      <a href="/bindingServicer/index.html">去授权绑定公众号</a>
    </span>
  );
}

export function WechatAccountField({ value, onChange }: { value: number | null; onChange: (authId: number) => void }) {
  const { accounts } = useWechatAccounts();
  return (
    <div className={styles.field}>
      <label htmlFor="vote-wechat-account">授权投票的公众号</label>
      <select id="vote-wechat-account" className={styles.select} value={value ?? ''} onChange={(event) => onChange(Number(event.target.value))}>
        {value === null ? <option value="">请选择公众号</option> : null}
        {accounts.map((a) => (
          <option key={a.authId} value={a.authId}>
            {a.nickName}
          </option>
        ))}
      </select>
      <span className={styles.hint}>投票人在微信中授权后，每个微信号按规则计票（换浏览器、换设备都算同一人）。</span>
    </div>
  );
}
