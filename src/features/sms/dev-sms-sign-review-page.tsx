import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SMS_SIGN_STATE_NAMES, SMS_SIGN_STATES, type TSmsSignState } from '../../../schemas/api/sms';
import { approveSign, rejectSign, signReviewQuery } from '../../api/sms';
import { Button } from '../../ui/button';
import { FilterTabs } from '../../ui/filter-bar';
import { formatDateTime } from '../../ui/format-time';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { StatusPill } from '../../ui/status-pill';
import { toast } from '../../ui/toast';
import styles from './sms-styles';
import { SIGN_TONES } from './sms-words';

const TABS: { value: TSmsSignState | ''; label: string }[] = [
  { value: '', label: '全部' },
  ...SMS_SIGN_STATES.map((s) => ({ value: s, label: SMS_SIGN_STATE_NAMES[s] })),
];

/**
 * /dev/sms-sign-review (development only, with the merchant review's switch DEV_MERCHANT): the operator approves
 * or rejects (with a reason) the signatures users applied for on /smsSign/index.html.
 */
export function DevSmsSignReviewPage() {
  const client = useQueryClient();
  const [state, setState] = useState<TSmsSignState | ''>('reviewing');
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const list = useQuery(signReviewQuery(state));
  const done = (message: string) => {
    toast.success(message);
    void client.invalidateQueries({ queryKey: ['sms'] });
  };
  const approve = useMutation({ mutationFn: approveSign, onSuccess: () => done('已通过') });
  const reject = useMutation({ mutationFn: (signId: number) => rejectSign(signId, reasons[signId] ?? ''), onSuccess: () => done('已驳回') });
  return (
    <main className={styles.card} style={{ margin: 24 }}>
      <h1 className={styles.cardTitle}>短信签名审核（开发环境）</h1>
      <FilterTabs<TSmsSignState | ''> label="按状态筛选" tabs={TABS} value={state} onChange={setState} />
      {list.isPending ? (
        <LoadingState compact />
      ) : list.isError ? (
        <ErrorState compact title="签名列表读取失败" description={list.error.message} />
      ) : list.data.list.length === 0 ? (
        <EmptyState compact title="暂无签名申请" description="用户在 /smsSign/index.html 提交后会出现在这里" />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>签名</th>
                <th>用途</th>
                <th>账号</th>
                <th>状态</th>
                <th>申请时间</th>
                <th>审核</th>
              </tr>
            </thead>
            <tbody>
              {list.data.list.map((s) => (
                <tr key={s.signId} data-testid="sign-review-row">
                  <td>【{s.name}】</td>
                  <td>{s.purpose}</td>
                  <td>{s.account}</td>
                  <td>
                    <StatusPill tone={SIGN_TONES[s.state]}>{SMS_SIGN_STATE_NAMES[s.state]}</StatusPill>
                    {s.reason ? <div className={styles.hint}>{s.reason}</div> : null}
                  </td>
                  <td>{formatDateTime(s.createTime)}</td>
                  <td>
                    {s.state === 'reviewing' ? (
                      <div className={styles.row}>
                        <Button size="sm" variant="primary" onClick={() => approve.mutate(s.signId)}>
                          通过
                        </Button>
                        <input
                          className={styles.input}
                          aria-label="驳回原因"
                          placeholder="驳回原因"
                          value={reasons[s.signId] ?? ''}
                          onChange={(e) => setReasons({ ...reasons, [s.signId]: e.currentTarget.value })}
                        />
                        <Button size="sm" variant="danger" onClick={() => reject.mutate(s.signId)}>
                          驳回
                        </Button>
                      </div>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
