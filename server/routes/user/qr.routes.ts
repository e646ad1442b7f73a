import type { FastifyInstance } from 'fastify';
import { userCalls } from '../../../schemas/api/user';
import { defineCall } from '../../http/define-call';
import { requestOrigin } from '../../http/request-info';
import { setSessionCookies } from '../../http/session-cookie';
import { answerChallenge, createChallenge, pollChallenge } from '../../services/access/qr-login.service';

export function qrRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineCall(app, userCalls.showLoginQr, (_b, { request }) => createChallenge(deps, requestOrigin(request), request.ip));
  // The poll that receives the token also receives the session cookie, like any other login.
  defineCall(app, userCalls.checkCode, async (body, { request, reply }) => {
    const answer = await pollChallenge(deps, body.qrId, body.pollSecret);
    if (answer.token) setSessionCookies(request, reply, answer.token);
    return answer;
  });
  defineCall(app, userCalls.loginByQr, async (body, { user }) => {
    await answerChallenge(deps, body.qrId, user!.id, body.confirm);
    return null;
  });
}
