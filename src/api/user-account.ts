import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { userAccountCalls, type TAccountSmsPurpose, type ZBindingUserRequest, type ZCancelAccountRequest } from '../../schemas/api/user-account';
import { call } from './client';

/** The account centre's profile calls (schemas/api/user-account.ts): one function per call. */

/** A code to the user's own bound phone: 'rebind' before changing it, 'cancel' before deleting the account. */
export const sendAccountSms = (type: TAccountSmsPurpose) => call(userAccountCalls.sendAccountSms, { type });
/** Quiet: the dialogs show the refusal next to the fields. */
export const bindingPhone = (body: { phone: string; code: string; oldCode?: string }) => call(userAccountCalls.bindingPhone, body, { quiet: true });
export const getInviteQRCode = () => call(userAccountCalls.getInviteQRCode, {});
export const cancelAccount = (body: z.input<typeof ZCancelAccountRequest>) => call(userAccountCalls.cancelAccount, body, { quiet: true });
export const getQQLogin = () => call(userAccountCalls.getQQLogin, {}, { quiet: true });
export const bindingUser = (body: z.input<typeof ZBindingUserRequest>) => call(userAccountCalls.bindingUser, body, { quiet: true });
export const getInfoIntro = () => call(userAccountCalls.getInfoIntro, {});

export const accountKeys = { invite: () => ['user', 'invite'] as const, qqLogin: () => ['user', 'qq-login'] as const };
export const inviteQuery = () => queryOptions({ queryKey: accountKeys.invite(), queryFn: getInviteQRCode, staleTime: Infinity });
/**
 * Whether QQ login is on: getQQLogin answers an authorisation address only when QQ_APP_ID and QQ_APP_KEY are set
 * (otherwise it says what to configure), so a QQ button shows only then. Each click asks again for a fresh state.
 */
export const qqLoginQuery = () =>
  queryOptions({
    queryKey: accountKeys.qqLogin(),
    queryFn: () =>
      getQQLogin().then(
        () => true,
        () => false,
      ),
    staleTime: Infinity,
  });
/** Off to QQ's authorisation page with a state made now (it lives ten minutes, in this browser only). */
export const startQqLogin = async () => window.location.assign((await getQQLogin()).authorizeUrl);
