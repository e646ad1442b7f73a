import { queryOptions } from '@tanstack/react-query';
import { checkInCalls } from '../../schemas/api/checkin';
import type { TRequestOf } from '../../schemas/api/contract';
import { call } from './client';

/** Daily check-in calls of the creator's screen (activity/question/solitaire/*). */
type C = typeof checkInCalls;

export const checkInKeys = { manage: (questionId: string) => ['checkin', questionId, 'manage'] as const };

export const checkInManageQuery = (questionId: string) =>
  queryOptions({
    queryKey: checkInKeys.manage(questionId),
    queryFn: () => call(checkInCalls.getCheckInManage, { questionId }),
    enabled: !!questionId,
    // New check-ins show when the creator comes back to the tab (docs/decisions.md: no live feed for check-ins).
    refetchOnWindowFocus: 'always',
  });

export const saveCheckInSetting = (body: TRequestOf<C['saveCheckInSetting']>) => call(checkInCalls.saveCheckInSetting, body);

/** Queues the check-in record's Excel export (打卡记录 and 成员统计); the file shows in 我的下载. */
export const exportCheckInList = (questionId: string) => call(checkInCalls.exportCheckInList, { questionId });
