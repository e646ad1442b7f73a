import type { FastifyInstance } from 'fastify';
import { articleCalls as A } from '../../../schemas/api/article';
import { defineCall } from '../../http/define-call';
import { requestBrand } from '../../http/request-info';
import { sourceOf } from '../../services/help/article-rows';
import { saveFeedback } from '../../services/help/article-feedback.service';
import { searchHelp } from '../../services/help/article-search.service';
import { visitorOf, voteFromRequest } from '../../services/help/article-votes.service';
import { articleCount, articleDetail, articleList, hotList, typeGroups } from '../../services/help/articles.service';

/** 帮助中心 (spec §7 "Articles", issue 48 item 1): all public; the brand's articles by systemSource or host. */
export function articleRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { query } = deps.database;
  defineCall(app, A.getArticleList, async (body, { request }) => articleList(query, sourceOf(body.systemSource, requestBrand(request)), body, 'sort'));
  defineCall(app, A.getArticleByReadList, async (body, { request }) => articleList(query, sourceOf(body.systemSource, requestBrand(request)), body, 'read'));
  defineCall(app, A.getArticleDetail, async (body, { request }) => articleDetail(query, sourceOf(body.systemSource, requestBrand(request)), body));
  defineCall(app, A.getArticleHotList, async (body, { request }) => hotList(query, sourceOf(body.systemSource, requestBrand(request)), body.size));
  defineCall(app, A.getArticleCount, async (body, { request }) => articleCount(query, sourceOf(body.systemSource, requestBrand(request))));
  defineCall(app, A.getArticleByTypeList, async (body, { request }) => typeGroups(query, sourceOf(body.systemSource, requestBrand(request)), body.size));
  defineCall(app, A.getArticleByTitleList, async (body, { request }) => searchHelp(query, sourceOf(body.systemSource, requestBrand(request)), body));
  for (const [contract, useful] of [
    [A.getArticleUseful, true],
    [A.getArticleUseless, false],
  ] as const) {
    defineCall(app, contract, async (body, { request, user }) =>
      voteFromRequest(
        deps,
        { articleId: body.articleId, source: sourceOf(body.systemSource, requestBrand(request)), visitor: visitorOf(user, body.visitorId), useful },
        request.ip,
      ),
    );
  }
  defineCall(app, A.saveOrUpdateFeedBack, async (body, { request, user }) =>
    saveFeedback(deps, { source: sourceOf(body.systemSource, requestBrand(request)), user, ip: request.ip, body }),
  );
}
