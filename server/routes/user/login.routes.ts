import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { userCalls } from '../../../schemas/api/user';
import { USER_MESSAGES } from '../../../schemas/api/user';
import { defineCall } from '../../http/define-call';
import { userInfoOf } from '../../services/user-info';
import { badInput } from '../../services/errors';
import { requestBrand } from '../../http/request-info';
import { clearSessionCookies, setSessionCookies } from '../../http/session-cookie';
import { checkPasswordLogin, liftAccountLock } from '../../services/access/login-limits.service';
import { createSession, revokeSession, revokeUserSessions } from '../../services/access/sessions.service';
import { sendCode, verifyCode } from '../../services/access/sms-codes.service';
import type { UserRow } from '../../db/rows';
import { ensureUser, hashPassword, setPassword } from '../../services/access/users.service';

export function loginRoutes(app: FastifyInstance): void {
  const { deps } = app;
  /** A new session: its token in the answer (spec §7: "Responses of login read token") and in the HttpOnly cookie. */
  const session = async (user: UserRow, request: FastifyRequest, reply: FastifyReply) => {
    const token = await createSession(deps.database, user.id, request.headers['user-agent'] ?? null);
    setSessionCookies(request, reply, token);
    return { token, userInfo: await userInfoOf(deps.database, user, deps.now(), requestBrand(request).id) };
  };

  defineCall(app, userCalls.sendSms, async (body, { request }) => {
    await sendCode(deps, { phone: body.phone, purpose: body.type, ip: request.ip, brand: requestBrand(request).id });
    return null;
  });

  // SMS login signs a new phone up, so the answer never tells whether an account existed. Proving the phone
  // lifts a password lock: the owner is the one who receives the code.
  defineCall(app, userCalls.login, async (body, { request, reply }) => {
    await verifyCode(deps, body.phone, 'login', body.code);
    const { user } = await ensureUser(deps.database, body.phone);
    await liftAccountLock(deps.database, user.id);
    return session(user, request, reply);
  });

  defineCall(app, userCalls.register, async (body, { request, reply }) => {
    await verifyCode(deps, body.phone, 'register', body.code);
    const { user, created } = await ensureUser(deps.database, body.phone, await hashPassword(body.password));
    // The code proved the phone is theirs, so saying it is taken leaks nothing.
    if (!created) throw badInput(USER_MESSAGES.phoneRegistered, 'phone');
    return session(user, request, reply);
  });

  defineCall(app, userCalls.userNameLogin, async (body, { request, reply }) => {
    const user = await checkPasswordLogin(deps, body.userName, body.password, request.ip);
    return session(user, request, reply);
  });

  defineCall(app, userCalls.resetPwd, async (body, { request, reply }) => {
    await verifyCode(deps, body.phone, 'reset', body.code);
    const passwordHash = await hashPassword(body.password);
    const { user } = await ensureUser(deps.database, body.phone, passwordHash);
    await setPassword(deps.database, user.id, passwordHash);
    await revokeUserSessions(deps.database, user.id);
    await liftAccountLock(deps.database, user.id);
    return session({ ...user, password_hash: passwordHash }, request, reply);
  });

  // The cookies go whatever the token was: a stale one is gone from this browser too.
  defineCall(app, userCalls.logout, async (_body, { user, request, reply }) => {
    if (user) await revokeSession(deps.database, user.tokenHash);
    clearSessionCookies(request, reply);
    return null;
  });
}
