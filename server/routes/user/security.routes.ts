import type { FastifyInstance } from 'fastify';
import { USER_MESSAGES, userCalls } from '../../../schemas/api/user';
import { defineCall } from '../../http/define-call';
import { requestBrand } from '../../http/request-info';
import { badInput, unauthorized } from '../../services/errors';
import { checkOldPassword, liftAccountLock } from '../../services/access/login-limits.service';
import { listSessions, revokeSessionById, revokeUserSessions, type AuthUser } from '../../services/access/sessions.service';
import { sendCode, verifyCode } from '../../services/access/sms-codes.service';
import { findUserById, hashPassword, setPassword } from '../../services/access/users.service';

/** The SMS purpose of a password change proved by the bound phone: its codes serve nothing else. */
const PASSWORD_PURPOSE = 'password';
const iso = (value: Date | string) => new Date(value).toISOString();

/** The account centre's 账号安全: change the password (old password or a code to the bound phone), the sessions. */
export function securityRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { database } = deps;
  const load = async (user: AuthUser | null) => {
    const row = user && (await findUserById(database, user.id));
    if (!row) throw unauthorized();
    return row;
  };

  defineCall(app, userCalls.sendPasswordSms, async (_b, { user, request }) => {
    const row = await load(user);
    await sendCode(deps, { phone: row.phone, purpose: PASSWORD_PURPOSE, ip: request.ip, brand: requestBrand(request).id });
    return null;
  });

  // Every other session of the user dies with the old password; the one that changed it stays.
  defineCall(app, userCalls.changePassword, async (body, { user }) => {
    const row = await load(user);
    if (body.code) {
      await verifyCode(deps, row.phone, PASSWORD_PURPOSE, body.code);
      await liftAccountLock(database, row.id);
    } else if (body.oldPassword) {
      if (!row.password_hash) throw badInput('尚未设置密码，请使用短信验证码设置', 'oldPassword');
      await checkOldPassword(deps, row, body.oldPassword);
    } else {
      throw badInput(USER_MESSAGES.proofMissing, 'oldPassword');
    }
    await setPassword(database, row.id, await hashPassword(body.password));
    await revokeUserSessions(database, row.id, user!.tokenHash);
    return null;
  });

  defineCall(app, userCalls.getSessionList, async (_b, { user }) => {
    const rows = await listSessions(database, user!.id);
    return {
      list: rows.map((row) => ({
        sessionId: row.id,
        userAgent: row.user_agent,
        createTime: iso(row.created_at),
        lastSeenTime: row.last_seen_at ? iso(row.last_seen_at) : null,
        current: row.token_hash === user!.tokenHash,
      })),
    };
  });

  defineCall(app, userCalls.revokeSession, async (body, { user }) => {
    if (!(await revokeSessionById(database, user!.id, body.sessionId))) throw badInput(USER_MESSAGES.sessionGone, 'sessionId');
    return null;
  });

  defineCall(app, userCalls.revokeOtherSessions, async (_b, { user }) => {
    await revokeUserSessions(database, user!.id, user!.tokenHash);
    return null;
  });
}
