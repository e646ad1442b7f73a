import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SMS_SIGN_PURPOSES, SMS_SIGN_STATE_NAMES, type TSmsSign } from '../../../schemas/api/sms';
import { chooseSmsSign, saveSmsSign, smsSignsQuery, smsSignStatusQuery } from '../../api/sms';
import { Button } from '../../ui/button';
import { formatDateTime } from '../../ui/format-time';
import { ManageHeader, ManagePage } from '../../ui/manage-page';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { StatusPill } from '../../ui/status-pill';
import { toast } from '../../ui/toast';
import styles from './sms-styles';
import { SIGN_TONES } from './sms-words';

/**
 * /smsSign/index.html (短信签名, issue 50 item 2): apply for a signature (2–12 characters, no 【】, a purpose), see
 * each one's review (审核中 / 已通过 / 未通过 with the reason), and choose the approved one that signs SMS sends.
 */
export function SmsSignPage() {
  const client = useQueryClient();
  const signs = useQuery(smsSignsQuery());
  const status = useQuery(smsSignStatusQuery());
  const [editing, setEditing] = useState<TSmsSign | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: ['sms'] });
  const choose = useMutation({
    mutationFn: chooseSmsSign,
    onSuccess: () => {
      toast.success('已设为发送签名');
      refresh();
    },
  });
  return (
    <ManagePage>
      <ManageHeader
        back={{ to: '/sms/sendSmsRecord.html', label: '返回发送记录' }}
        title="短信签名"
        meta={
          <p className={styles.meta}>{status.data?.chosen ? `发送签名：【${status.data.chosen.name}】` : '尚未选择发送签名：申请并审核通过后即可发送短信'}</p>
        }
        actions={
          <Button asChild variant="ghost">
            <a href="/sms/sendSms.html">去发送短信</a>
          </Button>
        }
      />
      <div className={styles.grid}>
        <section className={styles.card} aria-labelledby="sign-list-title">
          <h2 id="sign-list-title" className={styles.cardTitle}>
            我的签名
          </h2>
          {signs.isPending ? (
            <LoadingState compact />
          ) : signs.isError ? (
            <ErrorState compact title="签名加载失败" description={signs.error.message} actions={<Button onClick={() => void signs.refetch()}>重试</Button>} />
          ) : signs.data.list.length === 0 ? (
            <EmptyState compact title="还没有签名" description="短信会以【签名】开头，请先在右侧申请一个签名。" />
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th>签名</th>
                    <th>用途</th>
                    <th>状态</th>
                    <th>申请时间</th>
                    <th>操作</th>
                  </tr>
                </thead>
                <tbody>
                  {signs.data.list.map((s) => (
                    <tr key={s.signId} data-testid="sms-sign-row">
                      <td className={styles.nowrap}>【{s.name}】</td>
                      <td>{s.purpose}</td>
                      <td>
                        <StatusPill tone={SIGN_TONES[s.state]}>{s.chosen ? '使用中' : SMS_SIGN_STATE_NAMES[s.state]}</StatusPill>
                        {s.reason ? <div className={styles.warn}>原因：{s.reason}</div> : null}
                      </td>
                      <td className={styles.nowrap}>{formatDateTime(s.createTime)}</td>
                      <td className={styles.nowrap}>
                        {s.state === 'approved' && !s.chosen ? (
                          <Button size="sm" onClick={() => choose.mutate(s.signId)} disabled={choose.isPending}>
                            设为发送签名
                          </Button>
                        ) : null}
                        {s.state !== 'approved' ? (
                          <Button size="sm" variant="ghost" onClick={() => setEditing(s)}>
                            修改
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <SignForm key={editing?.signId ?? 'new'} editing={editing} onDone={() => (setEditing(null), refresh())} />
      </div>
    </ManagePage>
  );
}

function SignForm({ editing, onDone }: { editing: TSmsSign | null; onDone: () => void }) {
  const [name, setName] = useState(editing?.name ?? '');
  const [purpose, setPurpose] = useState(editing?.purpose ?? '');
  const [error, setError] = useState('');
  const save = useMutation({
    mutationFn: () => saveSmsSign({ ...(editing ? { signId: editing.signId } : {}), name: name.trim(), purpose }),
    onSuccess: () => {
      toast.success('提交成功，请等待审核');
      setName('');
      setPurpose('');
      onDone();
    },
  });
  const submit = () => {
    const n = [...name.trim()].length;
    if (n < 2 || n > 12) return setError('签名须为2-12个字');
    if (/[【】]/.test(name)) return setError('签名不能包含【】');
    if (!purpose) return setError('请选择签名用途');
    setError('');
    save.mutate();
  };
  return (
    <section className={styles.card} aria-labelledby="sign-form-title">
      <h2 id="sign-form-title" className={styles.cardTitle}>
        {editing ? '修改签名' : '申请签名'}
      </h2>
      <label className={styles.field}>
        <span className={styles.fieldLabel}>签名（2-12个字，不含【】）</span>
        <input className={styles.input} value={name} maxLength={12} placeholder="如：问卷通" onChange={(e) => setName(e.currentTarget.value)} />
      </label>
      <label className={styles.field}>
        <span className={styles.fieldLabel}>签名用途</span>
        <select className={styles.input} value={purpose} onChange={(e) => setPurpose(e.currentTarget.value)}>
          <option value="">请选择</option>
          {SMS_SIGN_PURPOSES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      {error ? (
        <p className={styles.warn} role="alert">
          {error}
        </p>
      ) : null}
      <p className={styles.hint}>提交后由平台审核，通常1个工作日内完成；审核通过后即可用于发送短信。</p>
      <Button variant="primary" onClick={submit} disabled={save.isPending}>
        {save.isPending ? '提交中…' : '提交审核'}
      </Button>
    </section>
  );
}
