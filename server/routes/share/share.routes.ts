import type { FastifyInstance } from 'fastify';
import { shareCalls } from '../../../schemas/api/share';
import { defineCall } from '../../http/define-call';
import { requestOrigin } from '../../http/request-info';
import { jsSdkConfig } from '../../services/share/jssdk-config.service';
import { sharePoster } from '../../services/share/share-poster.service';

/** activity/share/* (share cards, issue 47 item 2): the JS-SDK signature of a public page, and a chain page's QR. */
export function shareRoutes(app: FastifyInstance): void {
  defineCall(app, shareCalls.getJsSdkConfig, async (body, { request }) =>
    jsSdkConfig(app.deps, body, { origin: requestOrigin(request), host: request.headers.host }),
  );
  defineCall(app, shareCalls.getSharePoster, async (body, { request }) => sharePoster(app.deps, requestOrigin(request), body.questionId));
}
