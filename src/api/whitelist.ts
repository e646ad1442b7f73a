import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { questionWhiteCalls, type ZWhitePageRequest, type ZWhiteSettingRequest } from '../../schemas/api/whitelist';
import { call } from './client';

/** 答题白名单 (/whiteUser.html): the creator's list of who may answer a project. */
export const whiteKeys = {
  all: (questionId: string) => ['whitelist', questionId] as const,
  setting: (questionId: string) => ['whitelist', questionId, 'setting'] as const,
  page: (body: z.input<typeof ZWhitePageRequest>) => ['whitelist', body.questionId, 'page', body] as const,
};

export const whiteSettingQuery = (questionId: string) =>
  queryOptions({
    queryKey: whiteKeys.setting(questionId),
    queryFn: () => call(questionWhiteCalls.getWhiteSetting, { questionId }),
    enabled: Boolean(questionId),
  });
export const whitePageQuery = (body: z.input<typeof ZWhitePageRequest>) =>
  queryOptions({ queryKey: whiteKeys.page(body), queryFn: () => call(questionWhiteCalls.getWhitePage, body), enabled: Boolean(body.questionId) });

export const updateWhiteSetting = (body: z.input<typeof ZWhiteSettingRequest>) => call(questionWhiteCalls.updateWhiteSetting, body);
export const batchAddWhite = (questionId: string, lines: string[]) => call(questionWhiteCalls.batchAddWhite, { questionId, lines });
export const importWhite = (questionId: string, xlsx: string) => call(questionWhiteCalls.importWhite, { questionId, xlsx });
export const createWhiteCodes = (questionId: string, count: number) => call(questionWhiteCalls.createWhiteCodes, { questionId, count });
export const batchDelWhite = (questionId: string, body: { whiteIds?: string[]; all?: true }) => call(questionWhiteCalls.batchDelWhite, { questionId, ...body });
export const exportWhite = (questionId: string) => call(questionWhiteCalls.exportWhite, { questionId });
