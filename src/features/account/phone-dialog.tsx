import { useMutation } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ZPhone, type TUserInfo } from '../../../schemas/api/user';
import { sendSms } from '../../api/user';
import { bindingPhone, sendAccountSms } from '../../api/user-account';
import { ApiError } from '../../api/client';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import styles from './account-styles';
import { CodeField } from './code-field';

const CODE = /^\d{6}$/;

/**
 * 绑定手机 / 更换手机: the new number proves itself with a code; a bound number must prove itself too, with a code
 * of its own (spec §7 bindingPhone). The server's refusal (a wrong or stale code, a number of another account)
 * shows under the fields.
 */
export function PhoneDialog({ user, onClose, onDone }: { user: TUserInfo; onClose: () => void; onDone: (user: TUserInfo) => void }) {
  const formId = useId();
  const phoneId = useId();
  const bound = Boolean(user.phone);
  const [oldCode, setOldCode] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => bindingPhone({ phone, code, ...(bound ? { oldCode } : {}) }),
    onSuccess: onDone,
    onError: (error: Error) => setRefusal(error.message),
  });
  const parsedPhone = () => {
    const parsed = ZPhone.safeParse(phone);
    if (!parsed.success) throw new ApiError('400', parsed.error.issues[0]?.message ?? '请输入正确的手机号');
    return parsed.data;
  };
  const sendNew = async () => {
    try {
      const next = parsedPhone();
      setRefusal(null);
      return await sendSms(next, 'bind');
    } catch (error) {
      setRefusal((error as Error).message);
      throw error;
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (bound && !CODE.test(oldCode)) return setRefusal('请输入原手机号收到的6位验证码');
    if (!ZPhone.safeParse(phone).success) return setRefusal('请输入正确的新手机号');
    if (!CODE.test(code)) return setRefusal('请输入新手机号收到的6位验证码');
    setRefusal(null);
    save.mutate();
  };
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !save.isPending && onClose()}
      title={bound ? '更换手机号' : '绑定手机号'}
      description={bound ? '需验证当前手机号和新手机号，更换后请使用新手机号登录' : '绑定后可使用手机号和验证码登录'}
      width={440}
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
        {bound ? (
          <CodeField
            label="当前手机验证码"
            value={oldCode}
            onChange={setOldCode}
            send={() => sendAccountSms('rebind')}
            hint={`验证码将发送到当前手机 ${user.phone}`}
          />
        ) : null}
        <div className={styles.field}>
          <label htmlFor={phoneId} className={styles.label}>
            新手机号
          </label>
          <input
            id={phoneId}
            className={styles.input}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={20}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
        </div>
        <CodeField label="新手机验证码" value={code} onChange={setCode} send={sendNew} />
        {refusal ? (
          <p role="alert" className={styles.error}>
            {refusal}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
