import type { FastifyInstance } from 'fastify';
import { componentCalls } from '../../../schemas/api/component';
import { defineCall } from '../../http/define-call';
import { requestOrigin } from '../../http/request-info';
import {
  authorizerPay,
  completeAuthorisation,
  listAuthorizers,
  oneAuthorizer,
  preAuthUrl,
  removeAuthorizer,
  updateAuthorizerPay,
} from '../../services/wechat/authorizers.service';
import { receiveComponentPush } from '../../services/wechat/component-notify.service';
import { noticeTemplates, setNoticeTemplate } from '../../services/wechat/notice-templates.service';

/** The path WeChat pushes the ticket and the authorisation events to (the Open Platform's 授权事件接收URL). */
export const COMPONENT_NOTIFY_PATH = '/wechat/component/notify';

/** activity/component/* (WeChat authorisation binding) and the inbound push of the Open Platform. */
export function componentRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const C = componentCalls;
  defineCall(app, C.getPreAuthCode, async (body, { request }) => preAuthUrl(deps, requestOrigin(request), body.authType));
  defineCall(app, C.getAuthorizerInfo, async (body, { user }) => completeAuthorisation(deps, user!.id, body));
  defineCall(app, C.getAuthInfoList, async (body, { user, request }) => listAuthorizers(deps, user!.id, requestOrigin(request), { kind: body.kind }));
  defineCall(app, C.getVoteAuthInfoList, async (_body, { user, request }) => listAuthorizers(deps, user!.id, requestOrigin(request), { forVote: true }));
  defineCall(app, C.getVoteAuthInfo, async (body, { user }) => oneAuthorizer(deps, user!.id, body.authId));
  for (const c of [C.delAuthInfo, C.delVoteAuthInfo]) defineCall(app, c, async (body, { user }) => removeAuthorizer(deps, user!.id, body.authId));
  defineCall(app, C.getAuthPay, async (body, { user }) => authorizerPay(deps, user!.id, body.authId));
  defineCall(app, C.upDateAuthPay, async (body, { user }) => updateAuthorizerPay(deps, user!.id, body));
  defineCall(app, C.getNoticeTemplates, async (body, { user }) => noticeTemplates(deps, user!.id, body.authId));
  defineCall(app, C.setNoticeTemplate, async (body, { user }) => setNoticeTemplate(deps, user!.id, body));

  // WeChat's pushes: XML, signed over the exact cipher text; answered `success` in plain text.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    scope.post<{ Querystring: Record<string, string | undefined> }>(COMPONENT_NOTIFY_PATH, async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const answer = await receiveComponentPush(deps, deps.wechatOpen, request.query, body);
      return reply.code(answer.status).type('text/plain').send(answer.body);
    });
  });
}
