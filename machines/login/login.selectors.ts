import type { SnapshotFrom } from 'xstate';
import type { loginMachine } from './login.machine';
import type { TLoginForm } from './login.types';

type TLoginSnapshot = SnapshotFrom<typeof loginMachine>;

export const selectForm = (snapshot: TLoginSnapshot): TLoginForm => snapshot.context.form;
export const selectSucceeded = (snapshot: TLoginSnapshot) => snapshot.matches({ form: 'success' });
export const selectResult = (snapshot: TLoginSnapshot) => snapshot.context.result;
export const selectError = (snapshot: TLoginSnapshot) => snapshot.context.error;
export const selectNotice = (snapshot: TLoginSnapshot) => snapshot.context.notice;

/** A form's submit call is running (or, on the QR tab, the profile is being loaded). */
export const selectSubmitting = (snapshot: TLoginSnapshot) =>
  (['sms', 'password', 'register', 'reset'] as const).some((form) => snapshot.matches({ form: { filling: { [form]: 'submitting' } } })) ||
  snapshot.matches({ form: { filling: { qr: 'signingIn' } } });

export type TCodeButton = { label: string; disabled: boolean };

/** 获取验证码 → 发送中… → 60秒后重试 … → 重新获取. */
export function selectCodeButton(snapshot: TLoginSnapshot): TCodeButton {
  if (snapshot.matches({ code: 'sending' })) return { label: '发送中…', disabled: true };
  if (snapshot.matches({ code: 'cooldown' })) return { label: `${snapshot.context.cooldown}秒后重试`, disabled: true };
  return { label: '获取验证码', disabled: false };
}

export const selectFields = (snapshot: TLoginSnapshot) => ({
  phone: snapshot.context.phone,
  code: snapshot.context.code,
  password: snapshot.context.password,
  userName: snapshot.context.userName,
});
