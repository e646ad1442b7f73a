import { useWechatAccounts, WechatBindingHint } from '../../ui/wechat-accounts';
import styles from './voting-styles';

export { useWechatAccounts };

/**
 * 微信授权 votes (issue 47): whether the owner has an authorised official account to use, and the choice among
 * them. Without one the identity option stays off and the hint says where to bind one.
 */
export function WechatIdentityHint({ configured }: { configured: boolean }) {
  return <WechatBindingHint configured={configured} purpose="微信授权投票" testId="wechat-identity-hint" />;
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
