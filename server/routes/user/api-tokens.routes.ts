import type { FastifyInstance } from 'fastify';
import { apiTokenCalls } from '../../../schemas/api/api-tokens';
import { defineCall } from '../../http/define-call';
import { createApiToken, listApiTokens, revokeApiToken } from '../../services/access/api-tokens.service';

/** The account page's API 令牌: list, create (shown once), delete. API tokens themselves cannot make these calls. */
export function apiTokenRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineCall(app, apiTokenCalls.getApiTokenList, async (_b, { user }) => ({ list: await listApiTokens(deps.database, user!.id, deps.now()) }));
  defineCall(app, apiTokenCalls.createApiToken, async (body, { user }) => createApiToken(deps.database, user!.id, body, deps.now()));
  defineCall(app, apiTokenCalls.revokeApiToken, async (body, { user }) => {
    await revokeApiToken(deps.database, user!.id, body.tokenId);
    return null;
  });
}
