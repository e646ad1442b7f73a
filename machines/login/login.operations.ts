import type { z } from 'zod';
import { ZPassword, ZSmsCode } from '../../schemas/api/user';
import { MOBILE_MESSAGE, isMobile, normalizePhone } from '../../schemas/phone';
import type { TLoginFields, TLoginForm, TSmsPurpose } from './login.types';

export { messageOf } from '../shared/error-message';

/** The server's own request rules (schemas/api/user.ts), checked before anything is sent. */
const problemOf = (schema: z.ZodType, value: string): string | null => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? '输入有误');
};

export function phoneProblem(phone: string): string | null {
  if (!phone.trim()) return '请输入手机号';
  return isMobile(phone) ? null : MOBILE_MESSAGE;
}

function codeProblem(code: string): string | null {
  if (!code.trim()) return '请输入验证码';
  return problemOf(ZSmsCode, code.trim());
}

function newPasswordProblem(password: string): string | null {
  if (!password) return '请输入密码';
  return problemOf(ZPassword, password);
}

/** The first problem of a form, in the order the fields appear; null when it may be submitted. */
export function formProblem(form: TLoginForm, fields: TLoginFields): string | null {
  switch (form) {
    case 'sms':
      return phoneProblem(fields.phone) ?? codeProblem(fields.code);
    case 'password':
      if (!fields.userName.trim()) return '请输入账号';
      return fields.password ? null : '请输入密码';
    case 'register':
    case 'reset':
      return phoneProblem(fields.phone) ?? codeProblem(fields.code) ?? newPasswordProblem(fields.password);
    case 'qr':
      return '请使用手机扫码登录';
  }
}

/** Which kind of code the send button asks for on each form. */
export function smsPurpose(form: TLoginForm): TSmsPurpose {
  if (form === 'register') return 'register';
  if (form === 'reset') return 'reset';
  return 'login';
}

export const cleanPhone = (phone: string) => normalizePhone(phone);
export const cleanCode = (code: string) => code.trim();
