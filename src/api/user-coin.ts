import { queryOptions } from '@tanstack/react-query';
import { userCoinCalls } from '../../schemas/api/coins';
import type { TCoinReason } from '../../schemas/coins/rules';
import { balancePayCalls, rechargeCalls } from '../../schemas/api/recharge';
import { call } from './client';

/** The caller's coins on this brand (activity/user/getUserCoin, updateAiCoin) and coin packs bought from the balance. */
export interface TCoinFilter {
  reason?: TCoinReason;
  direction?: 'in' | 'out';
  from?: string;
  to?: string;
}

export const userCoinKeys = {
  all: ['userCoin'] as const,
  ledger: (filter: TCoinFilter, page: number, pageSize: number) => ['userCoin', 'ledger', filter, page, pageSize] as const,
  packs: ['userCoin', 'packs'] as const,
};

/** One page of the ledger with the balance and totals, filtered (undefined filters left out). */
export const userCoinQuery = (filter: TCoinFilter) => (page: number, pageSize: number) =>
  queryOptions({
    queryKey: userCoinKeys.ledger(filter, page, pageSize),
    queryFn: () => call(userCoinCalls.getUserCoin, { ...filter, page, pageSize }),
  });

/** The coin packs (named by the brand's coin) and the balance that pays for them. */
export const coinPacksQuery = () => queryOptions({ queryKey: userCoinKeys.packs, queryFn: () => call(rechargeCalls.getBalancePayPack, {}) });

/** Quiet: the dialogs show the refusal (金币不足…, 余额不足…) next to their button. */
export const exchangeAiCoins = (count: number) => call(userCoinCalls.updateAiCoin, { count }, { quiet: true });
export const buyCoinPack = (packageId: string) => call(balancePayCalls.getBalancePayCoin, { packageId }, { quiet: true });
