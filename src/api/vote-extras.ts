import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  voteDownloadCalls,
  voteExtraCalls,
  voteTemplateCalls,
  voteWhiteCalls,
  type TVoteExport,
  type ZCommentListRequest,
  type ZSaveMusicRequest,
  type ZTemplatePageRequest,
  type ZWhiteSettingRequest,
} from '../../schemas/api/vote-extras';
import { currentBrand } from '../app/brand';
import { call } from './client';

/** The vote's extras (spec §7 "Votes"): templates, whitelist, music, comments and the export jobs of 我的下载. */

export const getPageWxAppletTemplate = (body: z.input<typeof ZTemplatePageRequest>) => call(voteTemplateCalls.getPageWxAppletTemplate, body);
export const getWxAppletTemplate = (templateId: string) => call(voteTemplateCalls.getWxAppletTemplate, { templateId });
/** A new vote from a template: cover, rules, player types and players come with it. */
export const getTemplateByVoteId = (templateId: string) =>
  call(voteTemplateCalls.getTemplateByVoteId, { templateId, appletSource: currentBrand().appletSource });
export const getAppletCode = (voteId: string) => call(voteTemplateCalls.getAppletCode, { voteId, appletSource: currentBrand().appletSource });

export const getWhiteSetting = (voteId: string) => call(voteWhiteCalls.getWhiteSetting, { voteId });
export const updateWhiteSetting = (body: z.input<typeof ZWhiteSettingRequest>) => call(voteWhiteCalls.updateWhiteSetting, body);
export const batchAddWhite = (voteId: string, text: string) => call(voteWhiteCalls.batchAddWhite, { voteId, text });

export const getMusicList = () => call(voteExtraCalls.getMusicList, {});
export const getMusicByVoteId = (voteId: string) => call(voteExtraCalls.getMusicByVoteId, { voteId });
export const saveOrUpdateMusic = (body: z.input<typeof ZSaveMusicRequest>) => call(voteExtraCalls.saveOrUpdateMusic, body);

export const getCommentList = (body: z.input<typeof ZCommentListRequest>) => call(voteExtraCalls.getCommentList, { ...body, manage: true });
export const getCommentShow = (voteId: string, commentIds: string[], show: boolean) => call(voteExtraCalls.getCommentShow, { voteId, commentIds, show });

const DOWNLOADS: Record<TVoteExport | 'redPacket', keyof typeof voteDownloadCalls> = {
  votingDetail: 'getVotingDetailDownload',
  redPacket: 'getRedParkDownload',
  statisticsPlayer: 'getStatisticsPlayerDownload',
  allVoting: 'getAllVotingDownload',
  playerFile: 'getPlayerFileDownload',
};
/** Queues one of the vote's exports (or its red-envelope payouts); the file appears in 我的下载. */
export const queueVoteDownload = (voteId: string, kind: TVoteExport | 'redPacket') =>
  call(voteDownloadCalls[DOWNLOADS[kind]], { voteId, appletSource: currentBrand().appletSource });

export const voteExtraKeys = {
  templates: (body: z.input<typeof ZTemplatePageRequest>) => ['vote', 'templates', body] as const,
  template: (templateId: string) => ['vote', 'template', templateId] as const,
  white: (voteId: string) => ['vote', voteId, 'white'] as const,
  music: (voteId: string) => ['vote', voteId, 'music'] as const,
  musicList: () => ['vote', 'music-list'] as const,
  comments: (voteId: string, page: number) => ['vote', voteId, 'comments', page] as const,
  qr: (voteId: string) => ['vote', voteId, 'qr'] as const,
};

export const voteTemplatesQuery = (body: z.input<typeof ZTemplatePageRequest>) =>
  queryOptions({ queryKey: voteExtraKeys.templates(body), queryFn: () => getPageWxAppletTemplate(body) });
export const voteTemplateQuery = (templateId: string) =>
  queryOptions({ queryKey: voteExtraKeys.template(templateId), queryFn: () => getWxAppletTemplate(templateId), enabled: Boolean(templateId) });
export const whiteSettingQuery = (voteId: string) => queryOptions({ queryKey: voteExtraKeys.white(voteId), queryFn: () => getWhiteSetting(voteId) });
export const voteMusicQuery = (voteId: string) => queryOptions({ queryKey: voteExtraKeys.music(voteId), queryFn: () => getMusicByVoteId(voteId) });
export const musicListQuery = () => queryOptions({ queryKey: voteExtraKeys.musicList(), queryFn: getMusicList, staleTime: 300_000 });
export const voteCommentsQuery = (voteId: string, page: number, pageSize: number) =>
  queryOptions({ queryKey: voteExtraKeys.comments(voteId, page), queryFn: () => getCommentList({ voteId, page, pageSize }) });
export const appletCodeQuery = (voteId: string) =>
  queryOptions({ queryKey: voteExtraKeys.qr(voteId), queryFn: () => getAppletCode(voteId), enabled: Boolean(voteId) });
export const getVoteRecommendList = () => call(voteTemplateCalls.getVoteRecommendList, {});
export const voteRecommendQuery = () => queryOptions({ queryKey: ['vote', 'recommend'] as const, queryFn: getVoteRecommendList, staleTime: 300_000 });
export const getCommentDel = (voteId: string, commentIds: string[]) => call(voteExtraCalls.getCommentDel, { voteId, commentIds });
export const voteCommentsByStatusQuery = (voteId: string, status: 'pending' | 'shown' | 'hidden' | undefined, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...voteExtraKeys.comments(voteId, page), status ?? 'all', pageSize] as const,
    queryFn: () => getCommentList({ voteId, status, page, pageSize }),
  });
