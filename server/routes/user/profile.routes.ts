import type { FastifyInstance } from 'fastify';
import { ZChangePasswordRequest, ZEmpty, ZSettingPasswordRequest, ZUpdateHeadInfoRequest, ZUpdateUserNameRequest } from '../../../schemas/api/user';
import { defineCall } from '../../http/define-call';
import { badInput, unauthorized } from '../../http/errors';
import { revokeUserSessions, type AuthUser } from '../../services/access/sessions.service';
import { clearSessionCookies, setSessionCookies } from '../../http/session-cookie';
import { hasSessionFlag } from '../../plugins/auth';
import { checkOldPassword } from '../../services/access/login-limits.service';
import { findUserById, hashPassword, setHeadImg, setPassword, setUsername, toUserInfo, usernameRefusal } from '../../services/access/users.service';

const P = 'activity/user';

export function profileRoutes(app: FastifyInstance): void {
  const { database } = app.deps;
  const load = async (user: AuthUser | null) => {
    const row = user && (await findUserById(database, user.id));
    if (!row) throw unauthorized();
    return row;
  };

  defineCall(app, { path: `${P}/info`, body: ZEmpty, auth: 'required' }, async (_b, { user }) => toUserInfo(await load(user)));

  // The page asks this at start. A token cookie the server no longer knows is removed; a valid one that came
  // without the readable flag (set by script before cookies moved to the server) is set again, HttpOnly.
  defineCall(app, { path: `${P}/getLoginInfo`, body: ZEmpty, auth: 'optional' }, async (_b, { user, request, reply }) => {
    if (!user) {
      if (request.tokenSource() === 'cookie' || hasSessionFlag(request)) clearSessionCookies(request, reply);
      return { loggedIn: false, userInfo: null };
    }
    if (request.tokenSource() === 'cookie' && !hasSessionFlag(request)) setSessionCookies(request, reply, request.cookies.token!);
    return { loggedIn: true, userInfo: toUserInfo(await load(user)) };
  });

  defineCall(app, { path: `${P}/upDateUserName`, body: ZUpdateUserNameRequest, auth: 'required', okMessage: '修改成功' }, async (body, { user }) => {
    const refusal = await usernameRefusal(database, user!.id, body.username);
    if (refusal) throw badInput(refusal, 'username');
    await setUsername(database, user!.id, body.username);
    return toUserInfo(await load(user));
  });

  defineCall(app, { path: `${P}/updateHeadInfo`, body: ZUpdateHeadInfoRequest, auth: 'required', okMessage: '修改成功' }, async (body, { user }) => {
    await setHeadImg(database, user!.id, body.headImg);
    return toUserInfo(await load(user));
  });

  defineCall(app, { path: `${P}/changePassword`, body: ZChangePasswordRequest, auth: 'required', okMessage: '密码修改成功' }, async (body, { user }) => {
    const row = await load(user);
    if (!row.password_hash) throw badInput('尚未设置密码，请先设置密码', 'oldPassword');
    await checkOldPassword(app.deps, row, body.oldPassword);
    await setPassword(database, row.id, await hashPassword(body.password));
    await revokeUserSessions(database, row.id, user!.tokenHash);
    return null;
  });

  defineCall(app, { path: `${P}/settingPassword`, body: ZSettingPasswordRequest, auth: 'required', okMessage: '密码设置成功' }, async (body, { user }) => {
    const row = await load(user);
    if (row.password_hash) throw badInput('已设置过密码，请使用修改密码', 'password');
    await setPassword(database, row.id, await hashPassword(body.password));
    return null;
  });
}
