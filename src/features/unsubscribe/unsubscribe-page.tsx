import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleCheck, MailX } from 'lucide-react';
import type { TUnsubscribeInfo } from '../../../schemas/api/receipts';
import { getUnsubscribe, saveUnsubscribe } from '../../api/receipts';
import { useGo } from '../../app/navigation';
import { Button } from '../../ui/button';
import { ErrorState, LoadingState } from '../../ui/states';
import styles from './unsubscribe-styles';

const WHAT = { email: '邮件', sms: '短信' } as const;

function Done({ info }: { info: TUnsubscribeInfo }) {
  return (
    <>
      <div className={styles.done} role="status">
        <CircleCheck size={44} aria-hidden />
        已退订
      </div>
      <p className={styles.lead}>
        {info.address} 将不再收到 {info.sender} 发送的问卷邀请{WHAT[info.channel]}。
      </p>
      <p className={styles.note}>如果是误操作，请联系邀请您的人重新添加。</p>
    </>
  );
}

function Confirm({ token, info }: { token: string; info: TUnsubscribeInfo }) {
  const save = useMutation({ mutationFn: () => saveUnsubscribe(token) });
  if (save.isSuccess) return <Done info={save.data} />;
  return (
    <>
      <p className={styles.lead}>
        退订后，{info.sender} 将不再通过{WHAT[info.channel]}向以下地址发送问卷邀请：
      </p>
      <p className={styles.address} data-testid="unsubscribe-address">
        {info.address}
      </p>
      {save.isError ? (
        <p className={styles.note} role="alert">
          {save.error.message}
        </p>
      ) : null}
      <Button variant="primary" className={styles.confirm} onClick={() => save.mutate()} disabled={save.isPending}>
        {save.isPending ? '正在退订…' : '确认退订'}
      </Button>
      <p className={styles.note}>不想退订？直接关闭本页即可。</p>
    </>
  );
}

/** /unsubscribe.html?t=… (public, phone-friendly; issue 50 item 4): stop a sender's invitations to this address. */
export function UnsubscribePage() {
  const go = useGo();
  const token = new URLSearchParams(go.search()).get('t') ?? '';
  const info = useQuery({ queryKey: ['unsubscribe', token], queryFn: () => getUnsubscribe(token), retry: false, enabled: Boolean(token) });
  let body;
  if (!token) body = <ErrorState icon={<MailX size={32} />} title="退订链接无效或已失效" description="请使用邮件或短信中的完整退订链接。" />;
  else if (info.isPending) body = <LoadingState label="正在加载…" />;
  else if (info.isError) body = <ErrorState icon={<MailX size={32} />} title={info.error.message} description="请使用邮件或短信中的完整退订链接。" />;
  else if (info.data.optedOut) body = <Done info={info.data} />;
  else body = <Confirm token={token} info={info.data} />;
  return (
    <main className={styles.page}>
      <section className={styles.card}>
        <h1 className={styles.title}>退订问卷邀请</h1>
        {body}
      </section>
    </main>
  );
}

export default UnsubscribePage;
