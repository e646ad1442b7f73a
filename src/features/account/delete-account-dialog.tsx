import { useId, useState } from 'react';
import type { TUserInfo } from '../../../schemas/api/user';
import { cancelAccount, sendAccountSms } from '../../api/user-account';
import styles from './account-styles';
import { CodeField } from './code-field';
import { ProofChoice, SecurityFormDialog, useSecurityCall } from './form-dialog';

type TProof = 'password' | 'sms';
const PROOF_NAMES: Record<TProof, string> = { password: '登录密码验证', sms: '短信验证' };

/** What deleting the account removes and what it keeps (docs/decisions.md "Deleting an account"). */
export const DELETION_TERMS = {
  removed: '你创建的全部问卷、表单、考试、接龙、投票及其收集的数据，题库、消息、登录设备和QQ绑定；手机号解除绑定，可重新注册',
  kept: '你在他人项目中提交的答卷、充值与消费记录、已支付的订单（财务留存，不再显示你的姓名和手机号）',
  conditions: '账户余额需为0，且你的项目中没有协作成员',
} as const;

/** 注销账号: what goes and what stays, proved by the login password or a code to the bound phone, and a confirmation. */
export function DeleteAccountDialog({ user, onClose, onDone }: { user: TUserInfo; onClose: () => void; onDone: () => void }) {
  const passwordId = useId();
  const agreeId = useId();
  const [proof, setProof] = useState<TProof>(user.hasPassword ? 'password' : 'sms');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const { call, refusal, submit } = useSecurityCall(() => cancelAccount(proof === 'password' ? { password } : { code }), onDone);
  const check = () => {
    if (proof === 'password' && !password) return '请输入登录密码';
    if (proof === 'sms' && !/^\d{6}$/.test(code)) return '请输入6位短信验证码';
    return agreed ? null : '请确认已了解注销后数据无法恢复';
  };
  const proofs: TProof[] = [...(user.hasPassword ? (['password'] as const) : []), ...(user.phone ? (['sms'] as const) : [])];
  return (
    <SecurityFormDialog
      title="注销账号"
      description="注销后账号无法恢复，请谨慎操作"
      width={480}
      pending={call.isPending}
      refusal={refusal}
      confirm="确认注销"
      danger
      onClose={onClose}
      onSubmit={(event) => submit(event, check)}
    >
      <dl className={styles.terms}>
        <dt>将被删除</dt>
        <dd>{DELETION_TERMS.removed}</dd>
        <dt>将被保留</dt>
        <dd>{DELETION_TERMS.kept}</dd>
        <dt>注销条件</dt>
        <dd>{DELETION_TERMS.conditions}</dd>
      </dl>
      <ProofChoice proofs={proofs} value={proof} names={PROOF_NAMES} onChange={setProof} />
      {proof === 'password' ? (
        <div className={styles.field}>
          <label htmlFor={passwordId} className={styles.label}>
            登录密码
          </label>
          <input
            id={passwordId}
            className={styles.input}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
      ) : (
        <CodeField value={code} onChange={setCode} send={() => sendAccountSms('cancel')} hint={`验证码将发送到绑定手机 ${user.phone}`} />
      )}
      <label htmlFor={agreeId} className={styles.check}>
        <input id={agreeId} type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
        我已了解注销后以上数据将被删除且无法恢复
      </label>
    </SecurityFormDialog>
  );
}
