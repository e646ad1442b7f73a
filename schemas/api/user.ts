import { z } from 'zod';
import { contract, ZNull } from './contract';
import { MOBILE_MESSAGE, isMobile, normalizePhone } from '../phone';

/** Requests and responses of activity/user/* (spec §7 "User and account"). */
export const ZPhone = z.string({ error: '请输入手机号' }).max(32, MOBILE_MESSAGE).refine(isMobile, MOBILE_MESSAGE).transform(normalizePhone);
export const ZSmsCode = z.string({ error: '请输入验证码' }).regex(/^\d{6}$/, '验证码为6位数字');
export const ZPassword = z
  .string({ error: '请输入密码' })
  .min(6, '密码至少6位')
  .max(32, '密码最多32位')
  .regex(/^(?=.*[A-Za-z])(?=.*\d).+$/, '密码需同时包含字母和数字');
export const ZAppletSource = z.union([z.literal(1), z.literal(7)]).optional();

export const SMS_PURPOSES = ['login', 'register', 'reset', 'bind', 'vote'] as const;
export const ZSendSmsRequest = z.object({ phone: ZPhone, type: z.enum(SMS_PURPOSES).default('login'), appletSource: ZAppletSource });
export const ZLoginRequest = z.object({ phone: ZPhone, code: ZSmsCode });
export const ZRegisterRequest = z.object({ phone: ZPhone, code: ZSmsCode, password: ZPassword });
export const ZUserNameLoginRequest = z.object({
  userName: z.string({ error: '请输入账号' }).min(1, '请输入账号').max(64, '账号过长'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64, '密码错误'),
});
export const ZResetPwdRequest = z.object({ phone: ZPhone, code: ZSmsCode, password: ZPassword });
/** With the old password, or with a code sent to the bound phone (sendPasswordSms); one of the two is required. */
export const ZChangePasswordRequest = z.object({
  oldPassword: z.string().min(1, '请输入原密码').max(64).optional(),
  code: ZSmsCode.optional(),
  password: ZPassword,
});
export const ZSettingPasswordRequest = z.object({ password: ZPassword });
/** A name that reads as a phone number (any format, full-width digits too) or a bare number: never a user name. */
export const looksLikePhone = (name: string): boolean => isMobile(name) || /^\+?\d{5,}$/.test(normalizePhone(name));
export const ZUpdateUserNameRequest = z.object({
  username: z
    .string()
    .trim()
    .min(1, '请输入昵称')
    .max(20, '昵称最多20个字')
    .refine((name) => !looksLikePhone(name), '用户名不能是手机号'),
});
export const ZUpdateHeadInfoRequest = z.object({
  headImg: z
    .string()
    .max(500)
    .regex(/^(\/|https?:\/\/)/, '头像地址无效'),
});
export const ZEmpty = z.object({}).passthrough();
export const ZCheckCodeRequest = z.object({ qrId: z.string().min(8).max(64), pollSecret: z.string().min(8).max(128) });
export const ZLoginByQrRequest = z.object({ qrId: z.string().min(8).max(64), confirm: z.boolean().default(true) });

