import { AI_COIN_RULE } from '../../../schemas/coins/rules';
import type { TBrand } from '../../../schemas/brands';
import type { Query } from '../../db/client';
import { coinsOf, notEnoughCoins } from '../coin-ledger/coin-ledger.service';
import type { Deps } from '../deps';
import { conflict } from '../errors';
import { grantQuota } from './quota.service';

/**
 * activity/user/updateAiCoin: `count` AI uses for AI_COIN_RULE.coinsPerUse coins each. The spend (one conditional
 * statement through deps.coins, ledger reason 'ai') and the AI quota's grant are ONE transaction: either both happen
 * or neither. Coins that do not cover it → "409" naming the coin, what it needs and what the caller has.
 */
export async function exchangeAiCoins(
  deps: Deps,
  userId: number,
  brand: TBrand,
  count: number,
): Promise<{ coin: number; coinName: string; spent: number; aiRemaining: number }> {
  const need = count * AI_COIN_RULE.coinsPerUse;
  const mover = await deps.coins.prepare(deps.database.query, userId, brand.id);
  return deps.database.transaction(async (q: Query) => {
    const now = deps.now();
    const after = await mover.change(q, { userId, brand: brand.id, delta: -need, reason: 'ai', title: `兑换AI次数 ${count} 次`, at: now });
    if (after === null) throw conflict(notEnoughCoins(brand.coinName, need, await coinsOf(q, userId, brand.id)), { reason: 'notEnoughCoins', need });
    const aiRemaining = await grantQuota(q, userId, 'ai', count, now);
    return { coin: after, coinName: brand.coinName, spent: need, aiRemaining };
  });
}
