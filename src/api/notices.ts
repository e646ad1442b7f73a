import { queryOptions } from '@tanstack/react-query';
import { noticeCalls } from '../../schemas/api/notice';
import { call } from './client';

/** Notices to a project's participants, as the organiser lists them (activity/question/notice/getNoticeList). */
export const noticeKeys = { list: (questionId: string) => ['notices', questionId] as const };

export const noticeListQuery = (questionId: string) =>
  queryOptions({ queryKey: noticeKeys.list(questionId), queryFn: () => call(noticeCalls.getNoticeList, { questionId }), enabled: !!questionId });
