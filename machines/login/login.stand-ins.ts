import { USER_MESSAGES } from '../../schemas/api/user';
import { SAMPLE_LOGIN } from '../shared/samples';
import { done, failure, type TStandIns } from '../stand-ins';
import { LOGIN_FORMS, type TLoginEvent } from './login.types';

export const loginStandIns: TStandIns = {
  sendCode: {
    does: 'activity/user/sendSms',
    outcomes: { success: done(null), tooOften: failure(USER_MESSAGES.smsTooOften), dailyLimit: failure(USER_MESSAGES.smsDailyLimit) },
  },
  loginBySms: {
    does: 'activity/user/login',
    outcomes: { success: done(SAMPLE_LOGIN), wrongCode: failure(USER_MESSAGES.codeWrong) },
  },
  loginByPassword: {
    does: 'activity/user/userNameLogin',
    outcomes: { success: done(SAMPLE_LOGIN), wrongPassword: failure(USER_MESSAGES.loginFailed), locked: failure(USER_MESSAGES.loginLocked) },
  },
  register: {
    does: 'activity/user/register',
    outcomes: { success: done(SAMPLE_LOGIN), phoneTaken: failure(USER_MESSAGES.phoneRegistered), wrongCode: failure(USER_MESSAGES.codeWrong) },
  },
  resetPassword: {
    does: 'activity/user/resetPwd',
    outcomes: { success: done(SAMPLE_LOGIN), wrongCode: failure(USER_MESSAGES.codeWrong) },
  },
  qrLogin: {
    does: 'the QR login child machine (qr-login)',
    outcomes: { confirmed: done({ token: 'qr-token' }) },
  },
  loadProfile: {
    does: 'activity/user/info with the token from the QR poll',
    outcomes: { success: done(SAMPLE_LOGIN), failure: failure(USER_MESSAGES.tokenInvalid) },
  },
};

export const loginSampleEvents: TLoginEvent[] = [
  ...LOGIN_FORMS.map((form): TLoginEvent => ({ type: 'form.select', form })),
  { type: 'field.change', field: 'phone', value: '138 0013 8000' },
  { type: 'field.change', field: 'phone', value: '12345' },
  { type: 'field.change', field: 'code', value: '123456' },
  { type: 'field.change', field: 'password', value: 'abc12345' },
  { type: 'field.change', field: 'userName', value: 'zhangsan' },
];
