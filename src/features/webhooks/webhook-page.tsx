import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Webhook } from 'lucide-react';
import { useState } from 'react';
import type { TWebhookItem } from '../../../schemas/api/webhooks';
import { WEBHOOK_LIMITS } from '../../../schemas/webhooks/events';
import { webhookKeys, webhookListQuery } from '../../api/webhooks';
import { Button } from '../../ui/button';
import { ManageHeader, ManagePage } from '../../ui/manage-page';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { DeliveryLog } from './delivery-log';
import { SignatureHelp } from './signature-help';
import { useWebhookOwner } from './use-webhook-owner';
import { WebhookCard } from './webhook-card';
import { WebhookDialog } from './webhook-dialog';
import styles from './webhooks-styles';

/**
 * /questionnaire/webhook.html?questionId=… (数据推送, issue 53 item 3): the project's webhooks, each with its secret,
 * 发送测试 and its delivery log; manage power (the data leaves the platform). ?voteId=… is a vote's: its owner's, and
 * only 新投票 is offered.
 */
export function WebhookPage() {
  const client = useQueryClient();
  const { owner, isVote, title, offered, denied, back } = useWebhookOwner();
  const list = useQuery(webhookListQuery(owner ?? { questionId: '' }));
  const [editing, setEditing] = useState<TWebhookItem | 'new' | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  if (!owner) return <EmptyState title="缺少项目编号" description="请从项目列表的「更多」菜单进入数据推送。" />;
  if (list.isPending) return <LoadingState />;
  if (list.isError) {
    return (
      <ErrorState
        title={denied ? '只有项目管理者可以设置数据推送' : '数据推送加载失败'}
        description={list.error.message}
        actions={
          <Button variant="primary" onClick={() => void list.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  const hooks = list.data.list;
  const current = hooks.find((h) => h.webhookId === selected) ?? hooks[0] ?? null;
  const refresh = () => void client.invalidateQueries({ queryKey: webhookKeys.all(owner) });
  const full = hooks.length >= WEBHOOK_LIMITS.perProject;
  const add = (
    <Button
      variant="primary"
      disabled={full}
      title={full ? `每个${isVote ? '投票' : '项目'}最多 ${WEBHOOK_LIMITS.perProject} 个推送地址` : undefined}
      onClick={() => setEditing('new')}
    >
      <Plus size={14} aria-hidden />
      添加推送地址
    </Button>
  );
  return (
    <ManagePage>
      <ManageHeader
        back={back}
        title={title ? `数据推送 · ${title}` : '数据推送'}
        meta={
          <p className={styles.meta}>
            新数据产生时，自动以 JSON 推送到你的系统（Webhook）。已添加 {hooks.length}/{WEBHOOK_LIMITS.perProject} 个地址。
          </p>
        }
        actions={hooks.length ? add : null}
      />
      {hooks.length === 0 ? (
        <div className={styles.card}>
          <EmptyState
            icon={<Webhook size={40} aria-hidden />}
            title="还没有推送地址"
            description={
              isVote
                ? '添加一个接收地址后，每有一张新投票，系统都会把所投选手、票数和投票时间实时 POST 到该地址，并附带签名，方便你同步到自己的业务系统、大屏或机器人。'
                : '添加一个接收地址后，每收到一份答卷（以及订单、预约等），系统都会把数据实时 POST 到该地址，并附带签名，方便你同步到自己的业务系统、表格或机器人。'
            }
            actions={add}
          />
        </div>
      ) : (
        <div className={styles.layout}>
          <div className={styles.hookList}>
            {hooks.map((h) => (
              <WebhookCard
                key={h.webhookId}
                owner={owner}
                webhook={h}
                selected={current?.webhookId === h.webhookId}
                onSelect={() => setSelected(h.webhookId)}
                onEdit={() => setEditing(h)}
                onChanged={refresh}
              />
            ))}
          </div>
          {current ? <DeliveryLog key={current.webhookId} owner={owner} webhook={current} /> : null}
        </div>
      )}
      <SignatureHelp />
      <WebhookDialog
        owner={owner}
        offered={offered}
        webhook={editing === 'new' ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          setSelected(saved.webhookId);
          refresh();
        }}
      />
    </ManagePage>
  );
}
