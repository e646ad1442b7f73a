import { useQuery } from '@tanstack/react-query';
import type { TProjectSettings } from '../../../../schemas/api/settings';
import { getWxQuestionSetting } from '../../../api/editor';
import { WechatBindingHint } from '../../../ui/wechat-accounts';
import styles from './setting.module.css';

interface Props {
  questionId: string;
  settings: TProjectSettings;
  readOnly: boolean;
  commit: (key: keyof TProjectSettings, patch: Partial<TProjectSettings>) => void;
  count: (key: keyof TProjectSettings, label: string, unit: string, placeholder?: string) => React.ReactNode;
}

/**
 * 仅限微信授权填写 (issue 47 item 1): the project names one of its OWNER's authorised official accounts (the server
 * reads them for whoever edits, and writes the AppID itself); each WeChat user answers at most 每个微信最多填写 N
 * 次. Without a bound account the switch stays off and says what to configure, linking to the binding page.
 */
export function FormWechatField({ questionId, settings, readOnly, commit, count }: Props) {
  const read = useQuery({ queryKey: ['form-wechat-accounts', questionId], queryFn: () => getWxQuestionSetting(questionId) });
  const accounts = read.data?.wechat?.accounts ?? [];
  const configured = read.data?.wechat?.configured ?? false;
  const none = !read.isPending && accounts.length === 0;
  const on = settings.wechatAuthId !== null;
  return (
    <>
      <label className={styles.switchRow}>
        <span>
          仅限微信授权填写
          <small>答题者须在微信中打开并授权，每个微信号按次数填写（换浏览器、换手机也是同一人）</small>
        </span>
        <input
          type="checkbox"
          role="switch"
          aria-label="仅限微信授权填写"
          disabled={readOnly || ((none || read.isPending) && !on)}
          checked={on}
          onChange={(e) => commit('wechatAuthId', { wechatAuthId: e.target.checked ? (accounts[0]?.authId ?? null) : null })}
        />
      </label>
      {on && accounts.length > 0 ? (
        <label className={styles.fieldRow}>
          <span>授权填写的公众号</span>
          <select
            aria-label="授权填写的公众号"
            disabled={readOnly}
            value={settings.wechatAuthId ?? ''}
            onChange={(e) => commit('wechatAuthId', { wechatAuthId: Number(e.target.value) })}
          >
            {accounts.some((a) => a.authId === settings.wechatAuthId) ? null : <option value={settings.wechatAuthId ?? ''}>已解除授权的公众号</option>}
            {accounts.map((a) => (
              <option key={a.authId} value={a.authId}>
                {a.nickName}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {on ? count('perWechatLimit', '每个微信最多填写', '次') : null}
      {none ? (
        <p className={styles.hint}>
          <WechatBindingHint configured={configured} purpose="微信授权填写（由项目创建者绑定）" testId="form-wechat-hint" />
        </p>
      ) : null}
    </>
  );
}
