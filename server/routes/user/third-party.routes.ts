import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES, userAccountCalls } from '../../../schemas/api/user-account';
import { defineCall } from '../../http/define-call';
import { userInfoOf } from '../../services/user-info';
import { requestBrand, requestOrigin } from '../../http/request-info';
import { setSessionCookies } from '../../http/session-cookie';
import { qqConnect, QqConnectError, type QqConnect } from '../../providers/qq-connect';
import { bindIdentity, boundUser, QQ_STATE_COOKIE, qqState, qqStateValid } from '../../services/access/third-party.service';
import { createSession } from '../../services/access/sessions.service';
import { findUserById } from '../../services/access/users.service';
import { badInput, unauthorized } from '../../services/errors';

/** Where QQ sends the browser back: the client page that hands code and state to bindingUser. */
const CALLBACK_PATH = '/qqLogin';

/**
 * QQ login (spec §7 getQQLogin, bindingUser): off, answering what to configure, unless QQ_APP_ID and QQ_APP_KEY
 * are set. Logged in, the authorised QQ is bound to the account; logged out, it logs in the account bound to it.
 */
export function thirdPartyRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { env, database } = deps;
  const qq: QqConnect | null = env.QQ_APP_ID && env.QQ_APP_KEY ? qqConnect({ appId: env.QQ_APP_ID, appKey: env.QQ_APP_KEY, base: env.QQ_API_BASE }) : null;
  const enabled = () => {
    if (!qq) throw badInput(ACCOUNT_MESSAGES.qqOff);
    return qq;
  };

  defineCall(app, userAccountCalls.getQQLogin, async (_b, { request, reply }) => {
    const connect = enabled();
    const { state, nonce } = qqState(deps.secret, deps.now());
    reply.setCookie(QQ_STATE_COOKIE, nonce, { path: '/', maxAge: 600, sameSite: 'lax', httpOnly: true, secure: request.protocol === 'https' });
    return { authorizeUrl: connect.authorizeUrl(`${requestOrigin(request)}${CALLBACK_PATH}`, state), state };
  });

  defineCall(app, userAccountCalls.bindingUser, async (body, { user, request, reply }) => {
    const connect = enabled();
    if (!qqStateValid(deps.secret, body.state, request.cookies[QQ_STATE_COOKIE], deps.now())) throw badInput(ACCOUNT_MESSAGES.qqStateBad, 'state');
    reply.clearCookie(QQ_STATE_COOKIE, { path: '/' });
    const openId = await connect.openIdOf(body.code, `${requestOrigin(request)}${CALLBACK_PATH}`).catch((error: unknown) => {
      if (error instanceof QqConnectError) {
        request.log.warn({ err: error }, 'QQ authorisation failed');
        throw badInput(ACCOUNT_MESSAGES.qqFailed, 'code');
      }
      throw error;
    });
    if (user) {
      await bindIdentity(database, user.id, 'qq', openId);
      const row = await findUserById(database, user.id);
      if (!row) throw unauthorized();
      return { result: 'bound' as const, userInfo: await userInfoOf(database, row, deps.now(), requestBrand(request).id) };
    }
    const row = await boundUser(database, 'qq', openId);
    if (!row) throw badInput(ACCOUNT_MESSAGES.qqUnbound, 'code');
    const token = await createSession(database, row.id, request.headers['user-agent'] ?? null);
    setSessionCookies(request, reply, token);
    return { result: 'login' as const, token, userInfo: await userInfoOf(database, row, deps.now(), requestBrand(request).id) };
  });
}
