import { z } from 'zod';
import { contract, ZNull } from './contract';
import { USER_MESSAGES, ZEmpty, ZPhone, ZSmsCode, ZUserInfo } from './user';

/**
 * The account centre's profile items (spec §7 activity/user: bindingPhone, getInviteQRCode, bindingUser, getQQLogin,
 * getInfoIntro; issue 46): the phone bound and changed with codes, the invite link, third-party login, deleting
 * one's own account.
 */

/** What a code sent to the user's own bound phone proves (sendAccountSms): changing the phone, or deleting the account. */
export const ACCOUNT_SMS_PURPOSES = ['rebind', 'cancel'] as const;
export type TAccountSmsPurpose = (typeof ACCOUNT_SMS_PURPOSES)[number];

export const ACCOUNT_MESSAGES = {
  phoneTaken: '该手机号已绑定其他账号',
  phoneSame: '新手机号与当前绑定的手机号相同',
  oldCodeMissing: '请输入原手机号收到的验证码',
  noBoundPhone: '当前账号未绑定手机号',
  qqOff: 'QQ登录未开通：需由管理员配置 QQ_APP_ID 和 QQ_APP_KEY',
  qqStateBad: 'QQ授权已失效，请重新发起',
  qqFailed: 'QQ授权失败，请稍后再试',
  qqTaken: '该QQ已绑定其他账号',
  qqUnbound: '该QQ尚未绑定账号，请先用手机号登录，再到账号设置中绑定QQ',
  qqOtherBound: '当前账号已绑定另一个QQ',
  passwordWrong: '登录密码错误',
  cancelProofMissing: '请输入登录密码或短信验证码',
  cancelWithTeam: '你的项目中还有协作成员，请先移除协作成员后再注销账号',
  cancelWithBalance: '账户余额未用完，请先使用余额后再注销账号',
  cancelled: '账号已注销',
} as const;

export const ZSendAccountSmsRequest = z.object({ type: z.enum(ACCOUNT_SMS_PURPOSES, { error: '验证码用途无效' }) });

/** The new phone's code comes from sendSms type 'bind'; changing a bound phone also needs the old one's (sendAccountSms 'rebind'). */
export const ZBindingPhoneRequest = z.object({ phone: ZPhone, code: ZSmsCode, oldCode: ZSmsCode.optional() });

export const ZInviteQrResponse = z.object({
  /** The inviter's public id, carried by the link. */
  inviteCode: z.string(),
  /** What the QR code encodes and the copy button copies: the sign-up page with the inviter. */
  inviteUrl: z.string(),
});

/** Proved by the login password or by a code sent to the bound phone (sendAccountSms 'cancel'). */
export const ZCancelAccountRequest = z.object({
  password: z.string().min(1, '请输入登录密码').max(64, '密码错误').optional(),
  code: ZSmsCode.optional(),
});

export const THIRD_PARTY_TYPES = ['qq'] as const;
export const ZQqLoginResponse = z.object({ authorizeUrl: z.string(), state: z.string() });
/** The callback of the provider's authorisation: bind to the logged-in account, or log in the account bound to it. */
export const ZBindingUserRequest = z.object({
  type: z.enum(THIRD_PARTY_TYPES, { error: '不支持的登录方式' }),
  code: z.string({ error: '缺少授权码' }).min(1, '缺少授权码').max(512, '授权码无效'),
  state: z.string({ error: '缺少授权状态' }).min(1, '缺少授权状态').max(256, ACCOUNT_MESSAGES.qqStateBad),
});
export const ZBindingUserResponse = z.object({
  /** bound: added to the logged-in account; login: logged in the bound account (token set). */
  result: z.enum(['bound', 'login']),
  token: z.string().optional(),
  userInfo: ZUserInfo,
});

const P = 'activity/user';
export const userAccountCalls = {
  sendAccountSms: contract({
    path: `${P}/sendAccountSms`,
    summary: '向绑定手机发送换绑或注销验证码',
    request: ZSendAccountSmsRequest,
    response: ZNull,
    auth: 'required',
    okMessage: USER_MESSAGES.smsSent,
  }),
  bindingPhone: contract({
    path: `${P}/bindingPhone`,
    summary: '绑定或更换手机号',
    request: ZBindingPhoneRequest,
    response: ZUserInfo,
    auth: 'required',
    okMessage: '手机号已绑定',
  }),
  getInviteQRCode: contract({ path: `${P}/getInviteQRCode`, summary: '邀请二维码', request: ZEmpty, response: ZInviteQrResponse, auth: 'required' }),
  cancelAccount: contract({
    path: `${P}/cancelAccount`,
    summary: '注销账号',
    request: ZCancelAccountRequest,
    response: ZNull,
    auth: 'required',
    okMessage: ACCOUNT_MESSAGES.cancelled,
  }),
  getQQLogin: contract({ path: `${P}/getQQLogin`, summary: 'QQ登录授权地址', request: ZEmpty, response: ZQqLoginResponse, auth: 'optional' }),
  bindingUser: contract({
    path: `${P}/bindingUser`,
    summary: '绑定第三方账号（或以已绑定的第三方账号登录）',
    request: ZBindingUserRequest,
    response: ZBindingUserResponse,
    auth: 'optional',
  }),
  getInfoIntro: contract({
    path: `${P}/getInfoIntro`,
    summary: '标记新手引导已读',
    request: ZEmpty,
    response: ZUserInfo,
    auth: 'required',
  }),
};
