import { useQuery } from '@tanstack/react-query';
import { voteAuthInfoListQuery } from '../api/component';

/**
 * 微信授权 identity (issue 47 item 1), shared by votes and chains: whether the owner has an authorised official
 * account to use, and what to configure when there is none (a link to the binding page).
 */
export function useWechatAccounts() {
  const query = useQuery(voteAuthInfoListQuery());
  return { accounts: query.data?.list ?? [], configured: query.data?.configured ?? false, loading: query.isPending };
}

/** Without a bound account: what the option needs, and where to bind one. `purpose` names it (微信授权投票…). */
export function WechatBindingHint({ configured, purpose, testId }: { configured: boolean; purpose: string; testId: string }) {
  return (
    <span data-testid={testId}>
      {configured ? `${purpose}需要先绑定一个已认证的服务号：` : `${purpose}需要管理员先配置微信开放平台，再绑定公众号：`}
      {/* Underlined: a link inside a sentence must not rely on colour alone (axe link-in-text-block). */}
      <a href="/bindingServicer/index.html" style={{ textDecoration: 'underline' }}>
        去授权绑定公众号
      </a>
    </span>
  );
}
