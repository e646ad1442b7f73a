import { queryOptions } from '@tanstack/react-query';
import { voteCollectCalls } from '../../schemas/api/vote-extras';
import type { TCollectionKind } from '../../schemas/api/vote-extras-models';
import { call } from './client';

/** 我的收藏 (activity/collect/*): starred templates, votes and players. */

export const collectKeys = {
  all: ['collect'] as const,
  page: (kind: TCollectionKind, page: number, pageSize: number) => ['collect', 'page', kind, page, pageSize] as const,
  template: (questionId: string) => ['collect', 'template', questionId] as const,
};

export const getCollectionPage = (kind: TCollectionKind, page: number, pageSize: number) => call(voteCollectCalls.getCollectionPage, { kind, page, pageSize });
export const collectionPageQuery = (kind: TCollectionKind) => (page: number, pageSize: number) =>
  queryOptions({ queryKey: collectKeys.page(kind, page, pageSize), queryFn: () => getCollectionPage(kind, page, pageSize) });

export const cancelCollections = (collectionIds: string[]) => call(voteCollectCalls.getCollectionCancel, { collectionIds });

/** Whether a template of the template centre is starred (logged-in users only). */
export const templateCollectedQuery = (questionId: string) =>
  queryOptions({
    queryKey: collectKeys.template(questionId),
    queryFn: () => call(voteCollectCalls.getCollectionWhether, { questionId }),
  });
export const setTemplateCollected = (questionId: string, collect: boolean) => call(voteCollectCalls.getCollectionSetting, { questionId, collect });
