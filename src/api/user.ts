import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  TLoginResponse,
  TUserInfo,
  ZChangePasswordRequest,
  ZLoginInfoResponse,
  ZLoginRequest,
  ZRegisterRequest,
  ZResetPwdRequest,
  ZSendSmsRequest,
  ZUserNameLoginRequest,
} from '../../schemas/api/user';
import type { TQrChallenge, TQrPoll } from '../../machines/qr-login/qr-login.types';
import { currentBrand } from '../app/brand';
import { call } from './client';

/** activity/user/* (spec §7 "User and account"): one function per call. */
const P = 'activity/user';

export type TSmsPurpose = NonNullable<z.input<typeof ZSendSmsRequest>['type']>;
export type TLoginInfo = z.infer<typeof ZLoginInfoResponse>;

export interface TOutboxMessage {
  id: number | string;
  phone: string;
  text: string;
  brand?: string;
  createdAt: string;
}

export const sendSms = (phone: string, type: TSmsPurpose) => call<null>(`${P}/sendSms`, { phone, type, appletSource: currentBrand().appletSource });

/** SMS-code login; a new phone is signed up on the way. */
export const loginBySms = (body: z.input<typeof ZLoginRequest>) => call<TLoginResponse>(`${P}/login`, body);
export const register = (body: z.input<typeof ZRegisterRequest>) => call<TLoginResponse>(`${P}/register`, body);
export const userNameLogin = (body: z.input<typeof ZUserNameLoginRequest>) => call<TLoginResponse>(`${P}/userNameLogin`, body);
export const resetPwd = (body: z.input<typeof ZResetPwdRequest>) => call<TLoginResponse>(`${P}/resetPwd`, body);

export const info = () => call<TUserInfo>(`${P}/info`, {});
/** Never answers "401": tells whether the token (if any) is logged in. */
export const getLoginInfo = () => call<TLoginInfo>(`${P}/getLoginInfo`, {});
export const logout = () => call<null>(`${P}/logout`, {});

export const changePassword = (body: z.input<typeof ZChangePasswordRequest>) => call<null>(`${P}/changePassword`, body);
export const settingPassword = (password: string) => call<null>(`${P}/settingPassword`, { password });
export const upDateUserName = (username: string) => call<null>(`${P}/upDateUserName`, { username });
export const updateHeadInfo = (headImg: string) => call<null>(`${P}/updateHeadInfo`, { headImg });

export const showLoginQr = () => call<TQrChallenge>(`${P}/showLoginQr`, {});
export const checkCode = (body: { qrId: string; pollSecret: string }) => call<TQrPoll>(`${P}/checkCode`, body);
/** Called by the logged-in phone: confirm false marks the code scanned, true approves the desktop. */
export const loginByQr = (body: { qrId: string; confirm: boolean }) => call<null>(`${P}/loginByQr`, body);

/** Development SMS outbox (the built-in SMS provider's messages). */
export const devOutbox = (phone?: string) => call<TOutboxMessage[]>('dev/outbox', phone ? { phone } : {});

export const userKeys = {
  all: ['user'] as const,
  info: () => [...userKeys.all, 'info'] as const,
  loginInfo: () => [...userKeys.all, 'loginInfo'] as const,
  outbox: (phone: string) => ['dev', 'outbox', phone] as const,
};

export const userInfoQuery = () => queryOptions({ queryKey: userKeys.info(), queryFn: info });
export const loginInfoQuery = () => queryOptions({ queryKey: userKeys.loginInfo(), queryFn: getLoginInfo });
export const devOutboxQuery = (phone = '') => queryOptions({ queryKey: userKeys.outbox(phone), queryFn: () => devOutbox(phone || undefined) });
