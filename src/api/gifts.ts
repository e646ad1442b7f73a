import { queryOptions } from '@tanstack/react-query';
import { coinDrawCalls, giftCalls, giftOperatorCalls, type TGiftAddress } from '../../schemas/api/coins';
import type { TGiftExchangeState } from '../../schemas/coins/rules';
import { regionCalls } from '../../schemas/api/region';
import { call } from './client';

/** The gift centre and the coin draw (activity/gift/*, activity/coinDraw/*; issue 51). Every key starts with 'gifts'. */
export const giftKeys = {
  all: ['gifts'] as const,
  gifts: (page: number, pageSize: number) => ['gifts', 'catalogue', page, pageSize] as const,
  exchanges: (page: number, pageSize: number) => ['gifts', 'exchanges', page, pageSize] as const,
  draws: (page: number, pageSize: number) => ['gifts', 'draws', page, pageSize] as const,
  prizes: ['gifts', 'prizes'] as const,
  drawCount: ['gifts', 'drawCount'] as const,
  counts: ['gifts', 'counts'] as const,
  operator: ['gifts', 'operator'] as const,
  operatorPage: (state: string, page: number, pageSize: number) => ['gifts', 'operator', state, page, pageSize] as const,
};

export const giftPageQuery = (page: number, pageSize: number) =>
  queryOptions({ queryKey: giftKeys.gifts(page, pageSize), queryFn: () => call(giftCalls.getWxAppletGiftPage, { page, pageSize }) });
export const exchangePageQuery = (page: number, pageSize: number) =>
  queryOptions({ queryKey: giftKeys.exchanges(page, pageSize), queryFn: () => call(giftCalls.getGiftExchangePage, { page, pageSize }) });
export const drawPageQuery = (page: number, pageSize: number) =>
  queryOptions({ queryKey: giftKeys.draws(page, pageSize), queryFn: () => call(giftCalls.getUserCoinDrawDetailPage, { page, pageSize }) });
export const drawListQuery = () => queryOptions({ queryKey: giftKeys.prizes, queryFn: () => call(coinDrawCalls.getDrawList, {}) });
export const drawCountQuery = () => queryOptions({ queryKey: giftKeys.drawCount, queryFn: () => call(coinDrawCalls.getUserDrawCount, {}) });
export const giftCountQuery = () => queryOptions({ queryKey: giftKeys.counts, queryFn: () => call(giftCalls.getGifCount, {}) });

/** The page shows a refusal (too few coins, sold out) in its own dialog: quiet. */
export const exchangeGift = (giftId: string, address: TGiftAddress) => call(giftCalls.getGiftExchange, { giftId, address }, { quiet: true });
export const updateGiftAddress = (exchangeId: string, address: TGiftAddress) => call(giftCalls.updateGiftAddress, { exchangeId, address }, { quiet: true });
export const drawOnce = () => call(coinDrawCalls.getUserDraw, {}, { quiet: true });

/** 省/市/区 for the address's 所在地区 (question/region/getAreaList; the provinces without a parent). */
export const areaListQuery = (parentCode: string | null) =>
  queryOptions({
    queryKey: ['areas', parentCode ?? 'root'] as const,
    queryFn: () => call(regionCalls.getAreaList, parentCode ? { parentCode } : {}, { quiet: true }),
    staleTime: Infinity,
  });

/** The site operator's shipping (activity/gift/operator/*): a non-operator's "403" is shown by the page, so quiet. */
export type TOperatorFilter = 'all' | TGiftExchangeState;
export const operatorExchangePageQuery = (state: TOperatorFilter) => (page: number, pageSize: number) =>
  queryOptions({
    queryKey: giftKeys.operatorPage(state, page, pageSize),
    queryFn: () => call(giftOperatorCalls.getOperatorExchangePage, { state, page, pageSize }, { quiet: true }),
    retry: false,
  });
export const shipGiftExchange = (exchangeId: string, expressCompany: string, trackingNo: string) =>
  call(giftOperatorCalls.shipGiftExchange, { exchangeId, expressCompany, trackingNo }, { quiet: true });
export const cancelGiftExchange = (exchangeId: string) => call(giftOperatorCalls.cancelGiftExchange, { exchangeId }, { quiet: true });
