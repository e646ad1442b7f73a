import { BALANCE_MESSAGES, insufficientMessage, type TBalancePayPack, type TPurchaseResult } from '../../../schemas/api/recharge';
import {
  COIN_PACKAGES,
  coinTitle,
  MEMBER_PLANS,
  QUOTA_PACKAGES,
  QUOTA_UNITS,
  purchasableOf,
  type TPurchasable,
  type TQuotaKind,
} from '../../../schemas/money/catalog';
import { priceAfter } from '../../../schemas/money/coupons';
import { COUPON_MESSAGES } from '../../../schemas/api/coupon';
import type { Query } from '../../db/client';
import { coinsOf, exactCoinMover, type CoinMover } from '../coin-ledger/coin-ledger.service';
import { DEFAULT_BRAND, type TBrand } from '../../../schemas/brands';
import { badInput, conflict } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { newOrderNo, withFreshOrderNo } from '../order-no';
import { balanceOf, writeLedger, type BalanceDebit } from './balance.service';
import { couponFor } from './coupon.service';
import { applyMembership, planChange } from './member.service';
import { grantQuota, quotasOf } from './quota.service';

export interface PurchaseOptions {
  /** One of the caller's coupons: the price less its discount (never below 0), the coupon used once. */
  couponCode?: string;
  /** The brand's coin name, for a coin pack's title ("问卷币 100个"). */
  coinName?: string;
  /** The brand (host) the purchase is made on: coins bought land on its account ('wenjuan' when left out). */
  brand?: string;
}

/** The kind a per-kind call sells, or the refusal of an item of another kind. */
function checkKind(item: TPurchasable, only: TQuotaKind | 'coin' | undefined): void {
  if (!only) return;
  if (only === 'coin' ? item.type !== 'coin' : item.type !== 'quota' || item.kind !== only)
    throw badInput(`packageId: 该套餐不是${only === 'coin' ? '虚拟币' : QUOTA_UNITS[only].name}套餐`, 'packageId');
}

/** Coins bought land on the brand's coin account (what the header and the workbench show), in the purchase's transaction, once per order. */
async function grantCoins(
  q: Query,
  mover: CoinMover,
  order: { userId: number; brand: string; coins: number; orderNo: string; title: string; now: Date },
): Promise<number> {
  const after = await mover.change(q, {
    userId: order.userId,
    brand: order.brand,
    delta: order.coins,
    reason: 'buy',
    reference: order.orderNo,
    title: order.title,
    at: order.now,
  });
  return after!;
}

/**
 * A package, a coin pack or a member plan bought from the balance (active/pay/getBalancePay and its per-kind
 * siblings): one transaction uses the named coupon with one conditional statement (deps.coupon), takes the price
 * less its discount with one conditional statement (deps.balance), writes the ledger row with the balance after it,
 * and adds the package to its quota, the coins to the user's, or the plan to the membership. Refused, nothing
 * changes and the coupon stays unused: an unknown package, a package of another kind than the call sells, another
 * user's or a used, expired or unfitting coupon, a balance that does not cover the price (余额不足…), a member plan
 * the current level does not allow.
 */
