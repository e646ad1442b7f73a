import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { deliveryQuery, redeliver, webhookKeys, type TWebhookOwner } from '../../api/webhooks';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { formatDateTime } from '../../ui/format-time';
import { ErrorState, LoadingState } from '../../ui/states';
import { StatusPill } from '../../ui/status-pill';
import { toast } from '../../ui/toast';
import { deliveryBadge, eventLabel } from './delivery-state';
import styles from './webhooks-styles';

/** 推送详情: the payload as sent (pretty-printed), every attempt's answer, and 重新推送. */
export function DeliveryDrawer({ owner, deliveryId, onClose }: { owner: TWebhookOwner; deliveryId: string | null; onClose: () => void }) {
  return (
    <Dialog open={deliveryId !== null} onOpenChange={(open) => (open ? null : onClose())} title="推送详情" width={720} className={styles.drawer}>
      {deliveryId ? <DeliveryDetail owner={owner} deliveryId={deliveryId} onClose={onClose} /> : null}
    </Dialog>
  );
}

function DeliveryDetail({ owner, deliveryId, onClose }: { owner: TWebhookOwner; deliveryId: string; onClose: () => void }) {
  const client = useQueryClient();
  const detail = useQuery(deliveryQuery(owner, deliveryId));
  const [busy, setBusy] = useState(false);
  if (detail.isPending) return <LoadingState compact />;
  if (detail.isError) return <ErrorState compact title="推送详情加载失败" description={detail.error.message} />;
  const d = detail.data;
  const badge = deliveryBadge(d);
  const again = () => {
    setBusy(true);
    redeliver(owner, deliveryId)
      .then(() => {
        toast.success('已重新推送');
        void client.invalidateQueries({ queryKey: webhookKeys.all(owner) });
        onClose();
      })
      .catch((e: Error) => void toast.error(e.message))
      .finally(() => setBusy(false));
  };
  return (
    <div className={styles.detail} data-testid="delivery-detail">
      <dl className={styles.facts}>
        <dt>事件</dt>
        <dd>
          {eventLabel(d.event)} <code className={styles.eventCode}>{d.event}</code>
        </dd>
        <dt>状态</dt>
        <dd>
          <StatusPill tone={badge.tone}>{badge.label}</StatusPill>
        </dd>
        <dt>创建时间</dt>
        <dd>{formatDateTime(d.createTime)}</dd>
        {d.nextAttemptTime ? (
          <>
            <dt>下次尝试</dt>
            <dd>{formatDateTime(d.nextAttemptTime)}</dd>
          </>
        ) : null}
        <dt>事件编号</dt>
        <dd className={styles.code}>{d.eventId}</dd>
      </dl>
      <h3 className={styles.subTitle}>推送内容</h3>
      <pre className={styles.payload} tabIndex={0} aria-label="推送内容">
        {JSON.stringify(d.payload, null, 2)}
      </pre>
      <h3 className={styles.subTitle}>尝试记录</h3>
      {d.attemptList.length === 0 ? (
        <p className={styles.hint}>尚未尝试，推送会在几秒内开始。</p>
      ) : (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="可左右滑动的表格">
          <table className={styles.table}>
            <thead>
              <tr>
                <th>次数</th>
                <th>时间</th>
                <th>状态码</th>
                <th>耗时</th>
                <th>错误</th>
              </tr>
            </thead>
            <tbody>
              {d.attemptList.map((a) => (
                <tr key={a.attempt}>
                  <td>第 {a.attempt} 次</td>
                  <td className={styles.nowrap}>{formatDateTime(a.time)}</td>
                  <td className={styles.code}>{a.status ?? '—'}</td>
                  <td>{a.durationMs} ms</td>
                  <td className={styles.attemptError}>{a.error ?? a.responseExcerpt ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className={styles.footer}>
        <Button onClick={onClose}>关闭</Button>
        <Button variant="primary" disabled={busy} onClick={again}>
          <RotateCcw size={14} aria-hidden />
          重新推送
        </Button>
      </div>
    </div>
  );
}
