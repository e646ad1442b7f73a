import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { componentCalls, type TAuthInfo } from '../../../schemas/api/component';
import { authPayQuery, componentKeys, saveAuthPay } from '../../api/component';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import styles from './wechat-binding-styles';

function PayForm({ account, mchId, apiKeyMasked, onDone }: { account: TAuthInfo; mchId: string | null; apiKeyMasked: string | null; onDone: () => void }) {
  const ids = { mch: useId(), key: useId() };
  const client = useQueryClient();
  const [mch, setMch] = useState(mchId ?? '');
  const [key, setKey] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: saveAuthPay,
    onSuccess: async () => {
      toast.success('支付设置已保存');
      await client.invalidateQueries({ queryKey: componentKeys.all });
      onDone();
    },
    onError: (error: Error) => setRefusal(error.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = componentCalls.upDateAuthPay.request.safeParse({ authId: account.authId, mchId: mch, apiKey: key });
    if (!parsed.success) return setRefusal(parsed.error.issues[0]?.message ?? '请检查填写的内容');
    if (!parsed.data.apiKey && !apiKeyMasked) return setRefusal('首次设置请填写 API 密钥');
    setRefusal(null);
    save.mutate(parsed.data);
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <label className={styles.field} htmlFor={ids.mch}>
        微信支付商户号
        <input
          id={ids.mch}
          inputMode="numeric"
          autoComplete="off"
          value={mch}
          maxLength={12}
          onChange={(e) => setMch(e.target.value)}
          placeholder="如 1900000109"
        />
      </label>
      <label className={styles.field} htmlFor={ids.key}>
        API 密钥
        <input
          id={ids.key}
          type="password"
          autoComplete="new-password"
          value={key}
          maxLength={32}
          onChange={(e) => setKey(e.target.value)}
          placeholder={apiKeyMasked ? `已设置（${apiKeyMasked}），不修改请留空` : '32 位 API 密钥'}
        />
        <span className={styles.hint}>密钥加密保存，保存后只显示末四位</span>
      </label>
      {refusal ? (
        <p role="alert" className={styles.error}>
          {refusal}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <Button onClick={onDone} disabled={save.isPending}>
          取消
        </Button>
        <Button variant="primary" type="submit" disabled={save.isPending}>
          保存
        </Button>
      </div>
    </form>
  );
}

/** 支付设置 of one bound account: its 商户号 and API key (the key never comes back, only its last four characters). */
export function PayDialog({ account, onClose }: { account: TAuthInfo | null; onClose: () => void }) {
  const pay = useQuery({ ...authPayQuery(account?.authId ?? 0), enabled: account !== null });
  let body;
  if (!account) body = null;
  else if (pay.isPending) body = <LoadingState compact />;
  else if (pay.isError) body = <ErrorState compact title="支付设置加载失败" description={pay.error.message} />;
  else body = <PayForm account={account} mchId={pay.data.mchId} apiKeyMasked={pay.data.apiKeyMasked} onDone={onClose} />;
  return (
    <Dialog open={account !== null} onOpenChange={(open) => !open && onClose()} title={`支付设置 · ${account?.nickName ?? ''}`} width={440}>
      {body}
    </Dialog>
  );
}
