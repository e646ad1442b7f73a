import { useWechatAccounts, WechatBindingHint } from '../../ui/wechat-accounts';
import styles from './chain-styles';

interface Props {
  value: number | null;
  disabled: boolean;
  onChange: (authId: number | null) => void;
}

/**
 * 仅限微信授权参与 (issue 47 item 1): the chain names one of the owner's authorised official accounts; participants
 * then authorise in WeChat and each WeChat user is one participant. Without a bound account the option stays off
 * and says what to configure, linking to the binding page.
 */
export function ChainWechatField({ value, disabled, onChange }: Props) {
  const { accounts, configured, loading } = useWechatAccounts();
  const none = !loading && accounts.length === 0;
  return (
    <fieldset className={styles.field}>
      <legend className={styles.legend}>参与身份</legend>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={value !== null}
          disabled={disabled || (none && value === null)}
          onChange={(e) => onChange(e.target.checked ? (accounts[0]?.authId ?? null) : null)}
        />
        仅限微信授权参与（每个微信号算一人，换浏览器、换手机也是同一人）
      </label>
      {value !== null && accounts.length > 0 ? (
        <select className={styles.input} aria-label="授权参与的公众号" value={value} disabled={disabled} onChange={(e) => onChange(Number(e.target.value))}>
          {accounts.some((a) => a.authId === value) ? null : <option value={value}>已解除授权的公众号</option>}
          {accounts.map((a) => (
            <option key={a.authId} value={a.authId}>
              {a.nickName}
            </option>
          ))}
        </select>
      ) : null}
      {none ? (
        <small>
          <WechatBindingHint configured={configured} purpose="微信授权参与" testId="chain-wechat-hint" />
        </small>
      ) : (
        <small>参与者需在微信中打开接龙链接并授权；在微信外打开会提示用微信打开</small>
      )}
    </fieldset>
  );
}
