import { queryOptions } from '@tanstack/react-query';
import { memberCalls } from '../../schemas/api/member';
import { balancePayCalls, rechargeCalls } from '../../schemas/api/recharge';
import type { TQuotaKind } from '../../schemas/money/catalog';
import { call } from './client';

/**
 * The balance and membership (issue 46): the member levels and the caller's own, recharge orders, the ledger and
 * its totals, purchases from the balance. Refusals are shown by the screens themselves (quiet: no toast as well).
 */
export const moneyKeys = {
  all: ['money'] as const,
  member: ['money', 'member'] as const,
  amount: ['money', 'amount'] as const,
  transactions: (page: number, pageSize: number) => ['money', 'transactions', page, pageSize] as const,
  recharge: (orderNo: string) => ['money', 'recharge', orderNo] as const,
  packages: (kind: TQuotaKind) => ['money', 'packages', kind] as const,
};

export const memberListQuery = () => queryOptions({ queryKey: moneyKeys.member, queryFn: () => call(memberCalls.getMemberList, {}) });
export const transactionAmountQuery = () => queryOptions({ queryKey: moneyKeys.amount, queryFn: () => call(rechargeCalls.getTransactionAmount, {}) });
export const transactionListQuery = (page: number, pageSize: number) =>
  queryOptions({ queryKey: moneyKeys.transactions(page, pageSize), queryFn: () => call(rechargeCalls.getUserTransactionList, { page, pageSize }) });
export const rechargeStatusQuery = (orderNo: string) =>
  queryOptions({
    queryKey: moneyKeys.recharge(orderNo),
    queryFn: () => call(rechargeCalls.getOrderPayAmount, { orderNo }, { quiet: true }),
    enabled: !!orderNo,
    retry: false,
  });

export const saveRecharge = (amountFen: number, method: 'wechat' | 'alipay') => call(rechargeCalls.saveRechargeOrder, { amountFen, method }, { quiet: true });
/** Buys a package or a member plan from the balance, with one of the user's coupons if chosen. */
export const buyFromBalance = (packageId: string, couponCode?: string) =>
  call(balancePayCalls.getBalancePay, couponCode ? { packageId, couponCode } : { packageId }, { quiet: true });

export const rechargeListQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...moneyKeys.all, 'recharges', page, pageSize] as const,
    queryFn: () => call(rechargeCalls.getUserRechargeList, { page, pageSize }),
  });

/** A purchase order: a member plan or package paid straight through a provider (the amount is its price). */
export const startPurchase = (packageId: string, method: 'wechat' | 'alipay') => call(rechargeCalls.saveRechargeOrder, { packageId, method }, { quiet: true });

/** A /buy*.html page's packages of one kind, the balance and what is left of every quota. */
export const packagesQuery = (kind: TQuotaKind) =>
  queryOptions({ queryKey: moneyKeys.packages(kind), queryFn: () => call(rechargeCalls.getBalancePayPack, { kind }) });

/** Each kind's own purchase call (SMS has none of its own in spec §7: the general one, which takes any package). */
const BUY_CALLS = {
  ai: balancePayCalls.getBalancePayAiCoin,
  sms: balancePayCalls.getBalancePay,
  advert: balancePayCalls.getAdvertPay,
  risk: balancePayCalls.getRiskControlPay,
} as const;
/** Buys a package of `kind` from the balance, with one of the user's coupons if chosen. */
export const buyPackage = (kind: TQuotaKind, packageId: string, couponCode?: string) =>
  call(BUY_CALLS[kind], couponCode ? { packageId, couponCode } : { packageId }, { quiet: true });
