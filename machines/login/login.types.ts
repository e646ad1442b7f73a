import type { SMS_PURPOSES, TLoginResponse } from '../../schemas/api/user';

/** The five forms of the login screen: three login tabs, then the register and reset views. */
export const LOGIN_FORMS = ['sms', 'password', 'qr', 'register', 'reset'] as const;
export type TLoginForm = (typeof LOGIN_FORMS)[number];

export type TLoginField = 'phone' | 'code' | 'password' | 'userName';
export type TSmsPurpose = (typeof SMS_PURPOSES)[number];

export interface TLoginFields {
  phone: string;
  code: string;
  password: string;
  /** Account for password login: a phone number or a user name. */
  userName: string;
}

export interface TLoginContext extends TLoginFields {
  /** The form on screen (mirrors the state, so the code sender knows the SMS purpose). */
  form: TLoginForm;
  /** Shown in place under the form: validation or the server's resultMsg. */
  error: string | null;
  /** Shown in place: 验证码已发送. */
  notice: string | null;
  /** Seconds left before another code may be sent. */
  cooldown: number;
  cooldownSeconds: number;
  /** Token handed over by the QR poll, until the profile is loaded. */
  qrToken: string | null;
  result: TLoginResponse | null;
}

export interface TLoginInput {
  /** 60 by default; tests and the simulator shorten it. */
  cooldownSeconds?: number;
}

export type TLoginEvent =
  { type: 'form.select'; form: TLoginForm } | { type: 'field.change'; field: TLoginField; value: string } | { type: 'code.send' } | { type: 'form.submit' };

export interface TSendCodeInput {
  phone: string;
  type: TSmsPurpose;
}
export interface TSmsLoginInput {
  phone: string;
  code: string;
}
export interface TPasswordLoginInput {
  userName: string;
  password: string;
}
export interface TPhonePasswordInput {
  phone: string;
  code: string;
  password: string;
}
