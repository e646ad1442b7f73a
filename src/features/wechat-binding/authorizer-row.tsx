import type { TAuthInfo } from '../../../schemas/api/component';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { formatDateTime } from '../../ui/format-time';
import { StatusPill } from '../../ui/status-pill';
import styles from './wechat-binding-styles';

const kindName = (a: TAuthInfo) => (a.kind === 'mini' ? '小程序' : a.serviceType === 2 ? '服务号' : '订阅号');

/**
 * One bound account: a lettered avatar (the page's CSP keeps images to this site, so WeChat's head image is not
 * loaded), its name, type, state, original id and actions.
 */
export function AuthorizerRow({
  account,
  onPay,
  onTemplates,
  onDelete,
}: {
  account: TAuthInfo;
  onPay: () => void;
  onTemplates: () => void;
  onDelete: () => void;
}) {
  const initial = Array.from(account.nickName || account.authorizerAppid)[0] ?? '微';
  return (
    <li className={styles.row} data-testid="authorizer-row">
      <span className={cx(styles.avatar, account.kind === 'mini' && styles.mini)} aria-hidden>
        {initial}
      </span>
      <div className={styles.main}>
        <span className={styles.name}>
          {account.nickName || account.authorizerAppid}
          <StatusPill tone={account.kind === 'mini' ? 'violet' : 'success'}>{kindName(account)}</StatusPill>
          {account.status === 'authorized' ? (
            <StatusPill tone="primary" dot>
              已授权
            </StatusPill>
          ) : (
            <StatusPill tone="danger" dot>
              已在微信取消授权
            </StatusPill>
          )}
          {account.verifyType < 0 ? <StatusPill tone="muted">未认证</StatusPill> : null}
        </span>
        <span className={styles.sub}>
          AppID {account.authorizerAppid}
          {account.userName ? ` · 原始ID ${account.userName}` : ''}
        </span>
        <span className={styles.sub}>
          {account.principalName ? `${account.principalName} · ` : ''}
          {formatDateTime(account.createTime)} 授权{account.hasPay ? ' · 已设置支付' : ''}
        </span>
      </div>
      <div className={styles.rowActions}>
        {account.kind === 'mp' && account.status === 'authorized' ? (
          <Button size="sm" onClick={onTemplates}>
            通知模板
          </Button>
        ) : null}
        <Button size="sm" onClick={onPay}>
          支付设置
        </Button>
        <Button size="sm" variant="ghost" onClick={onDelete}>
          解除绑定
        </Button>
      </div>
    </li>
  );
}
