import { useMutation } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ZPassword } from '../../../schemas/api/user';
import { changePassword, sendPasswordSms, settingPassword } from '../../api/user';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import styles from './account-styles';
import { CodeField } from './code-field';

type TProof = 'old' | 'sms';

/** The new password's refusal before any call: the registration rule (ZPassword) and the repeat. */
export function passwordRefusal(password: string, repeat: string): string | null {
  const parsed = ZPassword.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? '密码格式不正确';
  return password === repeat ? null : '两次输入的新密码不一致';
}

function Field({ label, value, onChange, autoComplete }: { label: string; value: string; onChange: (v: string) => void; autoComplete: string }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input id={id} className={styles.input} type="password" autoComplete={autoComplete} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/**
 * 修改密码 (with the old password or a code to the bound phone) or 设置密码 for an account without one. A change
 * signs every other device out; the server's refusal shows here, under the fields.
 */
export function PasswordDialog({ hasPassword, phone, onClose, onDone }: { hasPassword: boolean; phone: string; onClose: () => void; onDone: () => void }) {
  const formId = useId();
  const [proof, setProof] = useState<TProof>('old');
  const [oldPassword, setOldPassword] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => (hasPassword ? changePassword(proof === 'old' ? { oldPassword, password } : { code, password }) : settingPassword(password)),
    onSuccess: onDone,
    onError: (error: Error) => setRefusal(error.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hasPassword && proof === 'old' && !oldPassword) return setRefusal('请输入原密码');
    if (hasPassword && proof === 'sms' && !/^\d{6}$/.test(code)) return setRefusal('请输入6位短信验证码');
    const local = passwordRefusal(password, repeat);
    if (local) return setRefusal(local);
    setRefusal(null);
    save.mutate();
  };
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !save.isPending && onClose()}
      title={hasPassword ? '修改密码' : '设置密码'}
      description={hasPassword ? '修改后，其他设备上的登录将全部失效' : '设置后可使用手机号或用户名加密码登录'}
      width={420}
      footer={
        <>
          <Button onClick={onClose} disabled={save.isPending}>
            取消
          </Button>
          <Button variant="primary" type="submit" form={formId} disabled={save.isPending} aria-busy={save.isPending || undefined}>
            {save.isPending ? <LoaderCircle size={14} aria-hidden /> : null}
            确定
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        {hasPassword ? (
          <div className={styles.inline} role="radiogroup" aria-label="验证方式">
            {(['old', 'sms'] as const).map((p) => (
              <Button key={p} size="sm" role="radio" aria-checked={proof === p} variant={proof === p ? 'soft' : 'ghost'} onClick={() => setProof(p)}>
                {p === 'old' ? '原密码验证' : '短信验证'}
              </Button>
            ))}
          </div>
        ) : null}
        {!hasPassword ? null : proof === 'old' ? (
          <Field label="原密码" value={oldPassword} onChange={setOldPassword} autoComplete="current-password" />
        ) : (
          <CodeField value={code} onChange={setCode} send={sendPasswordSms} hint={`验证码将发送到绑定手机 ${phone}`} />
        )}
        <Field label="新密码" value={password} onChange={setPassword} autoComplete="new-password" />
        <Field label="确认新密码" value={repeat} onChange={setRepeat} autoComplete="new-password" />
        <span className={styles.muted}>6–32位，需同时包含字母和数字</span>
        {refusal ? (
          <p role="alert" className={styles.error}>
            {refusal}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
