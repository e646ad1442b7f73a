import { queryOptions } from '@tanstack/react-query';
import { devCalls } from '../../schemas/api/dev';
import { userCalls } from '../../schemas/api/user';
import type { z } from 'zod';
import type {
  ZChangePasswordRequest,
  ZLoginInfoResponse,
  ZLoginRequest,
  ZRegisterRequest,
  ZResetPwdRequest,
  ZSendSmsRequest,
  ZUserNameLoginRequest,
} from '../../schemas/api/user';
import { currentBrand } from '../app/brand';
import { call } from './client';

/** activity/user/* (spec §7 "User and account"): one function per call. */

export type TSmsPurpose = NonNullable<z.input<typeof ZSendSmsRequest>['type']>;
export type { TOutboxMessage } from '../../schemas/api/dev';
export type TLoginInfo = z.infer<typeof ZLoginInfoResponse>;

export const sendSms = (phone: string, type: TSmsPurpose) => call(userCalls.sendSms, { phone, type, appletSource: currentBrand().appletSource });

/** SMS-code login; a new phone is signed up on the way. */
export const loginBySms = (body: z.input<typeof ZLoginRequest>) => call(userCalls.login, body);
export const register = (body: z.input<typeof ZRegisterRequest>) => call(userCalls.register, body);
export const userNameLogin = (body: z.input<typeof ZUserNameLoginRequest>) => call(userCalls.userNameLogin, body);
export const resetPwd = (body: z.input<typeof ZResetPwdRequest>) => call(userCalls.resetPwd, body);

export const info = () => call(userCalls.info, {});
/** Never answers "401": tells whether the token (if any) is logged in. */
export const getLoginInfo = () => call(userCalls.getLoginInfo, {});
export const logout = () => call(userCalls.logout, {});

/** Quiet: the password dialog shows the refusal next to the fields. */
export const changePassword = (body: z.input<typeof ZChangePasswordRequest>) => call(userCalls.changePassword, body, { quiet: true });
export const settingPassword = (password: string) => call(userCalls.settingPassword, { password }, { quiet: true });
/** A code to the user's bound phone, for changePassword's `code`. */
export const sendPasswordSms = () => call(userCalls.sendPasswordSms, {});
export const getSessionList = () => call(userCalls.getSessionList, {});
export const revokeSession = (sessionId: number) => call(userCalls.revokeSession, { sessionId });
export const revokeOtherSessions = () => call(userCalls.revokeOtherSessions, {});
export const upDateUserName = (username: string) => call(userCalls.upDateUserName, { username });
export const updateHeadInfo = (headImg: string) => call(userCalls.updateHeadInfo, { headImg });

export const showLoginQr = () => call(userCalls.showLoginQr, {});
export const checkCode = (body: { qrId: string; pollSecret: string }) => call(userCalls.checkCode, body);
/** Called by the logged-in phone: confirm false marks the code scanned, true approves the desktop. */
export const loginByQr = (body: { qrId: string; confirm: boolean }) => call(userCalls.loginByQr, body);

/** Development SMS outbox (the built-in SMS provider's messages). */
export const devOutbox = (phone?: string) => call(devCalls.outbox, phone ? { phone } : {});

export const userKeys = {
  all: ['user'] as const,
  info: () => [...userKeys.all, 'info'] as const,
  loginInfo: () => [...userKeys.all, 'loginInfo'] as const,
  sessions: () => [...userKeys.all, 'sessions'] as const,
  outbox: (phone: string) => ['dev', 'outbox', phone] as const,
};

export const userInfoQuery = () => queryOptions({ queryKey: userKeys.info(), queryFn: info });
export const loginInfoQuery = () => queryOptions({ queryKey: userKeys.loginInfo(), queryFn: getLoginInfo });
export const devOutboxQuery = (phone = '') => queryOptions({ queryKey: userKeys.outbox(phone), queryFn: () => devOutbox(phone || undefined) });
export const sessionListQuery = () => queryOptions({ queryKey: userKeys.sessions(), queryFn: getSessionList });
