import { queryOptions } from '@tanstack/react-query';
import type { TRequestOf } from '../../schemas/api/contract';
import { devCalls } from '../../schemas/api/dev';
import { redPacketCalls } from '../../schemas/api/red-envelope';
import { call } from './client';

/** Red envelope calls (activity/question/redPacket/*): the setup, the review and the prize list, of a project or a vote. */
type C = typeof redPacketCalls;

/** Whose envelope: a project's questionId or a vote's voteId (exactly one). */
export type TRedRef = { questionId: string; voteId?: undefined } | { voteId: string; questionId?: undefined };
const idOf = (ref: TRedRef) => ref.questionId ?? ref.voteId ?? '';

export const redPacketKeys = {
  all: (ref: TRedRef) => ['red-packet', idOf(ref)] as const,
  view: (ref: TRedRef) => ['red-packet', idOf(ref), 'view'] as const,
  unapproved: (ref: TRedRef, page: number) => ['red-packet', idOf(ref), 'unapproved', page] as const,
  prizes: (ref: TRedRef, body: object) => ['red-packet', idOf(ref), 'prizes', body] as const,
};

export const redPacketQuery = (ref: TRedRef) =>
  queryOptions({ queryKey: redPacketKeys.view(ref), queryFn: () => call(redPacketCalls.getRedPacket, ref), enabled: !!idOf(ref) });

export const unapprovedQuery = (ref: TRedRef, page: number) =>
  queryOptions({
    queryKey: redPacketKeys.unapproved(ref, page),
    queryFn: () => call(redPacketCalls.getUnapprovedList, { ...ref, page, pageSize: 20 }),
    enabled: !!idOf(ref),
  });

export const prizeListQuery = (ref: TRedRef, body: Omit<TRequestOf<C['getPrizeList']>, 'questionId' | 'voteId'>) =>
  queryOptions({ queryKey: redPacketKeys.prizes(ref, body), queryFn: () => call(redPacketCalls.getPrizeList, { ...ref, ...body }), enabled: !!idOf(ref) });

export const saveRedPacket = (ref: TRedRef, rule: TRequestOf<C['saveRedPacket']>['rule']) => call(redPacketCalls.saveRedPacket, { ...ref, rule });
export const payRedPacket = (ref: TRedRef) => call(redPacketCalls.payRedPacket, ref);
export const endRedPacket = (ref: TRedRef) => call(redPacketCalls.endRedPacket, ref);
export const approveRedPacket = (ref: TRedRef, sheetIds: string[]) => call(redPacketCalls.approveRedPacket, { ...ref, sheetIds });
export const rejectRedPacket = (ref: TRedRef, sheetIds: string[]) => call(redPacketCalls.rejectRedPacket, { ...ref, sheetIds });
export const retryRedPacket = (ref: TRedRef, sheetIds: string[]) => call(redPacketCalls.retryRedPacket, { ...ref, sheetIds });
export const cancelRedPacket = (ref: TRedRef, sheetIds: string[]) => call(redPacketCalls.cancelRedPacket, { ...ref, sheetIds });
export const downloadRedPacket = (ref: TRedRef) => call(redPacketCalls.downloadRedPacket, ref);

/** The pay sandbox's transfers (/dev/transfers), of one payee or all, newest first. */
export const devTransfersQuery = (payee = '') =>
  queryOptions({ queryKey: ['dev', 'transfers', payee] as const, queryFn: () => call(devCalls.transfers, payee ? { payee, limit: 100 } : { limit: 100 }) });
