import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZTemplateListRequest, ZTemplateTypeListRequest } from '../../../schemas/api/question';
import { defineCall } from '../../http/define-call';
import { searchTemplates, templateTypes } from '../../services/projects/templates.service';

const ZHotRequest = z.object({
  keyword: z.string().max(100).optional(),
  questionType: z.number().int().optional(),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(50).default(10),
});

/** The template library (spec §2): categories, search, hot list. Templates are public to logged-in users. */
export function templateRoutes(app: FastifyInstance): void {
  const { database } = app.deps;

  defineCall(app, { path: 'activity/question/getWxQuestionTemplateTypeList', body: ZTemplateTypeListRequest, auth: 'optional' }, async (body) =>
    templateTypes(database.query, body.questionType),
  );

  defineCall(app, { path: 'activity/question/getWxQuestionTemplateList', body: ZTemplateListRequest, auth: 'optional' }, async (body) =>
    searchTemplates(database.query, body, 'p.id ASC'),
  );

  defineCall(app, { path: 'active/template/getHotTemplateSearchPage', body: ZHotRequest, auth: 'optional' }, async (body) =>
    searchTemplates(database.query, body, 'p.hot DESC, p.id ASC'),
  );
}
