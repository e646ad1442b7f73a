import type { FastifyInstance } from 'fastify';
import { ZCheckCodeRequest, ZEmpty, ZLoginByQrRequest } from '../../../schemas/api/user';
import { defineCall } from '../../http/define-call';
import { requestOrigin } from '../../http/request-info';
import { answerChallenge, createChallenge, pollChallenge } from '../../services/qr-login.service';

const P = 'activity/user';

export function qrRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineCall(app, { path: `${P}/showLoginQr`, body: ZEmpty, auth: 'optional' }, (_b, { request }) =>
    createChallenge(deps, requestOrigin(request), request.ip),
  );
  defineCall(app, { path: `${P}/checkCode`, body: ZCheckCodeRequest, auth: 'optional' }, (body) => pollChallenge(deps, body.qrId, body.pollSecret));
  defineCall(app, { path: `${P}/loginByQr`, body: ZLoginByQrRequest, auth: 'required', okMessage: '已确认登录' }, async (body, { user }) => {
    await answerChallenge(deps, body.qrId, user!.id, body.confirm);
    return null;
  });
}
