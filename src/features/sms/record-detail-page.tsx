import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { smsDetailQuery } from '../../api/sms';
import { Button } from '../../ui/button';
import { FilterTabs } from '../../ui/filter-bar';
import { formatDateTime } from '../../ui/format-time';
import { ManageHeader, ManagePage } from '../../ui/manage-page';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { StatusPill } from '../../ui/status-pill';
import styles from './sms-styles';
import { MESSAGE_STATES, SEND_STATES } from './sms-words';

const TABS = [
  { value: '', label: '全部' },
  { value: 'sent', label: '已发送' },
  { value: 'delivered', label: '已送达' },
  { value: 'failed', label: '发送失败' },
  { value: 'refused', label: '条数不足' },
  { value: 'skipped', label: '未发送' },
] as const;

const time = (value: string | null) => (value ? formatDateTime(value) : '—');

/**
 * /sms/recordDetail.html?invitationId=… (发送详情, issue 50 item 2): one send's messages — the contact, the
 * number, the state and why, when it was sent and delivered, and whether the contact opened the link and answered.
 */
export function RecordDetailPage() {
  const invitationId = useLocation({ select: (l) => Number((l.search as Record<string, unknown>).invitationId ?? 0) || 0 });
  const [page, setPage] = useState(1);
  const [state, setState] = useState('');
  const detail = useQuery(smsDetailQuery(invitationId, page, state));
  if (!invitationId)
    return <EmptyState title="缺少发送记录编号" description="请从发送记录进入发送详情。" actions={<a href="/sms/sendSmsRecord.html">查看发送记录</a>} />;
  if (detail.isPending) return <LoadingState />;
  if (detail.isError)
    return <ErrorState title="发送详情加载失败" description={detail.error.message} actions={<Button onClick={() => void detail.refetch()}>重试</Button>} />;
  const { invitation, list, total } = detail.data;
  return (
    <ManagePage>
      <ManageHeader
        back={{ to: '/sms/sendSmsRecord.html', label: '返回发送记录' }}
        title={`发送详情 · ${invitation.title || '未命名项目'}`}
        meta={
          <p className={styles.meta}>
            <StatusPill tone={SEND_STATES[invitation.state]!.tone}>{SEND_STATES[invitation.state]!.label}</StatusPill> {formatDateTime(invitation.scheduledAt)}{' '}
            · 共{invitation.total}人 · 已作答{invitation.answered}人
          </p>
        }
      />
      <section className={styles.card} aria-label="发送明细">
        <p className={styles.content}>
          {invitation.signName ? `【${invitation.signName}】` : ''}
          {invitation.content}
        </p>
        <FilterTabs<string>
          label="按状态筛选"
          tabs={TABS}
          value={state}
          onChange={(v) => {
            setState(v);
            setPage(1);
          }}
        />
        {list.length === 0 ? (
          <EmptyState compact title="没有符合条件的短信" />
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th>联系人</th>
                  <th>手机号</th>
                  <th>状态</th>
                  <th>发送时间</th>
                  <th>送达时间</th>
                  <th>打开</th>
                  <th>作答</th>
                </tr>
              </thead>
              <tbody>
                {list.map((m) => (
                  <tr key={m.messageId} data-testid="sms-message-row">
                    <td>{m.name}</td>
                    <td className={styles.nowrap}>{m.address || '—'}</td>
                    <td>
                      <StatusPill tone={MESSAGE_STATES[m.state]!.tone}>{MESSAGE_STATES[m.state]!.label}</StatusPill>
                      {m.reason ? <div className={styles.hint}>{m.reason}</div> : null}
                    </td>
                    <td className={styles.nowrap}>{time(m.sentAt)}</td>
                    <td className={styles.nowrap}>{time(m.deliveredAt)}</td>
                    <td className={styles.nowrap}>{m.openedAt ? formatDateTime(m.openedAt) : '未打开'}</td>
                    <td className={styles.nowrap}>{m.answeredAt ? formatDateTime(m.answeredAt) : '未作答'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager
          page={page}
          pageSize={20}
          total={total}
          onChange={setPage}
          totalLabel={`共 ${total} 条`}
          label="发送明细分页"
          previousLabel="上一页"
          nextLabel="下一页"
        />
      </section>
    </ManagePage>
  );
}
