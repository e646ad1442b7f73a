import type { FastifyInstance } from 'fastify';
import {
  USER_MESSAGES,
  ZEmpty,
  ZLoginRequest,
  ZRegisterRequest,
  ZResetPwdRequest,
  ZSendSmsRequest,
  ZUserNameLoginRequest,
} from '../../../schemas/api/user';
import { isMobile, normalizePhone } from '../../../schemas/phone';
import { defineCall } from '../../http/define-call';
import { badInput, tooMany } from '../../http/errors';
import { requestBrand } from '../../http/request-info';
import { clearLimit, hit } from '../../services/rate-limit.service';
import { createSession, revokeSession, revokeUserSessions } from '../../services/sessions.service';
import { sendCode, verifyCode } from '../../services/sms-codes.service';
import { checkPassword, ensureUser, findUserByLogin, hashPassword, setPassword, toUserInfo, type UserRow } from '../../services/users.service';

const P = 'activity/user';

export function loginRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const session = async (user: UserRow) => ({ token: await createSession(deps.database, user.id), userInfo: toUserInfo(user) });

  defineCall(app, { path: `${P}/sendSms`, body: ZSendSmsRequest, auth: 'optional', okMessage: USER_MESSAGES.smsSent }, async (body, { request }) => {
    await sendCode(deps, { phone: body.phone, purpose: body.type, ip: request.ip, brand: requestBrand(request).id });
    return null;
  });

  // SMS login signs a new phone up, so the answer never tells whether an account existed.
  defineCall(app, { path: `${P}/login`, body: ZLoginRequest, auth: 'optional', okMessage: '登录成功' }, async (body) => {
    await verifyCode(deps, body.phone, 'login', body.code);
    return session((await ensureUser(deps.database, body.phone)).user);
  });

  defineCall(app, { path: `${P}/register`, body: ZRegisterRequest, auth: 'optional', okMessage: '注册成功' }, async (body) => {
    await verifyCode(deps, body.phone, 'register', body.code);
    const { user, created } = await ensureUser(deps.database, body.phone, await hashPassword(body.password));
    // The code proved the phone is theirs, so saying it is taken leaks nothing.
    if (!created) throw badInput(USER_MESSAGES.phoneRegistered, 'phone');
    return session(user);
  });

  defineCall(app, { path: `${P}/userNameLogin`, body: ZUserNameLoginRequest, auth: 'optional', okMessage: '登录成功' }, async (body, { request }) => {
    const login = isMobile(body.userName) ? normalizePhone(body.userName) : body.userName.trim();
    const pairKey = `pw:${login}:${request.ip}`;
    const underPair = await hit(deps.database, pairKey, 5, 900);
    const underIp = await hit(deps.database, `pw:ip:${request.ip}`, 30, 900);
    if (!underPair || !underIp) throw tooMany(USER_MESSAGES.loginLocked);
    const user = await findUserByLogin(deps.database, login);
    if (!(await checkPassword(user?.password_hash, body.password)) || !user) throw badInput(USER_MESSAGES.loginFailed, 'password');
    await clearLimit(deps.database, pairKey);
    return session(user);
  });

  defineCall(app, { path: `${P}/resetPwd`, body: ZResetPwdRequest, auth: 'optional', okMessage: '密码已重置' }, async (body) => {
    await verifyCode(deps, body.phone, 'reset', body.code);
    const passwordHash = await hashPassword(body.password);
    const { user } = await ensureUser(deps.database, body.phone, passwordHash);
    await setPassword(deps.database, user.id, passwordHash);
    await revokeUserSessions(deps.database, user.id);
    return session({ ...user, password_hash: passwordHash });
  });

  defineCall(app, { path: `${P}/logout`, body: ZEmpty, auth: 'optional', okMessage: USER_MESSAGES.logoutOk }, async (_body, { user }) => {
    if (user) await revokeSession(deps.database, user.tokenHash);
    return null;
  });
}
