import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { API_TOKEN_LIMITS, API_TOKEN_SCOPE_LABELS, type TApiTokenItem } from '../../../schemas/api/api-tokens';
import { apiTokenKeys, apiTokenListQuery, revokeApiToken } from '../../api/api-tokens';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { cx } from '../../ui/cx';
import { formatDateTime } from '../../ui/format-time';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { StatusPill } from '../../ui/status-pill';
import { toast } from '../../ui/toast';
import styles from './account-styles';
import { ApiTokenDialog } from './api-token-dialog';

/** The API reference (server/routes/docs/api-docs.routes.ts): every call, its token scope and a curl example. */
const API_DOCS = '/api/docs';

function TokenRow({ item, onDelete }: { item: TApiTokenItem; onDelete: () => void }) {
  return (
    <li className={styles.session} data-testid="api-token-row">
      <div className={styles.device}>
        <KeyRound size={20} aria-hidden />
        <div className={styles.tokenMeta}>
          <div className={styles.deviceName}>
            {item.name} <StatusPill tone={item.scope === 'write' ? 'warning' : 'primary'}>{API_TOKEN_SCOPE_LABELS[item.scope]}</StatusPill>
            {item.expired ? <StatusPill tone="muted">已过期</StatusPill> : null}
          </div>
          <div className={styles.muted}>
            <code>{item.prefix}…</code> · 创建于 {formatDateTime(item.createTime)} ·{' '}
            {item.expireTime ? `${item.expired ? '已于' : '有效期至'} ${formatDateTime(item.expireTime)}${item.expired ? ' 过期' : ''}` : '永不过期'}
          </div>
          <div className={styles.muted}>
            {item.lastUsedTime ? `最近使用 ${formatDateTime(item.lastUsedTime)}${item.lastUsedIp ? ` · ${item.lastUsedIp}` : ''}` : '从未使用'}
          </div>
        </div>
      </div>
      <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`删除令牌 ${item.name}`}>
        删除
      </Button>
    </li>
  );
}

/** API 令牌: personal tokens for scripts (schemas/api/api-tokens.ts): create (shown once), list, delete. */
export function ApiTokensPanel() {
  const queryClient = useQueryClient();
  const tokens = useQuery(apiTokenListQuery());
  const [creating, setCreating] = useState(false);
  const [doomed, setDoomed] = useState<TApiTokenItem | null>(null);
  const remove = useMutation({
    mutationFn: (tokenId: number) => revokeApiToken(tokenId),
    onSuccess: () => {
      setDoomed(null);
      toast.success('令牌已删除');
      void queryClient.invalidateQueries({ queryKey: apiTokenKeys.list() });
    },
  });
  const list = tokens.data?.list ?? [];
  return (
    <section className={styles.section} aria-labelledby="account-api-tokens">
      <div className={styles.sessionsHead}>
        <h2 id="account-api-tokens">API 令牌</h2>
        <Button size="sm" variant="primary" onClick={() => setCreating(true)} disabled={list.length >= API_TOKEN_LIMITS.perUser}>
          <Plus size={14} aria-hidden />
          创建令牌
        </Button>
      </div>
      <p className={cx(styles.muted, styles.tokenHint)}>
        用令牌在脚本或其他系统中调用开放接口，读取项目和统计数据。用法：<code>curl -H &apos;token: wjp_…&apos; …</code>，每个接口的权限和示例见{' '}
        <a className={styles.textLink} href={API_DOCS} target="_blank" rel="noreferrer">
          API 文档
        </a>
        。
      </p>
      {tokens.isPending ? (
        <LoadingState compact />
      ) : tokens.isError ? (
        <ErrorState compact title="令牌加载失败" description={tokens.error.message} actions={<Button onClick={() => void tokens.refetch()}>重试</Button>} />
      ) : list.length === 0 ? (
        <EmptyState compact title="还没有 API 令牌" description="创建一个只读令牌，即可用脚本读取问卷数据和统计结果" />
      ) : (
        <ul className={styles.sessions} aria-label="API 令牌">
          {list.map((item) => (
            <TokenRow key={item.tokenId} item={item} onDelete={() => setDoomed(item)} />
          ))}
        </ul>
      )}
      {creating ? <ApiTokenDialog onClose={() => setCreating(false)} /> : null}
      <ConfirmDialog
        open={doomed !== null}
        title="删除令牌"
        message={`删除后，使用「${doomed?.name ?? ''}」的脚本将立即无法访问，且不能恢复。确定删除吗？`}
        confirmLabel="删除"
        cancelLabel="取消"
        tone="danger"
        busy={remove.isPending}
        onCancel={() => setDoomed(null)}
        onConfirm={() => doomed && remove.mutate(doomed.tokenId)}
      />
    </section>
  );
}