export const ZUserInfo = z.object({
  userId: z.string(),
  username: z.string(),
  phone: z.string(),
  headImg: z.string(),
  memberLevel: z.number().int().min(0).max(4),
  memberName: z.string(),
  openId: z.string().nullable(),
  balance: z.number(),
  coin: z.number(),
  intro: z.boolean(),
  expDate: z.string().nullable(),
  memberTime: z.string().nullable(),
  memberUpgradeType: z.number().nullable(),
  hasPassword: z.boolean(),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;
export const ZLoginInfoResponse = z.object({ loggedIn: z.boolean(), userInfo: ZUserInfo.nullable() });

export const ZLoginResponse = z.object({ token: z.string(), userInfo: ZUserInfo });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const QR_STATUSES = ['waiting', 'scanned', 'confirmed', 'expired'] as const;
export const ZShowLoginQrResponse = z.object({ qrId: z.string(), pollSecret: z.string(), qrContent: z.string(), expiresIn: z.number() });
export const ZCheckCodeResponse = z.object({ status: z.enum(QR_STATUSES), token: z.string().optional() });

/** Messages answered identically whether or not an account exists (reliability.md rule 8). */
export const USER_MESSAGES = {
  smsSent: '验证码已发送',
  smsTooOften: '发送太频繁，请1分钟后再试',
  smsDailyLimit: '今日验证码发送次数已达上限',
  smsCoolDown: '验证码发送次数较多，请1小时后再试',
  smsProviderLimited: '该手机号接收验证码过于频繁，请稍后再试',
  smsFailed: '短信发送失败，请稍后再试',
  codeWrong: '验证码错误或已失效',
  codeDead: '验证码错误次数过多，请重新获取',
  loginFailed: '账号或密码错误',
  loginLocked: '登录失败次数过多，请15分钟后再试',
  accountLocked: '该账号密码错误次数过多，已暂时锁定。请使用验证码登录或找回密码解除锁定',
  oldPasswordLocked: '原密码错误次数过多，请15分钟后再试',
  usernamePhoneLike: '用户名不能是手机号',
  usernameTaken: '该用户名已被使用',
  phoneRegistered: '该手机号已注册，请直接登录',
  oldPasswordWrong: '原密码错误',
  proofMissing: '请输入原密码或短信验证码',
  sessionGone: '该登录设备不存在或已退出',
  tokenInvalid: 'token失效',
  qrExpired: '二维码已过期，请刷新',
  logoutOk: '退出成功',
} as const;

export const MEMBER_LEVELS = [
  { memberLevel: 1, name: '免费版', maxNumber: 20, subjectCount: 200 },
  { memberLevel: 2, name: '专业版', maxNumber: 50, subjectCount: 400 },
  { memberLevel: 3, name: '专业增强版', maxNumber: 80, subjectCount: 600 },
  { memberLevel: 4, name: '企业版', maxNumber: 100, subjectCount: 800 },
] as const;

/** A user's member level row (an unknown level reads as the free one). */
export const levelOf = (memberLevel: number) => MEMBER_LEVELS.find((l) => l.memberLevel === memberLevel) ?? MEMBER_LEVELS[0];
export const ZQrChallenge = z.object({
  qrId: z.string(),
  /** Only the desktop that asked for the code knows it; the poll must present it. */
  pollSecret: z.string(),
  /** What the code encodes: https://<host>/auth?qr=<qrId>. */
  qrContent: z.string(),
  /** Seconds the code stays valid. */
  expiresIn: z.number(),
});
export const ZSessionItem = z.object({
  sessionId: z.number(),
  userAgent: z.string().nullable(),
  createTime: z.string(),
  lastSeenTime: z.string().nullable(),
  /** The session this call came with. */
  current: z.boolean(),
});
export type TSessionItem = z.infer<typeof ZSessionItem>;
export const ZSessionListResponse = z.object({ list: z.array(ZSessionItem) });
export const ZRevokeSessionRequest = z.object({ sessionId: z.coerce.number({ error: '请选择登录设备' }).int().positive().max(Number.MAX_SAFE_INTEGER) });
export const ZQrPoll = z.object({ status: z.enum(QR_STATUSES), token: z.string().optional() });

const P = 'activity/user';
/** activity/user/* (spec §7 "User and account"). */
export const userCalls = {
  sendSms: contract({
    path: `${P}/sendSms`,
    summary: '发送短信验证码',
    request: ZSendSmsRequest,
    response: ZNull,
    auth: 'optional',
    okMessage: USER_MESSAGES.smsSent,
  }),
  login: contract({
    path: `${P}/login`,
    summary: '短信验证码登录（新手机号自动注册）',
    request: ZLoginRequest,
    response: ZLoginResponse,
    auth: 'optional',
    okMessage: '登录成功',
  }),
  register: contract({ path: `${P}/register`, summary: '注册', request: ZRegisterRequest, response: ZLoginResponse, auth: 'optional', okMessage: '注册成功' }),
  userNameLogin: contract({
    path: `${P}/userNameLogin`,
    summary: '账号密码登录',
    request: ZUserNameLoginRequest,
    response: ZLoginResponse,
    auth: 'optional',
    okMessage: '登录成功',
  }),
  resetPwd: contract({
    path: `${P}/resetPwd`,
    summary: '找回密码',
    request: ZResetPwdRequest,
    response: ZLoginResponse,
    auth: 'optional',
    okMessage: '密码已重置',
  }),
  logout: contract({ path: `${P}/logout`, summary: '退出登录', request: ZEmpty, response: ZNull, auth: 'optional', okMessage: USER_MESSAGES.logoutOk }),
  info: contract({ path: `${P}/info`, summary: '用户信息', request: ZEmpty, response: ZUserInfo, auth: 'required' }),
  getLoginInfo: contract({ path: `${P}/getLoginInfo`, summary: '登录状态', request: ZEmpty, response: ZLoginInfoResponse, auth: 'optional' }),
  upDateUserName: contract({
    path: `${P}/upDateUserName`,
    summary: '修改用户名',
    request: ZUpdateUserNameRequest,
    response: ZUserInfo,
    auth: 'required',
    okMessage: '修改成功',
  }),
  updateHeadInfo: contract({
    path: `${P}/updateHeadInfo`,
    summary: '修改头像',
    request: ZUpdateHeadInfoRequest,
    response: ZUserInfo,
    auth: 'required',
    okMessage: '修改成功',
  }),
  changePassword: contract({
    path: `${P}/changePassword`,
    summary: '修改密码',
    request: ZChangePasswordRequest,
    response: ZNull,
    auth: 'required',
    okMessage: '密码修改成功',
  }),
  settingPassword: contract({
    path: `${P}/settingPassword`,
    summary: '设置密码',
    request: ZSettingPasswordRequest,
    response: ZNull,
    auth: 'required',
    okMessage: '密码设置成功',
  }),
  sendPasswordSms: contract({
    path: `${P}/sendPasswordSms`,
    summary: '向绑定手机发送修改密码验证码',
    request: ZEmpty,
    response: ZNull,
    auth: 'required',
    okMessage: USER_MESSAGES.smsSent,
  }),
  getSessionList: contract({ path: `${P}/getSessionList`, summary: '登录设备列表', request: ZEmpty, response: ZSessionListResponse, auth: 'required' }),
  revokeSession: contract({
    path: `${P}/revokeSession`,
    summary: '退出某个登录设备',
    request: ZRevokeSessionRequest,
    response: ZNull,
    auth: 'required',
    okMessage: '已退出该设备',
  }),
  revokeOtherSessions: contract({
    path: `${P}/revokeOtherSessions`,
    summary: '退出其他所有登录设备',
    request: ZEmpty,
    response: ZNull,
    auth: 'required',
    okMessage: '已退出其他设备',
  }),
  showLoginQr: contract({ path: `${P}/showLoginQr`, summary: '获取扫码登录二维码', request: ZEmpty, response: ZQrChallenge, auth: 'optional' }),
  checkCode: contract({ path: `${P}/checkCode`, summary: '查询扫码登录状态', request: ZCheckCodeRequest, response: ZQrPoll, auth: 'optional' }),
  loginByQr: contract({
    path: `${P}/loginByQr`,
    summary: '手机确认扫码登录',
    request: ZLoginByQrRequest,
    response: ZNull,
    auth: 'required',
    okMessage: '已确认登录',
  }),
};
