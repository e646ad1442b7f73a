import { queryOptions } from '@tanstack/react-query';
import type { TRequestOf } from '../../schemas/api/contract';
import { redPacketCalls } from '../../schemas/api/red-envelope';
import { call } from './client';

/** Red envelope calls (activity/question/redPacket/*): the setup, the review and the prize list. */
type C = typeof redPacketCalls;

export const redPacketKeys = {
  all: (questionId: string) => ['red-packet', questionId] as const,
  view: (questionId: string) => ['red-packet', questionId, 'view'] as const,
  unapproved: (questionId: string, page: number) => ['red-packet', questionId, 'unapproved', page] as const,
  prizes: (questionId: string, body: object) => ['red-packet', questionId, 'prizes', body] as const,
};

export const redPacketQuery = (questionId: string) =>
  queryOptions({ queryKey: redPacketKeys.view(questionId), queryFn: () => call(redPacketCalls.getRedPacket, { questionId }), enabled: !!questionId });

export const unapprovedQuery = (questionId: string, page: number) =>
  queryOptions({
    queryKey: redPacketKeys.unapproved(questionId, page),
    queryFn: () => call(redPacketCalls.getUnapprovedList, { questionId, page, pageSize: 20 }),
    enabled: !!questionId,
  });

export const prizeListQuery = (body: TRequestOf<C['getPrizeList']>) =>
  queryOptions({ queryKey: redPacketKeys.prizes(body.questionId, body), queryFn: () => call(redPacketCalls.getPrizeList, body), enabled: !!body.questionId });

export const saveRedPacket = (body: TRequestOf<C['saveRedPacket']>) => call(redPacketCalls.saveRedPacket, body);
export const payRedPacket = (questionId: string) => call(redPacketCalls.payRedPacket, { questionId });
export const endRedPacket = (questionId: string) => call(redPacketCalls.endRedPacket, { questionId });
export const approveRedPacket = (questionId: string, sheetIds: string[]) => call(redPacketCalls.approveRedPacket, { questionId, sheetIds });
export const rejectRedPacket = (questionId: string, sheetIds: string[]) => call(redPacketCalls.rejectRedPacket, { questionId, sheetIds });
export const retryRedPacket = (questionId: string, sheetIds: string[]) => call(redPacketCalls.retryRedPacket, { questionId, sheetIds });
export const downloadRedPacket = (questionId: string) => call(redPacketCalls.downloadRedPacket, { questionId });
