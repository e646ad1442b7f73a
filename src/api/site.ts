import { queryOptions } from '@tanstack/react-query';
import { siteCalls } from '../../schemas/api/site';
import { call } from './client';

/** site/operator: who runs this deployment (the legal pages name it). */
export const operatorQuery = () =>
  queryOptions({ queryKey: ['site', 'operator'] as const, queryFn: () => call(siteCalls.operator, {}, { quiet: true }), staleTime: Infinity, retry: false });

/** site/feedback/*: the site operator reads the help centre's 意见反馈 (the page shows a refusal itself: quiet). */
export const feedbackKeys = { list: (page: number) => ['site', 'feedback', page] as const };
export const FEEDBACK_PAGE_SIZE = 50;
export const feedbackListQuery = (page: number) =>
  queryOptions({
    queryKey: feedbackKeys.list(page),
    queryFn: () => call(siteCalls.feedbackList, { pageNum: page, pageSize: FEEDBACK_PAGE_SIZE }, { quiet: true }),
    retry: false,
  });
export const handleFeedback = (feedbackId: string) => call(siteCalls.feedbackHandle, { feedbackId }, { quiet: true });
