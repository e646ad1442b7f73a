import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { TInvitationSummary } from '../../../schemas/api/sms';
import { delSmsDetail, resendUnanswered, smsRecordsQuery } from '../../api/sms';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { formatDateTime } from '../../ui/format-time';
import { ManageHeader, ManagePage } from '../../ui/manage-page';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { StatusPill } from '../../ui/status-pill';
import { toast } from '../../ui/toast';
import styles from './sms-styles';
import { SEND_STATES } from './sms-words';

const n = (r: TInvitationSummary, state: string) => r.counts[state] ?? 0;

/**
 * /sms/sendSmsRecord.html (发送记录: SMS and e-mail sends, issue 50 item 2): the user's sends with their time, project, totals by
 * state and answers; 重发未作答 sends again to those who have not answered; a scheduled send is cancelled (its counts
 * come back) and a finished record deleted.
 */
export function SendSmsRecordPage() {
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const records = useQuery(smsRecordsQuery(page));
  const [removing, setRemoving] = useState<TInvitationSummary | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: ['sms'] });
  const resend = useMutation({
    mutationFn: resendUnanswered,
    onSuccess: (r) => {
      toast.success(`已重发：${r.queued}条待发送${r.refused ? `，${r.refused}条因条数不足未发送` : ''}`);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: delSmsDetail,
    onSuccess: () => {
      toast.success('操作成功');
      setRemoving(null);
      refresh();
    },
  });
  return (
    <ManagePage>
      <ManageHeader
        back={{ to: '/email.html', label: '返回通讯录' }}
        title="发送记录（短信与邮件）"
        actions={
          <>
            <Button asChild variant="ghost">
              <a href="/smsSign/index.html">短信签名</a>
            </Button>
            <Button asChild variant="primary">
              <a href="/sms/sendSms.html">发送短信</a>
            </Button>
          </>
        }
      />
      <section className={styles.card} aria-label="发送记录">
        {records.isPending ? (
          <LoadingState compact />
        ) : records.isError ? (
          <ErrorState compact title="记录加载失败" description={records.error.message} actions={<Button onClick={() => void records.refetch()}>重试</Button>} />
        ) : records.data.list.length === 0 ? (
          <EmptyState
            compact
            title="还没有发送记录"
            description="从通讯录选择联系人，给他们发送带专属链接的短信邀请。"
            actions={<a href="/sms/sendSms.html">去发送短信</a>}
          />
        ) : (
          <>
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th>发送时间</th>
                    <th>项目</th>
                    <th>方式</th>
                    <th>状态</th>
                    <th>人数</th>
                    <th>已发送/送达</th>
                    <th>失败/未发送</th>
                    <th>已作答</th>
                    <th>操作</th>
                  </tr>
                </thead>
                <tbody>
                  {records.data.list.map((r) => (
                    <tr key={r.invitationId} data-testid="sms-record-row">
                      <td className={styles.nowrap}>{formatDateTime(r.scheduledAt)}</td>
                      <td>
                        {r.title || '未命名项目'}
                        {r.resendOf ? <div className={styles.hint}>重发</div> : null}
                      </td>
                      <td className={styles.nowrap}>{r.channel === 'sms' ? '短信' : '邮件'}</td>
                      <td>
                        <StatusPill tone={SEND_STATES[r.state]!.tone}>{SEND_STATES[r.state]!.label}</StatusPill>
                      </td>
                      <td>{r.total}</td>
                      <td>
                        {n(r, 'sent') + n(r, 'delivered')} / {n(r, 'delivered')}
                      </td>
                      <td>
                        {n(r, 'failed')} / {n(r, 'refused') + n(r, 'skipped')}
                      </td>
                      <td>{r.answered}</td>
                      <td className={styles.nowrap}>
                        <Link to="/sms/recordDetail.html" search={{ invitationId: r.invitationId } as never}>
                          详情
                        </Link>{' '}
                        {r.state === 'done' && r.unanswered > 0 ? (
                          <Button size="sm" variant="ghost" onClick={() => resend.mutate(r.invitationId)} disabled={resend.isPending}>
                            重发未作答
                          </Button>
                        ) : null}
                        {r.state !== 'sending' ? (
                          <Button size="sm" variant="ghost" onClick={() => setRemoving(r)}>
                            {r.state === 'scheduled' ? '取消发送' : '删除'}
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              pageSize={20}
              total={records.data.total}
              onChange={setPage}
              totalLabel={`共 ${records.data.total} 条`}
              label="发送记录分页"
              previousLabel="上一页"
              nextLabel="下一页"
            />
          </>
        )}
      </section>
      <ConfirmDialog
        open={removing !== null}
        onCancel={() => setRemoving(null)}
        title={removing?.state === 'scheduled' ? '取消这次定时发送？' : '删除这条发送记录？'}
        message={removing?.state === 'scheduled' ? '尚未发送的短信不再发送，扣除的条数会退回。' : '删除后不能恢复。'}
        confirmLabel={removing?.state === 'scheduled' ? '取消发送' : '删除'}
        cancelLabel="再想想"
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.invitationId)}
      />
    </ManagePage>
  );
}
