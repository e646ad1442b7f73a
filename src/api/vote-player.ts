import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { playerCalls, type ZPlayerListRequest, type ZSavePlayerRequest } from '../../schemas/api/vote-player';
import { call } from './client';

/** activity/player/* (spec §7 "Votes"): groups, players one by one or in batches, review, ranking and statistics. */

export type TPlayerListRequest = z.input<typeof ZPlayerListRequest>;

export const getPlayerList = (body: TPlayerListRequest) => call(playerCalls.getPlayerList, body);
export const getPlayerTypeList = (voteId: string) => call(playerCalls.getPlayerTypeList, { voteId });
export const saveOrUpdateWxPlayerType = (voteId: string, name: string, typeId?: number) =>
  call(playerCalls.saveOrUpdateWxPlayerType, { voteId, name, ...(typeId ? { typeId } : {}) });
export const delWxPlayerType = (voteId: string, typeId: number) => call(playerCalls.delWxPlayerType, { voteId, typeId });
export const saveOrUpdatePlayer = (body: z.input<typeof ZSavePlayerRequest>) => call(playerCalls.saveOrUpdatePlayer, body);
export const delWxPlayer = (voteId: string, playerIds: string[]) => call(playerCalls.delWxPlayer, { voteId, playerIds });
/** Pasted names, one a line; numbers follow the last one. */
export const batchNameAddPlayer = (voteId: string, names: string, typeId: number | null = null) =>
  call(playerCalls.batchNameAddPlayer, { voteId, names, typeId });
/** Rows typed in the page (名称 required). */
export const batchAddPlayerRows = (voteId: string, rows: Array<{ name: string; photo?: string; description?: string; videoUrl?: string }>) =>
  call(playerCalls.batchAddPlayer, { voteId, rows });
/** An .xlsx file (base64) the server reads. */
export const batchAddPlayerXlsx = (voteId: string, xlsx: string) => call(playerCalls.batchAddPlayer, { voteId, xlsx });
export const getPlayerVerify = (voteId: string, playerIds: string[], review: 'approved' | 'rejected') =>
  call(playerCalls.getPlayerVerify, { voteId, playerIds, review });
export const getStatisticsPlayerList = (voteId: string) => call(playerCalls.getStatisticsPlayerList, { voteId });

export const playerKeys = {
  all: (voteId: string) => ['vote', voteId, 'players'] as const,
  list: (body: TPlayerListRequest) => [...playerKeys.all(body.voteId), 'list', body] as const,
  types: (voteId: string) => [...playerKeys.all(voteId), 'types'] as const,
  statistics: (voteId: string) => ['vote', voteId, 'statistics'] as const,
};

export const playerListQuery = (body: TPlayerListRequest) => queryOptions({ queryKey: playerKeys.list(body), queryFn: () => getPlayerList(body) });
export const playerTypesQuery = (voteId: string) => queryOptions({ queryKey: playerKeys.types(voteId), queryFn: () => getPlayerTypeList(voteId) });
export const statisticsQuery = (voteId: string) => queryOptions({ queryKey: playerKeys.statistics(voteId), queryFn: () => getStatisticsPlayerList(voteId) });
