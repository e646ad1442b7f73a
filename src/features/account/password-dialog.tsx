import { useId, useState } from 'react';
import { ZPassword } from '../../../schemas/api/user';
import { changePassword, sendPasswordSms, settingPassword } from '../../api/user';
import styles from './account-styles';
import { CodeField } from './code-field';
import { ProofChoice, SecurityFormDialog, useSecurityCall } from './form-dialog';

type TProof = 'old' | 'sms';
const PROOFS: readonly TProof[] = ['old', 'sms'];
const PROOF_NAMES: Record<TProof, string> = { old: '原密码验证', sms: '短信验证' };

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
  const [proof, setProof] = useState<TProof>('old');
  const [oldPassword, setOldPassword] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const { call, refusal, submit } = useSecurityCall(
    () => (hasPassword ? changePassword(proof === 'old' ? { oldPassword, password } : { code, password }) : settingPassword(password)),
    onDone,
  );
  const check = () => {
    if (hasPassword && proof === 'old' && !oldPassword) return '请输入原密码';
    if (hasPassword && proof === 'sms' && !/^\d{6}$/.test(code)) return '请输入6位短信验证码';
    return passwordRefusal(password, repeat);
  };
  return (
    <SecurityFormDialog
      title={hasPassword ? '修改密码' : '设置密码'}
      description={hasPassword ? '修改后，其他设备上的登录将全部失效' : '设置后可使用手机号或用户名加密码登录'}
      width={420}
      pending={call.isPending}
      refusal={refusal}
      onClose={onClose}
      onSubmit={(event) => submit(event, check)}
    >
      {hasPassword ? <ProofChoice proofs={PROOFS} value={proof} names={PROOF_NAMES} onChange={setProof} /> : null}
      {!hasPassword ? null : proof === 'old' ? (
        <Field label="原密码" value={oldPassword} onChange={setOldPassword} autoComplete="current-password" />
      ) : (
        <CodeField value={code} onChange={setCode} send={sendPasswordSms} hint={`验证码将发送到绑定手机 ${phone}`} />
      )}
      <Field label="新密码" value={password} onChange={setPassword} autoComplete="new-password" />
      <Field label="确认新密码" value={repeat} onChange={setRepeat} autoComplete="new-password" />
      <span className={styles.muted}>6–32位，需同时包含字母和数字</span>
    </SecurityFormDialog>
  );
}
