import { queryOptions } from '@tanstack/react-query';
import { optionQuotaCalls } from '../../schemas/api/option-quota';
import { getQuotaStatement, reportKeys } from './report';
import { call } from './client';

/** How often /optionsQuota.html reads the fill again while it is open. */
export const QUOTA_REFRESH_MS = 5_000;

/** The quota statement, read again every few seconds (the page's live fill). */
export const liveQuotaQuery = (questionId: string) =>
  queryOptions({
    queryKey: reportKeys.quota(questionId),
    queryFn: () => getQuotaStatement(questionId),
    enabled: Boolean(questionId),
    refetchInterval: QUOTA_REFRESH_MS,
  });

/** A quota's new target; the page shows the refusal (below use) under the field. */
export const updateQuota = (questionId: string, quotaId: string, limit: number) =>
  call(optionQuotaCalls.updateQuota, { questionId, quotaId, limit }, { quiet: true });