export async function buyFromBalance(
  deps: Deps,
  user: AuthUser,
  packageId: string,
  only?: TQuotaKind | 'coin',
  options: PurchaseOptions = {},
): Promise<TPurchaseResult> {
  const found = purchasableOf(packageId);
  if (!found) throw badInput(`packageId: ${BALANCE_MESSAGES.packageUnknown}`, 'packageId');
  checkKind(found, only);
  const item = found.type === 'coin' && options.coinName ? { ...found, title: coinTitle(found.coins, options.coinName) } : found;
  const now = deps.now();
  const draw = () => `B${(deps.drawOrderNo ?? newOrderNo)(now)}`;
  const first = draw();
  // A plan the current level does not allow is refused before the balance is looked at (checked again inside).
  if (item.type === 'member') await planChange(deps.database.query, user.id, item, now);
  const coupon = options.couponCode ? await couponFor(deps.database.query, user.id, options.couponCode, item, now) : null;
  const discountFen = coupon ? Math.min(item.priceFen, coupon.discountFen) : 0;
  const taker = await deps.balance.prepare(deps.database, user.id);
  const couponUse = coupon ? await deps.coupon.prepare(deps.database, user.id, coupon.code) : null;
  const brand = options.brand ?? DEFAULT_BRAND;
  const coins = item.type === 'coin' ? await deps.coins.prepare(deps.database.query, user.id, brand) : undefined;
  // A number drawn twice in one second meets the ledgers' unique references: the whole purchase runs again with another.
  return withFreshOrderNo(first, draw, ['balance_ledger_reference_uq', 'coin_ledger_ref_uq'], (orderNo) =>
    deps.database.transaction(async (q) => {
      if (coupon && !(await couponUse!.take(q, user.id, coupon.code, orderNo, now))) throw conflict(COUPON_MESSAGES.used, { reason: 'couponUnusable' });
      return deliver(q, taker, { userId: user.id, brand, coins, item, orderNo, reference: orderNo, now, discountFen, couponCode: coupon?.code ?? null });
    }),
  );
}

/**
 * Inside the caller's transaction: take the item's price (less a coupon's discount) from the balance (refused
 * "409" 余额不足 when it does not cover it), write the ledger row, and add the item to its quota, the coins or the
 * membership. A purchase order's payment calls it right after crediting the paid amount, with the provider's
 * transaction as the reference.
 */
export async function deliver(
  q: Query,
  taker: BalanceDebit,
  order: {
    userId: number;
    /** The brand whose coin account a coin pack fills, and the coin mover prepared for it (exactCoinMover when left out). */
    brand: string;
    coins?: CoinMover;
    item: TPurchasable;
    orderNo: string;
    reference: string;
    now: Date;
    discountFen?: number;
    couponCode?: string | null;
  },
): Promise<TPurchaseResult> {
  const { userId, item, orderNo, now } = order;
  const discountFen = order.discountFen ?? 0;
  const payFen = priceAfter(item.priceFen, discountFen);
  const after = await taker.debit(q, userId, payFen);
  if (after === null) {
    const balanceFen = await balanceOf(q, userId);
    throw conflict(insufficientMessage(balanceFen, payFen), { reason: 'insufficientBalance', balanceFen, priceFen: payFen });
  }
  await writeLedger(q, {
    userId,
    amountFen: 0 - payFen,
    reason: item.type === 'member' ? 'member' : 'package',
    orderNo,
    reference: order.reference,
    title: discountFen > 0 ? `${item.title}（优惠券抵扣 ${(discountFen / 100).toFixed(2)} 元）` : item.title,
    balanceAfterFen: after,
    at: now,
  });
  const base = { orderNo, packageId: item.id, title: item.title, amountFen: payFen, discountFen, couponCode: order.couponCode ?? null, balanceFen: after };
  if (item.type === 'quota')
    return { ...base, coin: null, quota: { kind: item.kind, remaining: await grantQuota(q, userId, item.kind, item.quantity, now) }, member: null };
  if (item.type === 'coin') {
    const coin = await grantCoins(q, order.coins ?? exactCoinMover, { userId, brand: order.brand, coins: item.coins, orderNo, title: item.title, now });
    return { ...base, coin, quota: null, member: null };
  }
  return { ...base, coin: null, quota: null, member: await applyMembership(q, userId, item, now) };
}

/** recharge/getBalancePayPack: the balance, what is left of each quota and the brand's coins, and what the balance buys (of one kind, if asked). */
export async function balancePayPack(query: Query, userId: number, kind: TQuotaKind | undefined, brand: TBrand): Promise<TBalancePayPack> {
  const coinName = brand.coinName;
  return {
    balanceFen: await balanceOf(query, userId),
    quotas: await quotasOf(query, userId),
    packages: QUOTA_PACKAGES.filter((p) => !kind || p.kind === kind),
    memberPlans: kind ? [] : [...MEMBER_PLANS],
    coinPackages: kind ? [] : COIN_PACKAGES.map((p) => ({ ...p, title: coinTitle(p.coins, coinName) })),
    coin: await coinsOf(query, userId, brand.id),
  };
}
