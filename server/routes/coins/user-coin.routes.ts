import type { FastifyInstance } from 'fastify';
import { userCoinCalls } from '../../../schemas/api/coins';
import { defineCall } from '../../http/define-call';
import { requestBrand } from '../../http/request-info';
import { userCoin } from '../../services/coins/user-coin.service';
import { exchangeAiCoins } from '../../services/money/ai-coin.service';

/** activity/user/getUserCoin and updateAiCoin: the caller's coins on the request's brand (issue 51 item 1). */
export function userCoinRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineCall(app, userCoinCalls.getUserCoin, async (body, { user, request }) => userCoin(deps, user!.id, requestBrand(request), body));
  defineCall(app, userCoinCalls.updateAiCoin, async (body, { user, request }) => exchangeAiCoins(deps, user!.id, requestBrand(request), body.count));
}
