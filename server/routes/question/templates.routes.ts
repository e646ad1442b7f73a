import type { FastifyInstance } from 'fastify';
import { questionCalls } from '../../../schemas/api/question';
import { templateKeyCalls } from '../../../schemas/api/template-keys';
import { hotSearchWords } from '../../services/applet/template-searches.service';
import { defineCall } from '../../http/define-call';
import { templatesByKey } from '../../services/projects/template-keys.service';
import { searchTemplates, templateTypes } from '../../services/projects/templates.service';

/** The template library (spec §2): categories, search, hot list. Templates are public to logged-in users. */
export function templateRoutes(app: FastifyInstance): void {
  const { database } = app.deps;

  defineCall(app, questionCalls.getWxQuestionTemplateTypeList, async (body) => templateTypes(database.query, body.questionType));

  defineCall(app, questionCalls.getWxQuestionTemplateList, async (body) => searchTemplates(database.query, body, 'p.id ASC'));

  defineCall(app, questionCalls.getHotTemplateSearchPage, async (body) => ({
    ...(await searchTemplates(database.query, body, 'p.hot DESC, p.id ASC')),
    hotKeywords: await hotSearchWords(database.query, body.questionType),
  }));

  // The case and plan pages (issue 48 item 2) name templates by their seed keys: public, like the library.
  defineCall(app, templateKeyCalls.getTemplatesByKey, async (body) => templatesByKey(database.query, body.keys));
}
