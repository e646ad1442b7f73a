import type { FastifyInstance } from 'fastify';
import { resultQueryCalls } from '../../../schemas/api/result-query';
import { defineCall } from '../../http/define-call';
import { requestBrand } from '../../http/request-info';
import { queryForm, queryResult, queryTarget, sendQuerySms } from '../../services/result-query/result-query.service';

/** 结果查询 (/activityquery.html, issue 48): public calls, each decided by the project's own query setting. */
export function resultQueryRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { database } = deps;

  defineCall(app, resultQueryCalls.getQueryForm, async (body) => queryForm(await queryTarget(database.query, body.questionId)));

  defineCall(app, resultQueryCalls.sendQuerySms, async (body, { request }) =>
    sendQuerySms(deps, await queryTarget(database.query, body.questionId), body.phone, request.ip, requestBrand(request).id),
  );

  defineCall(app, resultQueryCalls.queryResult, async (body, { request }) =>
    queryResult(deps, await queryTarget(database.query, body.questionId), body, request.ip),
  );
}
