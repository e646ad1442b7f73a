import { queryOptions } from '@tanstack/react-query';
import { spaceCalls } from '../../schemas/api/coins';
import { questionCalls } from '../../schemas/api/question';
import { call } from './client';

/** 互助空间 (issue 51 item 4): the list to answer, my answers, my releases, release and exit. */
export type TSpaceSort = 'reward' | 'new' | 'short';
export const spaceKeys = {
  all: ['space'] as const,
  list: (sort: TSpaceSort, questionType: number, page: number) => ['space', 'list', sort, questionType, page] as const,
  joined: (page: number) => ['space', 'joined', page] as const,
  released: (page: number) => ['space', 'released', page] as const,
  publishable: ['space', 'publishable'] as const,
  coin: ['space', 'coin'] as const,
};

export const spaceListQuery = (sort: TSpaceSort, questionType: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: spaceKeys.list(sort, questionType, page),
    queryFn: () => call(spaceCalls.getSpaceList, { sort, page, pageSize, ...(questionType ? { questionType } : {}) }, { quiet: true }),
  });
export const spaceJoinedQuery = (page: number, pageSize: number) =>
  queryOptions({ queryKey: spaceKeys.joined(page), queryFn: () => call(spaceCalls.getParticipationSpacePage, { page, pageSize }, { quiet: true }) });
export const spaceReleasedQuery = (page: number, pageSize: number) =>
  queryOptions({ queryKey: spaceKeys.released(page), queryFn: () => call(spaceCalls.getReleaseQuestionPage, { page, pageSize }, { quiet: true }) });
/** My published projects, to choose one to release (the dialog keeps to the kinds a space lists). */
export const publishableQuery = () =>
  queryOptions({
    queryKey: spaceKeys.publishable,
    queryFn: () => call(questionCalls.getWxQuestionList, { status: 1, page: 1, pageSize: 100 }, { quiet: true }),
  });

/** The caller's coins on this brand (the list answers them; one row is enough). */
export const spaceCoinQuery = () =>
  queryOptions({ queryKey: spaceKeys.coin, queryFn: () => call(spaceCalls.getSpaceList, { sort: 'new', page: 1, pageSize: 1 }, { quiet: true }) });

export const releaseToSpace = (body: { questionId: string; reward: number; budget: number; minutes: number }) => call(spaceCalls.getSpaceRelease, body);
export const exitSpace = (releaseId: string) => call(spaceCalls.getSpaceExit, { releaseId });
