import { queryOptions } from '@tanstack/react-query';
import { resultQueryCalls, type TQueryRequest } from '../../schemas/api/result-query';
import { call } from './client';

/** 结果查询 (/activityquery.html): the page shows its own refusals, so the calls are quiet. */
export const queryFormQuery = (questionId: string) =>
  queryOptions({
    queryKey: ['result-query', 'form', questionId],
    queryFn: () => call(resultQueryCalls.getQueryForm, { questionId }, { quiet: true }),
    retry: false,
  });
export const sendQuerySms = (questionId: string, phone: string) => call(resultQueryCalls.sendQuerySms, { questionId, phone }, { quiet: true });
export const queryResult = (body: TQueryRequest) => call(resultQueryCalls.queryResult, body, { quiet: true });
