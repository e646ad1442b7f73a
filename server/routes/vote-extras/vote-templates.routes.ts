import type { FastifyInstance } from 'fastify';
import { voteTemplateCalls as T } from '../../../schemas/api/vote-extras';
import { defineCall } from '../../http/define-call';
import { requestBrand, requestOrigin } from '../../http/request-info';
import { appletCode, posterOf } from '../../services/vote-extras/vote-poster.service';
import { caseDetail, caseList, recommendedTemplates, templateDetail, templatePage, useTemplate } from '../../services/vote-extras/vote-templates.service';

/** Vote templates, scene cases, the share poster and the QR code of a vote's page. */
export function voteTemplateRoutes(app: FastifyInstance): void {
  const { database } = app.deps;
  const { query } = database;
  defineCall(app, T.getPageWxAppletTemplate, (body) => templatePage(query, body));
  defineCall(app, T.getVoteRecommendList, () => recommendedTemplates(query));
  defineCall(app, T.getWxAppletTemplate, (body) => templateDetail(query, body.templateId));
  defineCall(app, T.getTemplateByVoteId, (body, { user, request }) => useTemplate(database, user!, body.templateId, requestBrand(request).id));
  defineCall(app, T.getRecommendedCaseList, async () => (await caseList(query)).map(({ content: _c, templateId: _t, ...c }) => c));
  defineCall(app, T.getVoteCaseList, async (body) => (await caseList(query, body.industry)).map(({ content: _c, templateId: _t, ...c }) => c));
  defineCall(app, T.getVoteCaseDetail, (body) => caseDetail(query, body.caseId));
  defineCall(app, T.getPageWxAppletPicture, (body, { request }) => posterOf(query, requestOrigin(request), body.voteId, body.playerId));
  defineCall(app, T.getAppletCode, (body, { request }) => appletCode(query, requestOrigin(request), body.voteId, body.playerId));
}
