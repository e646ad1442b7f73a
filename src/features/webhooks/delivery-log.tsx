import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TDeliveryItem, TWebhookItem } from '../../../schemas/api/webhooks';
import { deliveryListQuery, type TWebhookOwner } from '../../api/webhooks';
import { Button } from '../../ui/button';
import { formatDateTime } from '../../ui/format-time';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { StatusPill } from '../../ui/status-pill';
import { DeliveryDrawer } from './delivery-drawer';
import { DELIVERY_FILTERS, deliveryBadge, eventLabel } from './delivery-state';
import styles from './webhooks-styles';

const PAGE_SIZE = 20;
type TFilter = (typeof DELIVERY_FILTERS)[number]['value'];

/** 推送记录 of one webhook: newest first, filtered by state, paged; 查看 opens the detail. */
export function DeliveryLog({ owner, webhook }: { owner: TWebhookOwner; webhook: TWebhookItem }) {
  const [state, setState] = useState<TFilter>('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const body = { ...owner, webhookId: webhook.webhookId, page, pageSize: PAGE_SIZE, state: state || undefined };
  const list = useQuery(deliveryListQuery(body));
  return (
    <section className={styles.card} aria-labelledby="delivery-log-title">
      <div className={styles.logHead}>
        <h2 id="delivery-log-title" className={styles.cardTitle}>
          推送记录
          <small className={styles.logUrl}>{webhook.url}</small>
        </h2>
        <label className={styles.filter}>
          <span className="visually-hidden">按状态筛选</span>
          <select
            className={styles.input}
            value={state}
            onChange={(e) => {
              setState(e.target.value as TFilter);
              setPage(1);
            }}
          >
            {DELIVERY_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isPending ? (
        <LoadingState compact />
      ) : list.isError ? (
        <ErrorState compact title="推送记录加载失败" description={list.error.message} actions={<Button onClick={() => void list.refetch()}>重试</Button>} />
      ) : list.data.list.length === 0 ? (
        <EmptyState compact title={state ? '没有该状态的推送记录' : '暂无推送记录'} description="点「发送测试」可立即向该地址推送一条测试事件。" />
      ) : (
        <>
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="可左右滑动的表格">
            <table className={styles.table}>
              <thead>
                <tr>
                  <th>时间</th>
                  <th>事件</th>
                  <th>状态</th>
                  <th>状态码</th>
                  <th>尝试次数</th>
                  <th>操作</th>
                </tr>
              </thead>
              <tbody>
                {list.data.list.map((d) => (
                  <DeliveryRow key={d.deliveryId} delivery={d} onOpen={() => setOpen(d.deliveryId)} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            onChange={setPage}
            totalLabel={`共 ${list.data.total} 条`}
            label="推送记录分页"
            previousLabel="上一页"
            nextLabel="下一页"
          />
        </>
      )}
      <DeliveryDrawer owner={owner} deliveryId={open} onClose={() => setOpen(null)} />
    </section>
  );
}

function DeliveryRow({ delivery: d, onOpen }: { delivery: TDeliveryItem; onOpen: () => void }) {
  const badge = deliveryBadge(d);
  return (
    <tr data-testid="delivery-row">
      <td className={styles.nowrap}>{formatDateTime(d.createTime)}</td>
      <td>
        {eventLabel(d.event)}
        {d.redeliveryOf ? <small className={styles.hint}>（重新推送）</small> : null}
      </td>
      <td>
        <StatusPill tone={badge.tone}>{badge.label}</StatusPill>
      </td>
      <td className={styles.code}>{d.lastStatus ?? '—'}</td>
      <td>{d.attempts}</td>
      <td>
        <Button size="sm" variant="ghost" onClick={onOpen}>
          查看
        </Button>
      </td>
    </tr>
  );
}
