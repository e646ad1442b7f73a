import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { voteCalls, type ZDetailListRequest, type ZSaveAloneRequest, type ZSaveVoteRequest, type ZVoteListRequest } from '../../schemas/api/vote';
import type { TVoteSettings } from '../../schemas/vote/vote-rules';
import { call } from './client';

/** activity/vote/* (spec §7 "Votes"): the activity, its list and bin, its rules and the vote detail. */

export type TVoteListRequest = z.input<typeof ZVoteListRequest>;
export type TVoteDetailRequest = z.input<typeof ZDetailListRequest>;

export const getVote = (voteId: string) => call(voteCalls.getVote, { voteId });
/** A blank activity from a title (the rules take their defaults). */
export const createVote = (title: string) => call(voteCalls.saveOrUpdateVote, { title });
export const saveVote = (body: z.input<typeof ZSaveVoteRequest>) => call(voteCalls.saveOrUpdateVote, body);
export const saveVoteAlone = (body: z.input<typeof ZSaveAloneRequest>) => call(voteCalls.saveOrUpdateToAloneVote, body);
export const getVoteList = (body: TVoteListRequest) => call(voteCalls.getVoteList, body);
export const getThoroughDelVoteList = (body: { keyword?: string; page?: number; pageSize?: number }) => call(voteCalls.getThoroughDelVoteList, body);
/** start: publish a draft or resume a suspended one; suspend; end. */
export const getVoteSuspendOrStart = (voteId: string, action: 'start' | 'suspend' | 'end') => call(voteCalls.getVoteSuspendOrStart, { voteId, action });
export const getCopeVote = (voteId: string) => call(voteCalls.getCopeVote, { voteId });
/** To the bin, or back from it (restore). */
export const getDelVote = (voteId: string, restore = false) => call(voteCalls.getDelVote, { voteId, restore });
export const getClearVotes = (voteId: string) => call(voteCalls.getClearVotes, { voteId });
export const getThoroughDelVote = (body: { voteId: string } | { all: true }) => call(voteCalls.getThoroughDelVote, body);
export const updateVoteTop = (voteId: string, top: boolean) => call(voteCalls.updateVoteTop, { voteId, top });
export const getVoteSetting = (voteId: string) => call(voteCalls.getVoteSetting, { voteId });
export const saveVoteSetting = (voteId: string, settings: TVoteSettings, version?: number) =>
  call(voteCalls.saveOrUpdateVoteSetting, { voteId, settings, version });
export const getVotingDetailList = (body: TVoteDetailRequest) => call(voteCalls.getVotingDetailList, body);
/** 票数趋势: valid votes per Shanghai hour or day for the `top` players with the most, counted on the server. */
export const getVotingTrendList = (voteId: string, top = 5) => call(voteCalls.getVotingTrendList, { voteId, top });
export const getVotingDetailValid = (voteId: string, detailId: string, valid: boolean) => call(voteCalls.getVotingDetailValid, { voteId, detailId, valid });

export const voteKeys = {
  all: ['vote'] as const,
  lists: () => [...voteKeys.all, 'list'] as const,
  list: (body: TVoteListRequest) => [...voteKeys.lists(), body] as const,
  bin: (body: object) => [...voteKeys.all, 'bin', body] as const,
  one: (voteId: string) => [...voteKeys.all, voteId] as const,
  info: (voteId: string) => [...voteKeys.one(voteId), 'info'] as const,
  details: (voteId: string, body: object) => [...voteKeys.one(voteId), 'details', body] as const,
};

export const voteListQuery = (body: TVoteListRequest) => queryOptions({ queryKey: voteKeys.list(body), queryFn: () => getVoteList(body) });
export const voteBinQuery = (body: { keyword?: string; page: number; pageSize: number }) =>
  queryOptions({ queryKey: voteKeys.bin(body), queryFn: () => getThoroughDelVoteList(body) });
export const voteInfoQuery = (voteId: string) => queryOptions({ queryKey: voteKeys.info(voteId), queryFn: () => getVote(voteId), enabled: Boolean(voteId) });
export const voteDetailsQuery = (body: TVoteDetailRequest) =>
  queryOptions({ queryKey: voteKeys.details(body.voteId, body), queryFn: () => getVotingDetailList(body) });
