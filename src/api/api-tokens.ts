import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiTokenCalls, type ZCreateApiTokenRequest } from '../../schemas/api/api-tokens';
import { call } from './client';

/** The account page's API 令牌 (schemas/api/api-tokens.ts). */
export const apiTokenKeys = { list: () => ['user', 'apiTokens'] as const };
export const getApiTokenList = () => call(apiTokenCalls.getApiTokenList, {});
export const createApiToken = (body: z.input<typeof ZCreateApiTokenRequest>) => call(apiTokenCalls.createApiToken, body, { quiet: true });
export const revokeApiToken = (tokenId: number) => call(apiTokenCalls.revokeApiToken, { tokenId });
export const apiTokenListQuery = () => queryOptions({ queryKey: apiTokenKeys.list(), queryFn: getApiTokenList });
