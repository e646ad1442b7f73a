import { useId, useState } from 'react';
import { ZPhone, type TUserInfo } from '../../../schemas/api/user';
import { sendSms } from '../../api/user';
import { bindingPhone, sendAccountSms } from '../../api/user-account';
import { ApiError } from '../../api/client';
import styles from './account-styles';
import { CodeField } from './code-field';
import { SecurityFormDialog, useSecurityCall } from './form-dialog';

const CODE = /^\d{6}$/;

/**
 * 绑定手机 / 更换手机: the new number proves itself with a code; a bound number must prove itself too, with a code
 * of its own (spec §7 bindingPhone). The server's refusal (a wrong or stale code, a number of another account)
 * shows under the fields.
 */
export function PhoneDialog({ user, onClose, onDone }: { user: TUserInfo; onClose: () => void; onDone: (user: TUserInfo) => void }) {
  const phoneId = useId();
  const bound = Boolean(user.phone);
  const [oldCode, setOldCode] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const { call, refusal, setRefusal, submit } = useSecurityCall(() => bindingPhone({ phone, code, ...(bound ? { oldCode } : {}) }), onDone);
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
  const check = () => {
    if (bound && !CODE.test(oldCode)) return '请输入原手机号收到的6位验证码';
    if (!ZPhone.safeParse(phone).success) return '请输入正确的新手机号';
    return CODE.test(code) ? null : '请输入新手机号收到的6位验证码';
  };
  return (
    <SecurityFormDialog
      title={bound ? '更换手机号' : '绑定手机号'}
      description={bound ? '需验证当前手机号和新手机号，更换后请使用新手机号登录' : '绑定后可使用手机号和验证码登录'}
      width={440}
      pending={call.isPending}
      refusal={refusal}
      onClose={onClose}
      onSubmit={(event) => submit(event, check)}
    >
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
    </SecurityFormDialog>
  );
}
