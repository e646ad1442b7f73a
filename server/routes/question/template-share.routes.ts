import type { FastifyInstance } from 'fastify';
import { templateShareCalls } from '../../../schemas/api/template-share';
import { defineCall } from '../../http/define-call';
import { requestOrigin } from '../../http/request-info';
import { copySharedTemplate, sharedTemplate, templateAnswerForm, templateShareLink } from '../../services/template-share/template-share.service';
import { copyKindSettings } from './projects.routes';

/** active/template/* (issue 48 item 3): a template as respondents see it, and a template shared with a friend. */
export function templateShareRoutes(app: FastifyInstance): void {
  const { database, secret } = app.deps;

  defineCall(app, templateShareCalls.getTemplateQuestion, async (body) => templateAnswerForm(database.query, body.questionId, app.deps.now()));

  defineCall(app, templateShareCalls.getTemplateShareLink, async (body, { user, request }) =>
    templateShareLink(database.query, secret, requestOrigin(request), user, body.questionId),
  );

  defineCall(app, templateShareCalls.getTemplateShare, async (body, { user }) => sharedTemplate(database.query, secret, user, body.shareToken));

  defineCall(app, templateShareCalls.copyTemplateShare, async (body, { user }) =>
    copySharedTemplate(database, secret, user!, body.shareToken, copyKindSettings(app.deps.now())),
  );
}
