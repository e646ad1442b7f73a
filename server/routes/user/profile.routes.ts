import type { FastifyInstance } from 'fastify';
import { userCalls } from '../../../schemas/api/user';
import { defineCall } from '../../http/define-call';
import { userInfoOf } from '../../services/user-info';
import { badInput, unauthorized } from '../../services/errors';
import type { AuthUser } from '../../services/access/sessions.service';
import { clearSessionCookies, setSessionCookies } from '../../http/session-cookie';
import { hasSessionFlag } from '../../plugins/auth';
import { requestBrand } from '../../http/request-info';
import { findUserById, hashPassword, setHeadImg, setPassword, setUsername, usernameRefusal } from '../../services/access/users.service';

export function profileRoutes(app: FastifyInstance): void {
  const { database } = app.deps;
  const load = async (user: AuthUser | null) => {
    const row = user && (await findUserById(database, user.id));
    if (!row) throw unauthorized();
    return row;
  };

  defineCall(app, userCalls.info, async (_b, { user, request }) => userInfoOf(database, await load(user), app.deps.now(), requestBrand(request).id));

  // The page asks this at start. A token cookie the server no longer knows is removed; a valid one that came
  // without the readable flag (set by script before cookies moved to the server) is set again, HttpOnly.
  defineCall(app, userCalls.getLoginInfo, async (_b, { user, request, reply }) => {
    if (!user) {
      if (request.tokenSource() === 'cookie' || hasSessionFlag(request)) clearSessionCookies(request, reply);
      return { loggedIn: false, userInfo: null };
    }
    if (request.tokenSource() === 'cookie' && !hasSessionFlag(request)) setSessionCookies(request, reply, request.cookies.token!);
    return { loggedIn: true, userInfo: await userInfoOf(database, await load(user), app.deps.now(), requestBrand(request).id) };
  });

  defineCall(app, userCalls.upDateUserName, async (body, { user, request }) => {
    const refusal = await usernameRefusal(database, user!.id, body.username);
    if (refusal) throw badInput(refusal, 'username');
    await setUsername(database, user!.id, body.username);
    return userInfoOf(database, await load(user), app.deps.now(), requestBrand(request).id);
  });

  defineCall(app, userCalls.updateHeadInfo, async (body, { user, request }) => {
    await setHeadImg(database, user!.id, body.headImg);
    return userInfoOf(database, await load(user), app.deps.now(), requestBrand(request).id);
  });

  defineCall(app, userCalls.settingPassword, async (body, { user }) => {
    const row = await load(user);
    if (row.password_hash) throw badInput('已设置过密码，请使用修改密码', 'password');
    await setPassword(database, row.id, await hashPassword(body.password));
    return null;
  });
}
